import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { type Env, loadConfig } from '../config/config';
import { type DialectName, migrateToLatest } from '../db/database';
import { createDeps, type Deps, type DepsOverrides } from '../deps';
import { createLogger } from '../lib/logger';
import { startFromTemplate } from './sqlite-template';

/**
 * Integration tests run on a real SQLite file always, and again on PostgreSQL when
 * TEST_DATABASE_URL is set, each test file in a fresh database (a new schema on PostgreSQL).
 */
const pgUrl = process.env.TEST_DATABASE_URL || undefined;

export const DIALECTS: DialectName[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  dialect: DialectName;
  env: Env;
  schema: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, empty database of the given dialect, with the environment that points at it. */
export async function freshDatabase(dialect: DialectName, extraEnv: Env = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-test-'));
  // scrypt at 2^10 instead of OWASP's 2^17 keeps hundreds of sign-ups fast; the production
  // cost itself is covered by password.test.ts.
  const base: Env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RUN_WORKER: 'false',
    PASSWORD_SCRYPT_LOG2N: '10',
    ...extraEnv,
  };
  if (dialect === 'sqlite') {
    return {
      dialect,
      env: base,
      schema: undefined,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!pgUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    dialect,
    env: { ...base, DATABASE_URL: pgUrl },
    schema,
    drop: async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Real time plus an offset the test moves, or a fixed time the test sets. */
export class TestClock {
  private offset = 0;
  private fixed: number | undefined;
  now = (): number => this.fixed ?? Date.now() + this.offset;
  advance(ms: number): void {
    if (this.fixed !== undefined) this.fixed += ms;
    else this.offset += ms;
  }
  set(time: number): void {
    this.fixed = time;
  }
  /**
   * Stands still in the middle of the current window of `windowMs`: rate limits count in fixed
   * windows from the epoch, so a run of tries cannot straddle two however slowly it goes.
   */
  midWindow(windowMs: number): void {
    this.set(Math.floor(Date.now() / windowMs) * windowMs + windowMs / 2);
  }
  /** Back to real time. */
  release(): void {
    this.fixed = undefined;
    this.offset = 0;
  }
}

export type TestDeps = Deps & { clock: TestClock };

/**
 * Migrated dependencies on a database (the same database may back several of them). A new SQLite
 * file starts as a copy of the migrated template (sqlite-template.ts).
 */
export async function testDeps(
  database: TestDatabase,
  env: Env = {},
  overrides: Pick<DepsOverrides, 'claimUpload'> = {},
): Promise<TestDeps> {
  const config = loadConfig({ ...database.env, ...env }, 'test');
  if (config.database.kind === 'sqlite') await startFromTemplate(config.database.file);
  const clock = new TestClock();
  const deps = await createDeps(config, createLogger(config), {
    ...overrides,
    schema: database.schema,
    clock,
  });
  await migrateToLatest(deps.db.kysely, database.schema);
  return { ...deps, clock };
}

/** A ready app over fresh dependencies, and one call to tear both down. */
export async function testApp(
  database: TestDatabase,
  env: Env = {},
  overrides: Pick<DepsOverrides, 'claimUpload'> = {},
) {
  const deps = await testDeps(database, env, overrides);
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    close: async () => {
      await app.close();
      await deps.close();
    },
  };
}

export interface TestAppContext {
  database: TestDatabase;
  app: Awaited<ReturnType<typeof testApp>>['app'];
  deps: TestDeps;
}

/**
 * A fresh database and a ready app for the enclosing `describe`, torn down after it. Read the
 * fields inside tests (they are filled in by `beforeAll`).
 */
export function useTestApp(dialect: DialectName, env: Env = {}): TestAppContext {
  const ctx = {} as TestAppContext & { close?: () => Promise<void> };
  beforeAll(async () => {
    ctx.database = await freshDatabase(dialect, env);
    Object.assign(ctx, await testApp(ctx.database));
  });
  afterAll(async () => {
    await ctx.close?.();
    await ctx.database?.drop();
  });
  return ctx;
}
