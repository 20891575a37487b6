import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Config } from '../../config/config';
import type { StorageConfig } from '../../config/storage';
import { type DatabaseConfig, type Db, type DialectName, openDatabase } from '../../db/database';
import { installTrigram } from '../../db/extensions';
import { createStorage } from '../../drivers/storage/create-storage';
import type { Storage } from '../../drivers/storage/storage';
import {
  type ArchiveFile,
  archiveName,
  archiveTime,
  assertInside,
  describeFile,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  type Manifest,
  PG_DUMP,
  rowLine,
  SQLITE_COPY,
  sha256File,
  type TableStats,
  UPLOADS,
} from './archive';
import { type AnyKysely, BackupRepository, type Row } from './backup.repository';
import { pgDump, pgRestore } from './pg-tools';

const BATCH = 1000;
const DAY_MS = 86_400_000;

/** A refusal or a failed check, with a message meant for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Row count and checksum of every table, each walked in primary-key order. */
export async function tableStats(db: AnyKysely, dialect: DialectName): Promise<Record<string, TableStats>> {
  const repo = new BackupRepository(db, dialect);
  const stats: Record<string, TableStats> = {};
  for (const name of await repo.tableNames()) {
    const shape = await repo.shape(name);
    const hash = crypto.createHash('sha256');
    let rows = 0;
    let after: unknown[] | undefined;
    for (;;) {
      const batch: Row[] = await repo.rowsAfter(shape, after, BATCH);
      for (const row of batch) hash.update(rowLine(row));
      rows += batch.length;
      if (!shape.key.length || batch.length < BATCH) break;
      const last = batch[batch.length - 1]!;
      after = shape.key.map((column) => last[column]);
    }
    stats[name] = { rows, sha256: hash.digest('hex') };
  }
  return stats;
}

/** Reads a SQLite file without changing a byte of it. */
async function withSqliteFile<T>(file: string, work: (db: AnyKysely) => Promise<T>): Promise<T> {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

export interface BackupSource {
  /** Where the live database is (its file on SQLite; URL and schema on PostgreSQL). */
  database: DatabaseConfig;
  /** The live database, open (PostgreSQL; SQLite is read through its own read-only connection). */
  db: Db | undefined;
  /** The uploads, on disk or in a bucket: both are copied into the archive the same way. */
  storage: Storage;
  appVersion: string;
  now: number;
}

/**
 * Writes an archive of the live database and uploads into `outDir`, while the server serves.
 * SQLite: VACUUM INTO from a read-only connection copies one consistent snapshot (WAL lets the
 * server keep writing). PostgreSQL: the checksums are read in a repeatable-read transaction whose
 * exported snapshot pg_dump dumps, so the manifest describes exactly the dump. The manifest's
 * table figures are read from the copy itself on SQLite for the same reason.
 */
export async function createBackup(
  source: BackupSource,
  outDir: string,
): Promise<{ dir: string; manifest: Manifest }> {
  const { database: config } = source;
  if (config.kind === 'sqlite' && !fs.existsSync(config.file)) {
    throw new BackupError(`There is no database at ${config.file}: is DATA_DIR right?`);
  }
  await fsp.mkdir(outDir, { recursive: true });
  // Names come from the start time; two backups in one millisecond must not share a directory.
  let time = source.now;
  while (
    fs.existsSync(path.join(outDir, archiveName(time))) ||
    fs.existsSync(path.join(outDir, `${archiveName(time)}.partial`))
  ) {
    time++;
  }
  const dir = path.join(outDir, archiveName(time));
  const work = `${dir}.partial`;
  await fsp.mkdir(work);
  try {
    let tables: Record<string, TableStats>;
    let database: string;
    if (config.kind === 'sqlite') {
      database = SQLITE_COPY;
      const copy = path.join(work, database);
      // better-sqlite3 is synchronous: VACUUM INTO holds this process's event loop while it copies
      // (other processes keep writing). The online .backup() API would not, but it restarts on
      // every write of another connection and may never finish on a busy server.
      const live = new SQLite(config.file, { readonly: true, fileMustExist: true });
      try {
        live.prepare('VACUUM INTO ?').run(copy);
      } finally {
        live.close();
      }
      tables = await withSqliteFile(copy, (db) => tableStats(db, 'sqlite'));
    } else {
      database = PG_DUMP;
      const dump = path.join(work, database);
      if (!source.db) throw new Error('createBackup needs the open PostgreSQL database');
      tables = await source.db.kysely
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          const snapshot = await new BackupRepository(trx, 'postgres').exportSnapshot();
          const [stats] = await Promise.all([
            tableStats(trx, 'postgres'),
            pgDump(config.url, dump, { schema: config.schema, snapshot }),
          ]);
          return stats;
        });
    }
    const files: ArchiveFile[] = [await describeFile(work, database)];
    // Uploads after the database: a row's file was written before the row, so every file the
    // copy refers to is there (files uploaded meanwhile come along too, unreferenced).
    for await (const key of source.storage.list('')) {
      const stored = await source.storage.get(key);
      if (!stored) continue; // deleted meanwhile
      const relative = path.join(UPLOADS, key);
      await fsp.mkdir(path.dirname(path.join(work, relative)), { recursive: true });
      await pipeline(stored.body, fs.createWriteStream(path.join(work, relative)));
      files.push(await describeFile(work, relative));
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: source.appVersion,
      dialect: config.kind,
      createdAt: new Date(time).toISOString(),
      ...(config.kind === 'postgres' && config.schema ? { schema: config.schema } : {}),
      database,
      tables,
      files,
    };
    await fsp.writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsp.rename(work, dir);
    return { dir, manifest };
  } catch (error) {
    await fsp.rm(work, { recursive: true, force: true });
    throw error;
  }
}

