import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshDatabase, type TestDatabase, type TestDeps, testDeps } from '../test/test-deps';
import { preparedQuery, sharedPreparedQuery } from './prepared-query';
import type { Database } from './schema';

describe.each(DIALECTS)('preparedQuery on %s', (dialect) => {
  let database: TestDatabase;
  let deps: TestDeps;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    deps = await testDeps(database);
    await sql`create table prepared_items (id text primary key, shelf text not null, n integer not null)`.execute(
      deps.db.kysely,
    );
    await sql`insert into prepared_items (id, shelf, n) values ('a', 'x', 1), ('b', 'x', 0), ('c', 'y', 5)`.execute(
      deps.db.kysely,
    );
  });
  afterAll(async () => {
    await deps?.close();
    await database?.drop();
  });

  // The test table is not in the app's schema.
  type Tables = { prepared_items: { id: string; shelf: string; n: number } };
  const db = () => deps.db.kysely as unknown as Kysely<Tables>;

  it('runs with new values each time and keeps the literals it was built with', async () => {
    const onShelf = preparedQuery(db(), ['shelf'], ({ shelf }) =>
      db()
        .selectFrom('prepared_items')
        .select('id')
        .where('shelf', '=', shelf)
        .where('n', '>', 0)
        .orderBy('id'),
    );
    expect(await onShelf({ shelf: 'x' })).toEqual([{ id: 'a' }]);
    expect(await onShelf({ shelf: 'y' })).toEqual([{ id: 'c' }]);
    expect(await onShelf({ shelf: 'z' })).toEqual([]);
  });

  it('refuses a value the query does not use', async () => {
    const broken = preparedQuery(db(), ['shelf', 'forgotten'], ({ shelf }) =>
      db().selectFrom('prepared_items').select('id').where('shelf', '=', shelf),
    );
    await expect(broken({ shelf: 'x', forgotten: 1 })).rejects.toThrow(/does not use the value "forgotten"/);
  });

  it('shares a query among repositories made per transaction, each run on its own transaction', async () => {
    let builds = 0;
    // As a repository made for one transaction asks for it: the database it was made with.
    const shelfOf = (on: Kysely<Tables>) =>
      sharedPreparedQuery(on as unknown as Kysely<Database>, 'test:shelf-of', ['id'], ({ id }) => {
        builds++;
        return (on as Kysely<Tables>).selectFrom('prepared_items').select('shelf').where('id', '=', id);
      });
    expect(await shelfOf(db())({ id: 'a' })).toEqual([{ shelf: 'x' }]);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('prepared_items').values({ id: 'd', shelf: 'z', n: 1 }).execute();
          // The transaction's own row is seen inside it…
          expect(await shelfOf(trx)({ id: 'd' })).toEqual([{ shelf: 'z' }]);
          throw new Error('undo');
        }),
    ).rejects.toThrow('undo');
    // …and gone with it; the query was built once for all three runs.
    expect(await shelfOf(db())({ id: 'd' })).toEqual([]);
    expect(builds).toBe(1);
  });
});
