import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrateToLatest, openDatabase } from '../db/database';

const migrationsDir = path.resolve(import.meta.dirname, '../db/migrations');

/** The migrations as they are now: their sources hashed, so a changed one makes a new template. */
function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const name of fs.readdirSync(migrationsDir).sort()) {
    const file = path.join(migrationsDir, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A SQLite file the migrations have made, to start a test database from: migrating an empty file
 * takes over a second of CPU and the suite makes hundreds of databases. Made once per set of
 * migrations in the temporary folder (by whichever test process needs it first; the rename makes
 * it whole or absent). The copy is the file the migrations made, and the test still runs
 * `migrateToLatest`, which finds nothing to do.
 */
async function migratedSqliteTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `batchwise-migrated-${migrationsHash()}.db`);
  if (fs.existsSync(template)) return template;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-template-'));
  try {
    const file = path.join(dir, 'batchwise.db');
    const db = openDatabase({ kind: 'sqlite', file, synchronous: 'FULL' });
    await migrateToLatest(db.kysely);
    await db.close();
    // Everything in the write-ahead log into the file itself, which alone is copied.
    const writer = new SQLite(file);
    const [checkpoint] = writer.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    writer.close();
    if (checkpoint?.busy !== 0) throw new Error('the template could not be checkpointed');
    fs.renameSync(file, template);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return template;
}

/** Found or made once per process: the migrations do not change while the tests run. */
let template: Promise<string> | undefined;

/** Starts the SQLite file at `file` as the migrations leave it, unless the file exists already. */
export async function startFromTemplate(file: string): Promise<void> {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  template ??= migratedSqliteTemplate();
  fs.copyFileSync(await template, file);
}
