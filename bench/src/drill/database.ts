import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, openDatabase } from '../../../apps/server/src/db/database';
import { dropDatabaseForce } from '../../../apps/server/src/test/drop-database';
import type { Target } from './server';

/** Opens the drill's database from outside the (killed) server, to verify what it holds. */
export function openTarget(target: Target): Db {
  return target.dialect === 'sqlite'
    ? openDatabase({ kind: 'sqlite', file: path.join(target.dataDir, 'batchwise.db'), synchronous: 'FULL' })
    : openDatabase({ kind: 'postgres', url: target.databaseUrl!, poolMax: 2 });
}

/** SQLite's own check of every page and index: "ok", or what is broken. */
export async function integrityCheck(db: Db): Promise<string> {
  if (db.dialect !== 'sqlite') return 'ok';
  const rows = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db.kysely);
  return rows.rows.map((r) => r.integrity_check).join('; ');
}

/** A database of the drill's own on the server behind `url`; returns its URL and a drop. */
export async function createPgDatabase(
  url: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await dropDatabaseForce(client, name);
      } finally {
        await client.end();
      }
    },
  };
}
