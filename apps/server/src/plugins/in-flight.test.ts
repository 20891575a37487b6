import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DIALECTS, freshDatabase, type TestDatabase, testDeps } from '../test/test-deps';

// Shutting down while a handler still runs for a client that hung up: the app's close waits for
// the handler, so the database it reads and writes is still open until it ends.

describe.each(DIALECTS)('closing the app with a handler in flight [%s]', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
  });

  it('waits for a handler whose client hung up before the database closes', async () => {
    database = await freshDatabase(dialect);
    const deps = await testDeps(database);
    const app = await buildApp(deps);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const outcome: { users?: number; error?: unknown } = {};
    // A slow answer (a report, a save): it is told to go on only once the app is closing.
    app.route({
      method: 'GET',
      url: '/api/test/slow-answer',
      config: { access: 'public' },
      handler: async () => {
        started();
        await gate;
        try {
          outcome.users = (await deps.db.kysely.selectFrom('users').select('id').execute()).length;
        } catch (error) {
          outcome.error = error;
        }
        return { done: true };
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    const hangUp = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}/api/test/slow-answer`, {
      signal: hangUp.signal,
    }).catch((error: unknown) => error);
    await running;
    hangUp.abort();
    expect(await request).toBeInstanceOf(Error);

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    // No connection is left, yet the close waits while the handler does.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    release();
    await closing;
    await deps.close();
    expect(outcome).toEqual({ users: 0 });
  });
});