export interface RestoreTarget {
  /** The empty database to restore into (its file on SQLite; URL on PostgreSQL). */
  database: DatabaseConfig;
  dataDir: string;
  /** Where the uploads go back: an empty directory or an empty bucket (or key prefix). */
  storage: Storage;
  /** The storage, named for the operator: "the uploads directory …" or "the bucket …". */
  storageName: string;
}

export async function readManifest(archive: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(archive, MANIFEST), 'utf8')) as Manifest;
  } catch (error) {
    throw new BackupError(
      `${archive} is not a Batchwise backup: ${MANIFEST} cannot be read (${(error as Error).message})`,
    );
  }
  if (manifest.format !== FORMAT || typeof manifest.formatVersion !== 'number') {
    throw new BackupError(`${archive} is not a Batchwise backup: ${MANIFEST} has no "${FORMAT}" format`);
  }
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `${archive} has backup format ${manifest.formatVersion}; this Batchwise reads up to ${FORMAT_VERSION}. Restore with Batchwise ${manifest.appVersion} or newer.`,
    );
  }
  return manifest;
}

/** Checks every file of the archive against the manifest: bytes and sha256. */
export async function verifyArchive(archive: string, manifest: Manifest): Promise<void> {
  const problems: string[] = [];
  if (!manifest.files.some((f) => f.path === manifest.database))
    problems.push(`${manifest.database}: not listed`);
  for (const file of manifest.files) {
    assertInside(file.path);
    const full = path.join(archive, file.path);
    const stat = await fsp.stat(full).catch(() => undefined);
    if (!stat?.isFile()) problems.push(`${file.path}: missing`);
    else if (stat.size !== file.bytes)
      problems.push(`${file.path}: ${stat.size} bytes, the manifest says ${file.bytes}`);
    else if ((await sha256File(full)) !== file.sha256)
      problems.push(`${file.path}: checksum differs from the manifest`);
  }
  if (problems.length) {
    throw new BackupError(
      `The archive ${archive} is damaged or was changed; nothing was restored:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}

/** The tables whose count or checksum differ between two sets of figures. */
export function compareTables(
  expected: Record<string, TableStats>,
  actual: Record<string, TableStats>,
): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const problems: string[] = [];
  for (const name of names) {
    const want = expected[name];
    const got = actual[name];
    if (!got) problems.push(`${name}: missing`);
    else if (!want) problems.push(`${name}: not in the backup`);
    else if (want.rows !== got.rows) problems.push(`${name}: ${got.rows} rows, the backup had ${want.rows}`);
    else if (want.sha256 !== got.sha256) problems.push(`${name}: same row count, different contents`);
  }
  return problems;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  const entries = await fsp.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length === 0;
}

async function isEmptyStorage(storage: Storage): Promise<boolean> {
  for await (const _key of storage.list('')) return false;
  return true;
}

async function openTarget<T>(
  target: DatabaseConfig,
  schema: string | undefined,
  work: (db: Db) => Promise<T>,
) {
  const db = openDatabase(target.kind === 'postgres' ? { ...target, poolMax: 2, schema } : target);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/**
 * Restores an archive into an empty target: refuses a data directory or database that holds
 * anything, verifies every file before writing, and afterwards checks every table's count and
 * checksum against the manifest.
 */
export async function restoreBackup(
  archive: string,
  target: RestoreTarget,
): Promise<{ manifest: Manifest; tables: number; files: number }> {
  const manifest = await readManifest(archive);
  const { database } = target;
  if (manifest.dialect !== database.kind) {
    throw new BackupError(
      `The archive holds a ${manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database, but this install is configured for ${database.kind === 'sqlite' ? 'SQLite (DATABASE_URL is not set)' : 'PostgreSQL (DATABASE_URL)'}.`,
    );
  }
  if (database.kind === 'sqlite') {
    if (!(await isEmptyDir(target.dataDir))) {
      throw new BackupError(
        `The data directory ${target.dataDir} is not empty; restore only into an empty one (point DATA_DIR at a new directory, or move this one aside).`,
      );
    }
  } else {
    const tables = await openTarget(database, manifest.schema, (db) =>
      new BackupRepository(db.kysely, 'postgres').countTables(),
    );
    if (tables > 0) {
      throw new BackupError(
        `The database of DATABASE_URL already holds ${tables} tables; restore only into an empty database (createdb a new one and point DATABASE_URL at it).`,
      );
    }
  }
  if (!(await isEmptyStorage(target.storage))) {
    throw new BackupError(
      `${target.storageName[0]!.toUpperCase()}${target.storageName.slice(1)} is not empty; restore only into an empty one.`,
    );
  }
  await verifyArchive(archive, manifest);

  const source = path.join(archive, manifest.database);
  const uploads = manifest.files.filter((f) => f.path.startsWith(`${UPLOADS}/`));
  const dbWork = database.kind === 'sqlite' ? `${database.file}.restoring` : undefined;
  const written: string[] = [];
  let done = false;
  try {
    let restored: Record<string, TableStats>;
    if (database.kind === 'sqlite') {
      await fsp.mkdir(path.dirname(dbWork!), { recursive: true });
      await fsp.copyFile(source, dbWork!);
      restored = await withSqliteFile(dbWork!, (db) => tableStats(db, 'sqlite'));
    } else {
      // One transaction: on failure the database stays empty (but for the extension).
      await openTarget(database, undefined, (db) => installTrigram(db.kysely));
      await pgRestore(database.url, source);
      restored = await openTarget(database, manifest.schema, (db) => tableStats(db.kysely, 'postgres'));
    }
    const problems = compareTables(manifest.tables, restored);
    if (problems.length) {
      throw new BackupError(
        `The restored database does not match the backup's manifest${database.kind === 'postgres' ? ' (drop the database before trying again)' : ''}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      );
    }
    // The uploads once the database is known good; each written whole (the storage's put is
    // atomic), and taken away again if one fails, so the storage stays empty.
    for (const file of uploads) {
      const key = file.path.slice(UPLOADS.length + 1);
      await target.storage.put(
        key,
        fs.createReadStream(path.join(archive, file.path)),
        'application/octet-stream',
      );
      written.push(key);
    }
    if (dbWork) await fsp.rename(dbWork, (database as { file: string }).file);
    done = true;
    return { manifest, tables: Object.keys(restored).length, files: uploads.length };
  } finally {
    if (!done) for (const key of written) await target.storage.delete(key).catch(() => undefined);
    if (dbWork) await fsp.rm(dbWork, { force: true });
  }
}

/**
 * Deletes archives in `dir` started more than `keepDays` days before `now`, and `.partial`
 * leftovers of interrupted backups older than a day. The newest archive is always kept, however
 * old, so a long outage never leaves no backup at all.
 */
export async function pruneBackups(dir: string, keepDays: number, now: number): Promise<string[]> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const archives = names
    .map((name) => ({ name, time: archiveTime(name) }))
    .filter((a): a is { name: string; time: number } => a.time !== undefined)
    .sort((a, b) => b.time - a.time);
  const doomed = archives.slice(1).filter((a) => a.time < now - keepDays * DAY_MS);
  const partials = names
    .filter((name) => name.endsWith('.partial'))
    .map((name) => ({ name, time: archiveTime(name.slice(0, -'.partial'.length)) }))
    .filter((a) => a.time !== undefined && a.time < now - DAY_MS);
  const deleted: string[] = [];
  for (const { name } of [...doomed, ...partials]) {
    await fsp.rm(path.join(dir, name), { recursive: true, force: true });
    deleted.push(name);
  }
  return deleted;
}

/** The source and target of this install's configuration. */
export function backupSource(config: Config, db: Db | undefined, now: number, schema?: string): BackupSource {
  return {
    database: config.database.kind === 'postgres' ? { ...config.database, schema } : config.database,
    db,
    storage: createStorage(config.storage),
    appVersion: config.version,
    now,
  };
}

export function restoreTarget(config: Config): RestoreTarget {
  return {
    database: config.database,
    dataDir: config.dataDir,
    storage: createStorage(config.storage),
    storageName: storageName(config.storage),
  };
}

/** Where uploads are kept, for messages to the operator. */
export function storageName(config: StorageConfig): string {
  if (config.driver === 'local') return `the uploads directory ${config.root}`;
  const where = config.endpoint ? ` at ${config.endpoint}` : '';
  return `the bucket ${config.bucket}${config.keyPrefix ? ` (under ${config.keyPrefix})` : ''}${where}`;
}
