import { type Kysely, Migrator } from 'kysely';
import { expect } from 'vitest';
import { migrationProvider } from '../db/migrations';

/**
 * Undoes every migration from `name` on (back to the one just before it), for a test that writes
 * data the way older code did and then migrates up again with the returned migrator.
 */
export async function migrateBefore(
  // biome-ignore lint/suspicious/noExplicitAny: any schema version of the database
  db: Kysely<any>,
  schema: string | undefined,
  name: string,
): Promise<Migrator> {
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  expect(names).toContain(name);
  expect((await migrator.migrateTo(names[names.indexOf(name) - 1]!)).error).toBeUndefined();
  return migrator;
}
