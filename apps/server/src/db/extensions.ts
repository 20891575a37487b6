import { type Kysely, sql } from 'kysely';

/**
 * Installs pg_trgm (the trigram operator classes of the students search index, migration 0010)
 * once per database if needed, and says in which schema it lives. Extensions belong to the
 * database, not to a schema's tables: it goes into `public` (where no test's per-file schema
 * drops it) unless an administrator installed it elsewhere first, and a lock keeps two processes
 * from installing it at once. pg_trgm is a trusted extension: the database's owner may install it
 * without superuser rights. A restore calls it too, because a one-schema dump does not carry the
 * extensions its indexes use.
 */
// biome-ignore lint/suspicious/noExplicitAny: used by migrations, which see the schema of their own time
export async function installTrigram(db: Kysely<any>): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: as db
  const install = async (trx: Kysely<any>) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('batchwise:pg_trgm'))`.execute(trx);
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(trx);
    const { rows } = await sql<{ schema: string }>`
      SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
      WHERE e.extname = 'pg_trgm'`.execute(trx);
    return `"${rows[0]!.schema.replace(/"/g, '""')}"`;
  };
  // Migrations run in a transaction of their own already; the lock lasts until it ends.
  return db.isTransaction ? install(db) : db.transaction().execute(install);
}
