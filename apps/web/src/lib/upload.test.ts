import { CSRF_HEADER } from '@batchwise/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { uploadFile } from './upload';

type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/** Just enough of XMLHttpRequest to drive an upload from the test. */
class FakeXhr {
  static last: FakeXhr;
  headers: Record<string, string> = {};
  listeners: Record<string, () => void> = {};
  uploadListeners: Record<string, Listener> = {};
  upload = {
    addEventListener: (type: string, listener: Listener) => (this.uploadListeners[type] = listener),
  };
  status = 0;
  responseText = '';
  withCredentials = false;
  method = '';
  url = '';
  body: unknown;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = listener;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.listeners.abort?.();
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.listeners.load?.();
  }
}

describe('uploadFile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts multipart with the CSRF header and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const pending = uploadFile<{ avatarUrl: string }>('/api/me/avatar', new Blob(['x']), {
      onProgress: (percent) => progress.push(percent),
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/api/me/avatar', true]);
    expect(xhr.headers[CSRF_HEADER]).toBe('1');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(Blob);
    xhr.uploadListeners.progress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.respond(200, '{"avatarUrl":"/media/a.png"}');
    await expect(pending).resolves.toEqual({ avatarUrl: '/media/a.png' });
    expect(progress).toEqual([25, 100]);
  });

  it('turns an error answer into an ApiError with the server code', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = uploadFile('/api/me/avatar', new Blob(['x']));
    FakeXhr.last.respond(413, '{"error":{"code":"PICTURE_TOO_LARGE","message":"big","params":{"max":5}}}');
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'PICTURE_TOO_LARGE', status: 413, params: { max: 5 } });
  });
});
