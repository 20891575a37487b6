import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { signUp } from '../../test/factories';
import { type OpenStream, openStream, sessionHeaders, until, urlOf } from '../../test/sse';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';
import { STREAM_LIMITS } from './stream-registry';

type App = Awaited<ReturnType<typeof testApp>>;

// Two API processes on one database, as in production: the limits count the streams of both.
describe.each(DIALECTS)('live-update stream limits [%s]', (dialect) => {
  let database: TestDatabase;
  let a: App;
  let b: App;
  let urls: [string, string];
  const streams: OpenStream[] = [];

  const open = async (url: string, cookie?: string) => {
    const stream = await openStream(url, sessionHeaders(cookie));
    streams.push(stream);
    return stream;
  };
  const leases = async () =>
    (await a.deps.db.kysely.selectFrom('event_streams').select('id').execute()).length;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    a = await testApp(database, { SSE_HEARTBEAT_MS: '1000' });
    b = await testApp(database, { SSE_HEARTBEAT_MS: '1000' });
    urls = [await urlOf(a.app), await urlOf(b.app)];
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await until(async () => (await leases()) === 0, 'every lease given back');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('refuses one stream too many of a user with 429, counting the streams of both servers', async () => {
    const t = await signUp(a.app, a.deps);
    for (let i = 0; i < STREAM_LIMITS.perUser; i++) {
      expect((await open(urls[i % 2]!, t.client.cookie)).status).toBe(200);
    }
    for (const url of urls) {
      const refused = await open(url, t.client.cookie);
      expect(refused.status).toBe(429);
      expect(refused.response.headers.get('retry-after')).toBe('30');
      expect(refused.body?.error).toMatchObject({
        code: 'LIVE_UPDATES_USER_LIMIT',
        params: { max: STREAM_LIMITS.perUser },
      });
    }
    // Another user is not held back by this one's tabs.
    const other = await signUp(a.app, a.deps);
    expect((await open(urls[0], other.client.cookie)).status).toBe(200);

    // A closed tab gives its place back.
    streams[0]!.close();
    await until(async () => (await leases()) === STREAM_LIMITS.perUser, 'the closed stream given back');
    expect((await open(urls[1], t.client.cookie)).status).toBe(200);
  });

  it('refuses one anonymous stream too many from one address; signed-in people there are counted per user', async () => {
    for (let i = 0; i < STREAM_LIMITS.perIp; i++) expect((await open(urls[i % 2]!)).status).toBe(200);
    const anonymous = await open(urls[0]);
    expect(anonymous.status).toBe(429);
    expect(anonymous.body?.error.code).toBe('LIVE_UPDATES_IP_LIMIT');
    // Behind the same carrier NAT or school router, a signed-in user still gets their stream.
    const t = await signUp(a.app, a.deps);
    expect((await open(urls[1], t.client.cookie)).status).toBe(200);
  });

  it("counts another process's streams while their lease lasts, and not after (a crashed process)", async () => {
    const t = await signUp(a.app, a.deps);
    const now = Date.now();
    const lease = (expiresAt: number) => ({
      id: newId(now),
      instance_id: 'crashed-process',
      user_id: t.userId,
      ip: '10.0.0.9',
      opened_at: now - 60_000,
      expires_at: expiresAt,
    });
    const rows = Array.from({ length: STREAM_LIMITS.perUser }, () => lease(now - 1));
    await a.deps.db.kysely.insertInto('event_streams').values(rows).execute();
    expect((await open(urls[0], t.client.cookie)).status).toBe(200);

    await a.deps.db.kysely
      .updateTable('event_streams')
      .set({ expires_at: now + 60_000 })
      .where('instance_id', '=', 'crashed-process')
      .execute();
    expect((await open(urls[1], t.client.cookie)).status).toBe(429);
    await a.deps.db.kysely.deleteFrom('event_streams').where('instance_id', '=', 'crashed-process').execute();
  });

  it('renews the lease of an open stream on the heartbeat', async () => {
    const t = await signUp(a.app, a.deps);
    await open(urls[0], t.client.cookie);
    const expiry = async () =>
      (
        await a.deps.db.kysely
          .selectFrom('event_streams')
          .select('expires_at')
          .where('user_id', '=', t.userId)
          .executeTakeFirstOrThrow()
      ).expires_at;
    const first = await expiry();
    await until(async () => (await expiry()) > first, 'the lease renewed');
  });
});
