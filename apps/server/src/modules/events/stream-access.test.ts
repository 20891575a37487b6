import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { TestClient } from '../../test/http';
import { assistantWithGrant, clientFor } from '../../test/school';
import { openStream, sessionHeaders, until, urlOf } from '../../test/sse';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';

type App = Awaited<ReturnType<typeof testApp>>;

// Streams are served by `a`; `b` is a second API process on the same database. On PostgreSQL
// events cross between processes (LISTEN/NOTIFY); on SQLite each process has its own bus, so what
// `b` does reaches `a`'s streams when they next check their caller: on their heartbeat, 1 s here.
describe.each(DIALECTS)('a live-update stream lasts only as long as its access [%s]', (dialect) => {
  let database: TestDatabase;
  let a: App;
  let b: App;
  let url: string;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    a = await testApp(database, { SSE_HEARTBEAT_MS: '1000' });
    b = await testApp(database, { SSE_HEARTBEAT_MS: '1000' });
    url = await urlOf(a.app);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  const leasesOf = async (userId: string) =>
    (await a.deps.db.kysely.selectFrom('event_streams').select('id').where('user_id', '=', userId).execute())
      .length;

  it('signing out ends the open stream, on this server and from another one', async () => {
    const here = await signUp(a.app, a.deps);
    const stream = await openStream(url, sessionHeaders(here.client.cookie));
    expect(stream.status).toBe(200);
    expect((await here.client.post('/api/auth/sign-out')).statusCode).toBe(200);
    await stream.ended();
    // The tab is told to look at its session (it is signed out) before the stream closes.
    expect(stream.frames.at(-1)?.data).toEqual({ type: 'session.ended', stale: [{ resource: 'session' }] });
    await until(async () => (await leasesOf(here.userId)) === 0, 'the lease given back');

    const there = await signUp(a.app, a.deps);
    const other = await openStream(url, sessionHeaders(there.client.cookie));
    const signOut = await new TestClient(b.app, there.client.cookie).post('/api/auth/sign-out');
    expect(signOut.statusCode).toBe(200);
    await other.ended();
  });

  it('revoking every session of a user (a password change, a disabled account) ends all their streams', async () => {
    const t = await signUp(a.app, a.deps);
    const laptop = await openStream(url, sessionHeaders(t.client.cookie));
    const phone = await openStream(url, sessionHeaders((await clientFor(a.app, a.deps, t.userId)).cookie));
    await b.deps.sessions.revokeAllForUser(t.userId);
    await Promise.all([laptop.ended(), phone.ended()]);
  });

  it('a user disabled in the database gets no further private event: the stream ends instead', async () => {
    const t = await signUp(a.app, a.deps);
    const stream = await openStream(url, sessionHeaders(t.client.cookie));
    await b.deps.db.kysely
      .updateTable('users')
      .set({ disabled_at: Date.now() })
      .where('id', '=', t.userId)
      .execute();
    await a.deps.events.publish({ channel: `account:${t.accountId}`, type: 'secret' });
    await stream.ended();
    expect(stream.frames.map((f) => f.data.type)).not.toContain('secret');
  });

  it("removing an assistant's grant stops that account's events reaching the assistant", async () => {
    const teacher = await signUp(a.app, a.deps);
    const assistantId = await assistantWithGrant(a.deps, teacher.accountId);
    const assistant = await clientFor(a.app, a.deps, assistantId);
    const stream = await openStream(url, sessionHeaders(assistant.cookie));
    await a.deps.events.publish({ channel: `account:${teacher.accountId}`, type: 'before' });
    await stream.waitFor((f) => f.data.type === 'before');

    const grant = await a.deps.db.kysely
      .selectFrom('moderators')
      .select('id')
      .where('user_id', '=', assistantId)
      .executeTakeFirstOrThrow();
    const removed = await new TestClient(b.app, teacher.client.cookie).request({
      method: 'DELETE',
      url: `/api/accounts/${teacher.accountId}/assistants/${grant.id}`,
    });
    expect(removed.statusCode).toBe(200);
    await a.deps.events.publish({ channel: `account:${teacher.accountId}`, type: 'after' });
    await a.deps.events.publish({ channel: `user:${assistantId}`, type: 'marker' });
    await stream.waitFor((f) => f.data.type === 'marker');
    const types = stream.frames.map((f) => f.data.type);
    expect(types).not.toContain('after');
    // The assistant is still signed in: the stream goes on, and the tab refreshes its accounts.
    expect(types).toContain('access.changed');
    stream.close();
  });
});
