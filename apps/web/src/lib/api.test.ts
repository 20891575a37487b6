import { CSRF_HEADER } from '@batchwise/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, NETWORK_ERROR, toApiError } from './api';

describe('toApiError', () => {
  it('takes code and message from the server error shape', () => {
    const error = toApiError(409, {
      error: { code: 'DUPLICATE_PHONE', message: 'This phone is already used.' },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect({ code: error.code, message: error.message, status: error.status }).toEqual({
      code: 'DUPLICATE_PHONE',
      message: 'This phone is already used.',
      status: 409,
    });
  });

  it.each([undefined, 'Bad Gateway', { error: 'nope' }, { error: { code: '' } }, []])(
    'falls back to the status when the body is %j',
    (body) => {
      const error = toApiError(502, body);
      expect(error.code).toBe('HTTP_502');
      expect(error.status).toBe(502);
    },
  );
});

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  const respond = (status: number, body?: string) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body ?? null, { status })),
    );

  it('returns parsed JSON and sends same-origin credentials', async () => {
    respond(200, '{"ok":true}');
    await expect(apiFetch('/api/x')).resolves.toEqual({ ok: true });
    expect(vi.mocked(fetch).mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin', method: 'GET' });
  });

  it('sends a JSON body', async () => {
    respond(200, '{}');
    await apiFetch('/api/x', { method: 'POST', body: { a: 1 } });
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('returns undefined for 204', async () => {
    respond(204);
    await expect(apiFetch('/api/x')).resolves.toBeUndefined();
  });

  it('throws ApiError with the server code', async () => {
    respond(401, '{"error":{"code":"UNAUTHENTICATED","message":"Sign in first"}}');
    await expect(apiFetch('/api/session')).rejects.toMatchObject({
      name: 'ApiError',
      code: 'UNAUTHENTICATED',
      message: 'Sign in first',
      status: 401,
    });
  });

  it('turns a failed connection into NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ code: NETWORK_ERROR, status: 0 });
  });
});

describe('CSRF header and error params', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the CSRF header on writes only', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    await apiFetch('/api/x');
    await apiFetch('/api/x', { method: 'POST', body: {} });
    await apiFetch('/api/x', { method: 'DELETE' });
    const headers = vi.mocked(fetch).mock.calls.map((call) => call[1]?.headers as Record<string, string>);
    expect(headers[0]?.[CSRF_HEADER]).toBeUndefined();
    expect(headers[1]?.[CSRF_HEADER]).toBe('1');
    expect(headers[2]?.[CSRF_HEADER]).toBe('1');
  });

  it('keeps the message params of an error', () => {
    const error = toApiError(400, {
      error: { code: 'PASSWORD_TOO_SHORT', message: 'm', params: { min: 8, bad: { x: 1 } } },
    });
    expect(error.params).toEqual({ min: 8 });
  });
});
