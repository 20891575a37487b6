import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config/config';
import type { TableStamps } from '../lib/stamped-cache';
import { ChangeTracker } from './change-tracker';
import { migrationProvider } from './migrations';
import { NamedStatementClient } from './pg-named-statements';
import { type ListVersionRow, PgTableStamps } from './pg-table-stamps';
import type { Database } from './schema';
import { GroupCommitDriver } from './sqlite-driver';

export type DatabaseConfig = Config['database'] & { schema?: string };
export type DialectName = 'sqlite' | 'postgres';

/** The list versions read with a request's stamps (Db.listVersionsRead). */
export type ListVersionsRead = (
  caller: object,
  accountIds: readonly string[],
) => Promise<ListVersionRow[] | undefined>;

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /**
   * When tables last changed, for caches of what every request reads (lib/stamped-cache.ts).
   * SQLite only: one connection sees every change. On PostgreSQL, several servers share the
   * database and nothing tells them at once, so those reads go to the database each time.
   */
  changes?: ChangeTracker;
  /**
   * When the session and access tables last changed, on both databases: the change tracker on
   * SQLite, a row PostgreSQL raises itself on every commit (db/pg-table-stamps.ts) there.
   */
  stamps: TableStamps;
  /**
   * PostgreSQL: the list versions of these accounts as read with the stamps when the caller's
   * request began, or undefined when they were not (db/pg-table-stamps.ts). SQLite reads them.
   */
  listVersionsRead?: ListVersionsRead;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** The connection pool's use, where the driver has one (PostgreSQL), for /metrics. */
  pool?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

// PostgreSQL returns int8 as strings to protect precision; our int8 columns hold ms timestamps
// and paisa amounts, far below 2^53, so numbers are safe and keep both dialects alike.
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format),
};

export function openDatabase(config: DatabaseConfig): Db {
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // FULL by default: an acknowledged write survives power loss (WAL + NORMAL may lose the tail).
    sqlite.pragma(`synchronous = ${config.synchronous}`);
    // Reads outside transactions: they never wait for a writer (db/sqlite-driver.ts).
    const reader = new SQLite(config.file, { readonly: true });
    reader.pragma('busy_timeout = 5000');
    const changes = new ChangeTracker(sqlite);
    const driver = new GroupCommitDriver(sqlite, reader, changes);
    const kysely = new Kysely<Database>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => driver,
        createIntrospector: (db) => new SqliteIntrospector(db),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    });
    return {
      kysely,
      dialect: 'sqlite',
      changes,
      stamps: changes,
      // The database is a file this process holds open: it answers while the connection is open.
      // (`select 1` proved no more, reading no page of the file, and cost a statement run on
      // every health check.)
      ping: async () => {
        if (!sqlite.open) throw new Error('the SQLite connection is closed');
      },
      close: () => kysely.destroy(),
    };
  }
  const pool = new pg.Pool({
    // Statements every request runs are parsed and planned once per connection (pg-named-statements.ts).
    Client: NamedStatementClient,
    connectionString: config.url,
    max: config.poolMax,
    types: pgTypes,
    options: config.schema ? `-c search_path=${config.schema}` : undefined,
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const stamps = new PgTableStamps(kysely);
  return {
    kysely,
    dialect: 'postgres',
    stamps,
    listVersionsRead: (caller, accountIds) => stamps.listVersions(caller, accountIds),
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: config.poolMax,
    }),
    close: () => kysely.destroy(),
  };
}

/**
 * Applies pending migrations. With a schema (tests on PostgreSQL), the migration tables are looked
 * up in that schema: Kysely's check otherwise sees other schemas' tables and skips creating its own.
 */
export async function migrateToLatest(kysely: Kysely<Database>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db: kysely, provider: migrationProvider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
