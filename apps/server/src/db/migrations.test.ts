import { Migrator, NO_MIGRATIONS } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/test-deps';
import { migrationProvider } from './migrations';

// Every migration can be undone: a deployment that must step back a release runs the downs of
// the migrations it added. From the latest schema all the way down to an empty database and up
// again, on both databases, with the tables as the latest schema has them at the end.

describe.each(DIALECTS)('migrations [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('undo in reverse order down to nothing, and apply again', async () => {
    const db = ctx.deps.db.kysely;
    const { schema } = ctx.database;
    const tables = async () =>
      (await db.introspection.getTables())
        .filter((t) => !schema || t.schema === schema)
        .map((t) => t.name)
        .sort();
    const latest = await tables();
    const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
    const names = Object.keys(await migrationProvider.getMigrations());
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toEqual([...names].sort().reverse());
    expect((await tables()).filter((name) => !name.startsWith('kysely_'))).toEqual([]);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await tables()).toEqual(latest);
  });
});
