import type { AddressInfo } from 'node:net';
import type { StaleResource } from '@batchwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';

type Ctx = Awaited<ReturnType<typeof testApp>>;

async function listen(ctx: Ctx): Promise<string> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

/** Opens an SSE stream and collects its `data:` frames until `count` arrive or time runs out. */
async function readEvents(url: string, count: number, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/events`, { headers, signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const frames: { id: string; data: { type: string; stale?: StaleResource[]; data?: unknown } }[] = [];
  let buffer = '';
  const ready = reader.read().then(function pump(chunk): Promise<void> | undefined {
    if (chunk.done) return;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (id && data) frames.push({ id, data: JSON.parse(data) });
      end = buffer.indexOf('\n\n');
    }
    if (frames.length >= count) return;
    return reader.read().then(pump);
  });
  return {
    frames,
    done: Promise.race([ready, new Promise((r) => setTimeout(r, 5000))]).then(() => controller.abort()),
  };
}

/** Waits until the server has registered the stream's subscription (the first bytes arrived). */
const settle = () => new Promise((r) => setTimeout(r, 150));

describe.each(DIALECTS)('live updates [%s]', (dialect) => {
  let database: TestDatabase;
  let a: Ctx;
  let b: Ctx;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    a = await testApp(database);
    // On PostgreSQL, b is a second API process sharing the database: events cross between them.
    b = dialect === 'postgres' ? await testApp(database) : a;
  });
  afterAll(async () => {
    await a.close();
    if (b !== a) await b.close();
    await database.drop();
  });

  it('delivers an event published on one instance to a stream on the other', async () => {
    const urlB = await listen(b);
    const stream = await readEvents(urlB, 1);
    await settle();
    await a.deps.events.publish({ channel: 'public', type: 'news.published', stale: [{ resource: 'news' }] });
    await stream.done;
    expect(stream.frames.map((f) => f.data)).toEqual([
      { type: 'news.published', stale: [{ resource: 'news' }] },
    ]);
  });

  it('does not deliver events of channels the stream does not listen to', async () => {
    const url = a.app.server.listening
      ? `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`
      : await listen(a);
    const stream = await readEvents(url, 1);
    await settle();
    await b.deps.events.publish({ channel: 'user:someone-else', type: 'private.thing' });
    await b.deps.events.publish({ channel: 'public', type: 'after' });
    await stream.done;
    expect(stream.frames.map((f) => f.data.type)).toEqual(['after']);
  });

  it('delivers events published in the same turn to the other instance in order', async () => {
    const url = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    const stream = await readEvents(url, 4);
    await settle();
    const types = ['first', 'second', 'third', 'fourth'];
    await Promise.all(types.map((type) => b.deps.events.publish({ channel: 'public', type })));
    await stream.done;
    expect(stream.frames.map((f) => f.data.type)).toEqual(types);
  });

  it('replays what a reconnecting stream missed after Last-Event-ID', async () => {
    const first = await a.deps.events.publish({ channel: 'public', type: 'one' });
    await b.deps.events.publish({ channel: 'public', type: 'two' });
    await b.deps.events.publish({ channel: 'public', type: 'three' });
    await settle(); // NOTIFY reaches the other process asynchronously
    const url = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    const stream = await readEvents(url, 2, { 'last-event-id': first.id });
    await stream.done;
    expect(stream.frames.map((f) => f.data.type)).toEqual(['two', 'three']);
  });
});

describe('live-update channels of signed-in users', () => {
  let database: TestDatabase;
  let ctx: Ctx;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    ctx = await testApp(database);
  });
  afterAll(async () => {
    await ctx.close();
    await database.drop();
  });

  it("delivers an account's events to its teacher and not to another institution", async () => {
    const a = await signUp(ctx.app, ctx.deps);
    const b = await signUp(ctx.app, ctx.deps);
    const url = await listen(ctx);
    const streamA = await readEvents(url, 1, { cookie: `bw_session=${a.client.cookie}` });
    const streamB = await readEvents(url, 1, { cookie: `bw_session=${b.client.cookie}` });
    await settle();
    await ctx.deps.events.publish({
      channel: `account:${a.accountId}`,
      type: 'student.changed',
      stale: [{ resource: 'students' }],
    });
    await ctx.deps.events.publish({ channel: `user:${b.userId}`, type: 'for-b' });
    await Promise.all([streamA.done, streamB.done]);
    expect(streamA.frames.map((f) => f.data.type)).toEqual(['student.changed']);
    expect(streamB.frames.map((f) => f.data.type)).toEqual(['for-b']);
  });

  it('refuses live updates to an account flagged for suspicious traffic', async () => {
    const a = await signUp(ctx.app, ctx.deps);
    await ctx.deps.db.kysely
      .updateTable('users')
      .set({ suspicious_at: Date.now() })
      .where('id', '=', a.userId)
      .execute();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/events',
      cookies: { bw_session: a.client.cookie! },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_SUSPICIOUS');
  });
});
