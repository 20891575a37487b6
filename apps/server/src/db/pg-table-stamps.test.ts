import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/factories';
import { addStudent } from '../test/school';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../test/test-deps';
import { PgTableStamps } from './pg-table-stamps';

type App = Awaited<ReturnType<typeof testApp>>;

// What moves PostgreSQL's stamps (migration 0075): every committed change to a stamped table, once
// per transaction, and nothing else, so the session and scope caches are dropped exactly when they
// must be (CACHING.md). The cross-process outcomes are in modules/auth/shared-database.test.ts.
describe.skipIf(!DIALECTS.includes('postgres'))('PostgreSQL table stamps', () => {
  let database: TestDatabase;
  let server: App;
  let stamps: PgTableStamps;
  const stampOf = async (tables: readonly string[]) => {
    // A later turn: a read shared by the requests of one turn is not what is tested here.
    await new Promise((resolve) => setImmediate(resolve));
    return stamps.stamp(tables);
  };

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    server = await testApp(database);
    stamps = new PgTableStamps(server.deps.db.kysely);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("moves the sessions stamp for a revocation, not for a session's last-seen time", async () => {
    const { userId } = await signUp(server.app, server.deps);
    const db = server.deps.db.kysely;
    const before = await stampOf(['sessions', 'users']);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: Date.now() })
      .where('user_id', '=', userId)
      .execute();
    expect(await stampOf(['sessions', 'users'])).toBe(before);
    await db.updateTable('sessions').set({ revoked_at: Date.now() }).where('user_id', '=', userId).execute();
    expect(await stampOf(['sessions', 'users'])).not.toBe(before);
  });

  it('moves each table written once per transaction, at its commit, and no table that was not', async () => {
    const { accountId } = await signUp(server.app, server.deps);
    const db = server.deps.db.kysely;
    const read = async () =>
      db.selectFrom('cache_stamps').select(['accounts', 'classrooms', 'sessions']).executeTakeFirstOrThrow();
    const before = await read();
    await db.transaction().execute(async (trx) => {
      for (const name of ['One', 'Two', 'Three']) {
        await trx.updateTable('accounts').set({ institution: name }).where('id', '=', accountId).execute();
      }
      // Not committed yet: other connections still see the old stamp.
      expect((await read()).accounts).toBe(before.accounts);
    });
    const after = await read();
    expect(after.accounts).toBe(before.accounts + 1);
    expect(after.classrooms).toBe(before.classrooms);
    expect(after.sessions).toBe(before.sessions);

    await db
      .updateTable('students')
      .set({ institution: 'Elsewhere' })
      .where('account_id', '=', accountId)
      .execute();
    expect(await read()).toEqual(after);
  });

  it('answers one request from the stamps read when it began', async () => {
    const { userId } = await signUp(server.app, server.deps);
    const request = {};
    stamps.begin(request);
    const first = await stamps.stamp(['users'], request);
    await server.deps.db.kysely
      .updateTable('users')
      .set({ name: 'Renamed' })
      .where('id', '=', userId)
      .execute();
    const principal = {};
    stamps.carry(request, principal);
    expect(await stamps.stamp(['users'], principal)).toBe(first);
    expect(await stampOf(['users'])).not.toBe(first);
  });

  it('reads the list versions of the accounts its requests named, with the stamps', async () => {
    const one = await signUp(server.app, server.deps);
    await addStudent(one.client, one.accountId, { name: 'Rafi Islam' });
    const two = await signUp(server.app, server.deps);
    const db = server.deps.db.kysely;
    const version = async (accountId: string) =>
      Number(
        (
          await db
            .selectFrom('list_versions')
            .select('version')
            .where('account_id', '=', accountId)
            .executeTakeFirst()
        )?.version ?? 0,
      );
    await db
      .updateTable('students')
      .set({ name: 'Moved On' })
      .where('account_id', '=', one.accountId)
      .execute();
    await new Promise((resolve) => setImmediate(resolve));
    // Two requests of one turn, about two accounts, and one about none: one reading answers all.
    const [a, b, c] = [{}, {}, {}];
    stamps.begin(a, one.accountId);
    stamps.begin(b, two.accountId);
    stamps.begin(c);
    const rows = await stamps.listVersions(a, [one.accountId]);
    expect(rows).toEqual([
      expect.objectContaining({ account_id: one.accountId, version: await version(one.accountId) }),
    ]);
    expect(await stamps.listVersions(c, [two.accountId])).toEqual(
      (await stamps.listVersions(b, [two.accountId]))!,
    );
    // An account no request of the turn named was not read: the caller reads it itself.
    const stranger = await signUp(server.app, server.deps);
    expect(await stamps.listVersions(a, [stranger.accountId])).toBeUndefined();
    expect(await stamps.listVersions({}, [one.accountId])).toBeUndefined();

    // What the reading holds is what was committed when it was sent, not later.
    const before = rows![0]!.version;
    await db.updateTable('students').set({ name: 'Again' }).where('account_id', '=', one.accountId).execute();
    expect((await stamps.listVersions(a, [one.accountId]))![0]!.version).toBe(before);
    const later = {};
    await new Promise((resolve) => setImmediate(resolve));
    stamps.begin(later, one.accountId);
    expect((await stamps.listVersions(later, [one.accountId]))![0]!.version).toBeGreaterThan(before);
  });
});
