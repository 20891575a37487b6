import type { AddressInfo } from 'node:net';
import type { StaleResource } from '@batchwise/domain';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../plugins/authenticate';

export interface SseFrame {
  id?: string;
  data: { type: string; stale?: StaleResource[]; data?: unknown };
}

/** The app's address, listening on a free port first if it is not yet. */
export async function urlOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export const sessionHeaders = (cookie: string | undefined): Record<string, string> =>
  cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {};

// Only a safety net for a test that would otherwise hang: tests wait on frames and on the end.
const SAFETY_MS = 20_000;

/**
 * A browser tab's `/api/events` stream over real HTTP. Resolves once the server's first bytes
 * arrived: the server subscribes before it writes them, so anything published afterwards reaches
 * the stream. A refused stream comes back with its status and body and no frames.
 */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/events`, { headers, signal: controller.signal });
  const frames: SseFrame[] = [];
  const listeners = new Set<() => void>();
  if (!response.ok) {
    return {
      status: response.status,
      response,
      body: (await response.json()) as { error: { code: string; message: string; params?: unknown } },
      frames,
      ended: () => Promise.resolve(),
      close: () => controller.abort(),
      waitFor: () => Promise.reject(new Error(`stream refused: ${response.status}`)),
    };
  }
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let finished = false;
  const first = await reader.read();
  const consume = (chunk: Uint8Array | undefined) => {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) frames.push({ id, data: JSON.parse(data) });
      end = buffer.indexOf('\n\n');
    }
    for (const listener of listeners) listener();
  };
  consume(first.value);
  const ended = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        consume(chunk.value);
      }
    } catch {
      // aborted by the test
    } finally {
      finished = true;
      for (const listener of listeners) listener();
    }
  })();

  /** The first frame (already received or still to come) that matches; fails if the stream ends first. */
  const waitFor = (match: (frame: SseFrame) => boolean): Promise<SseFrame> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error('no such frame arrived')), SAFETY_MS);
      const check = () => {
        const found = frames.find(match);
        if (found) done(undefined, found);
        else if (finished) done(new Error('the stream ended first'));
      };
      const done = (error?: Error, frame?: SseFrame) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolve(frame!);
      };
      listeners.add(check);
      check();
    });

  return {
    status: response.status,
    response,
    body: undefined,
    frames,
    /** Resolves when the stream ends (the server closed it, or the test did). */
    ended: () => {
      let timer: NodeJS.Timeout | undefined;
      const safety = new Promise<void>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the stream is still open')), SAFETY_MS);
      });
      return Promise.race([ended, safety]).finally(() => clearTimeout(timer));
    },
    close: () => controller.abort(),
    waitFor,
  };
}

export type OpenStream = Awaited<ReturnType<typeof openStream>>;

/** Polls a condition about stored state until it holds (the safety net fails the test instead of hanging). */
export async function until(condition: () => Promise<boolean> | boolean, what = 'condition'): Promise<void> {
  const give = Date.now() + SAFETY_MS;
  while (!(await condition())) {
    if (Date.now() > give) throw new Error(`${what} never held`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
