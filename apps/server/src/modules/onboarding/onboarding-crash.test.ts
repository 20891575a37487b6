import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_HEADER } from '@batchwise/domain';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { type Db, openDatabase } from '../../db/database';
import { SESSION_COOKIE } from '../../plugins/authenticate';
import { signUp } from '../../test/factories';
import { onboardingXlsx, studentRows } from '../../test/onboarding-files';
import { createClassroom } from '../../test/school';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';

const SERVER = fileURLToPath(new URL('../../server.ts', import.meta.url));
const SERVER_IN_SCHEMA = fileURLToPath(new URL('../../test/server-process.ts', import.meta.url));
const ROWS = 10_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * When each import is killed: at these shares of the time an uninterrupted import's transaction
 * is open (early, halfway, nearly done), then as soon as its rows are seen reaching the database.
 */
const KILLS: (number | 'writing')[] = [0.1, 0.5, 0.9, 'writing'];

interface Kill {
  when: number | 'writing';
  /** Since the transaction was seen open. */
  ms: number;
  /** The transaction was still open as the kill was sent. */
  open: boolean;
  /** The import was answered before the kill. */
  answered: boolean;
  result: 'all' | 'none';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(2);
  }
}

interface Teacher {
  accountId: string;
  classroomId: string;
  cookie: string;
}

/** What one account holds after the import: every table the import writes. */
interface Outcome {
  students: number;
  listed: number;
  enrolments: number;
  parentLinks: number;
  logEntries: number;
  maxCustomId: number;
}

/**
 * From outside the server, whether the import's transaction is open and whether its rows have
 * reached the database file yet, uncommitted. SQLite: a writer holds the database's write lock
 * (another connection's BEGIN IMMEDIATE is refused at once), and the write-ahead log grows as the
 * page cache spills the transaction's pages. PostgreSQL: the transaction holds a row-exclusive
 * lock on `students` from its first insert until it ends.
 */
interface TransactionProbe {
  open(): Promise<boolean>;
  writing(): Promise<boolean>;
  close(): Promise<void>;
}

/** Open on two looks 25 ms apart: the import's transaction, not a passing write (a session's touch). */
async function openSteadily(probe: TransactionProbe): Promise<boolean> {
  if (!(await probe.open())) return false;
  await sleep(25);
  return probe.open();
}

/**
 * The bulk onboarding capability acceptance: the server (a process of its own on a database file, or on PostgreSQL) is
 * killed with SIGKILL during a 10,000-row import and started again; the account then holds all
 * 10,000 students — with their enrolments, parent links, ID counter and log entry — or none of
 * them. One import runs to the end first, to prove the "all" outcome reachable and to time its
 * transaction; then four imports into accounts of their own are killed: early, halfway and near
 * the end of that time after their transaction is seen open, and as soon as their rows are seen
 * reaching the database. Each account is read after the restart, through the API and the tables.
 * A kill well into an open transaction must have left nothing, or the test proved nothing.
 */
describe.each(DIALECTS)('onboarding import survives a killed server [%s]', (dialect) => {
  let database: TestDatabase;
  let file: Buffer;
  const teachers: Teacher[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    // Set up with an app in this process, closed before the server starts: nothing of this
    // process holds the database while the server is killed, so a restart recovers it alone.
    const { app, deps, close } = await testApp(database);
    try {
      for (let i = 0; i <= KILLS.length; i++) {
        const t = await signUp(app, deps);
        const classroomId = await createClassroom(t.client, t.accountId, {
          grade: 'Class 9',
          subject: 'Physics',
          name: 'Batch A',
        });
        teachers.push({ accountId: t.accountId, classroomId, cookie: t.client.cookie! });
      }
    } finally {
      await close();
    }
    file = await onboardingXlsx(['Batch A (Class 9, Physics)'], studentRows(ROWS));
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.drop();
  });

  async function startServer(): Promise<{ child: ChildProcess; url: string }> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', dialect === 'sqlite' ? SERVER : SERVER_IN_SCHEMA],
      {
        env: {
          ...process.env,
          ...database.env,
          TEST_SCHEMA: database.schema ?? '',
          PORT: '0',
          HOST: '127.0.0.1',
          SEED_DEMO: 'false',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(child);
    let out = '';
    for await (const chunk of child.stdout!) {
      out += chunk;
      const port = /running on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port) return { child, url: `http://127.0.0.1:${port}` };
    }
    throw new Error(`server did not start: ${out}`);
  }

  async function kill(child: ChildProcess): Promise<void> {
    const exit = once(child, 'exit');
    child.kill('SIGKILL');
    await exit;
  }

  function headers(t: Teacher) {
    return { [CSRF_HEADER]: '1', cookie: `${SESSION_COOKIE}=${t.cookie}` };
  }

  /** Posts the file to the import; settles with the answer, or with the error a kill gives. */
  function startImport(url: string, t: Teacher): Promise<Response | Error> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type: XLSX }), 'students.xlsx');
    return fetch(`${url}/api/accounts/${t.accountId}/onboarding/import?welcomeSms=false`, {
      method: 'POST',
      headers: headers(t),
      body: form,
    }).catch((error: Error) => error);
  }

  /** A connection of its own, closed after `work`. */
  async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const config = loadConfig(database.env, 'test');
    const db = openDatabase({ ...config.database, schema: database.schema });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  }

  async function outcome(url: string, t: Teacher): Promise<Outcome> {
    const list = await fetch(`${url}/api/accounts/${t.accountId}/students?page=1&pageSize=20`, {
      headers: headers(t),
    });
    expect(list.status).toBe(200);
    const listed = ((await list.json()) as { total: number }).total;
    return withDatabase(async ({ kysely }) => {
      const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
      const students = kysely.selectFrom('students').select('id').where('account_id', '=', t.accountId);
      const account = await kysely
        .selectFrom('accounts')
        .select('max_custom_id')
        .where('id', '=', t.accountId)
        .executeTakeFirstOrThrow();
      return {
        students: await count(students),
        listed,
        // By classroom and by the account, not through the students: a row left behind by a
        // half-written import would be counted even without its student.
        enrolments: await count(
          kysely.selectFrom('enrolments').select('id').where('classroom_id', '=', t.classroomId),
        ),
        parentLinks: await count(
          kysely.selectFrom('parent_links').select('student_id').where('student_id', 'in', students),
        ),
        logEntries: await count(
          kysely
            .selectFrom('activity_log')
            .select('id')
            .where('account_id', '=', t.accountId)
            .where('event_name', '=', 'Onboard Students'),
        ),
        maxCustomId: account.max_custom_id,
      };
    });
  }

  async function probe(): Promise<TransactionProbe> {
    if (dialect === 'sqlite') {
      const dbFile = path.join(database.env.DATA_DIR!, 'batchwise.db');
      const sqlite = new SQLite(dbFile);
      sqlite.pragma('busy_timeout = 0');
      // An empty log, so any growth while the transaction is open is the transaction's.
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      const walBytes = () => fs.statSync(`${dbFile}-wal`, { throwIfNoEntry: false })?.size ?? 0;
      let openedAt: number | undefined;
      const open = async () => {
        try {
          sqlite.exec('BEGIN IMMEDIATE');
          sqlite.exec('ROLLBACK');
          openedAt = undefined;
          return false;
        } catch (error) {
          if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
          openedAt ??= walBytes();
          return true;
        }
      };
      return {
        open,
        writing: async () => {
          const size = walBytes();
          return (await open()) && size > openedAt!;
        },
        close: async () => {
          sqlite.close();
        },
      };
    }
    const config = loadConfig(database.env, 'test');
    const db = openDatabase({ ...config.database, schema: database.schema });
    const writing = async () => {
      const { rows } = await sql<{ locks: number }>`
        select count(*)::int as locks from pg_locks l
        join pg_class c on c.oid = l.relation
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${database.schema} and c.relname = 'students'
          and l.mode = 'RowExclusiveLock' and l.granted`.execute(db.kysely);
      return rows[0]!.locks > 0;
    };
    return { open: writing, writing, close: () => db.close() };
  }

  it('leaves all 10,000 students or none, whenever the server dies', async ({ annotate }) => {
    const [calibration, ...victims] = teachers;
    let server = await startServer();

    // The import that runs to the end: the "all" outcome, and how long its transaction is open.
    let watch = await probe();
    const done = startImport(server.url, calibration!);
    await until(() => openSteadily(watch));
    const openedAt = performance.now();
    const answer = await done;
    const transactionMs = performance.now() - openedAt;
    await watch.close();
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(200);
    expect(await (answer as Response).json()).toMatchObject({ created: ROWS, enrolments: ROWS });
    const all = await outcome(server.url, calibration!);
    expect(all).toEqual({
      students: ROWS,
      listed: ROWS,
      enrolments: ROWS,
      parentLinks: ROWS,
      logEntries: 1,
      maxCustomId: all.maxCustomId,
    });
    const none: Outcome = {
      ...(await outcome(server.url, victims[0]!)),
      students: 0,
      listed: 0,
      enrolments: 0,
      parentLinks: 0,
      logEntries: 0,
    };

    const kills: Kill[] = [];
    for (const [i, when] of KILLS.entries()) {
      const t = victims[i]!;
      watch = await probe();
      let answered = false;
      const request = startImport(server.url, t).finally(() => {
        answered = true;
      });
      await until(() => openSteadily(watch));
      const started = performance.now();
      let open = true;
      // The commit may write its rows between two looks: then the import is answered first.
      if (when === 'writing') await until(async () => answered || (await watch.writing()));
      else
        while (open && performance.now() - started < when * transactionMs) {
          await sleep(2);
          open = await watch.open();
        }
      // Whether the transaction was still open as the kill was sent (if it had ended, it committed).
      open &&= await watch.open();
      // Closed first: the restarted server alone recovers the database (its write-ahead log).
      await watch.close();
      await kill(server.child);
      const elapsed = performance.now() - started;
      const settled = await request;

      server = await startServer();
      const after = await outcome(server.url, t);
      const result = after.students === ROWS ? 'all' : 'none';
      // Every table agrees: the whole import, counter and log entry included, or none of it.
      expect(after).toEqual(result === 'all' ? all : none);
      // An answered import is a committed one.
      if (settled instanceof Response) expect(result).toBe('all');
      kills.push({ when, ms: Math.round(elapsed), open, answered: settled instanceof Response, result });
    }
    await kill(server.child);
    const summary = `transaction open ${Math.round(transactionMs)} ms uninterrupted; kills: ${JSON.stringify(kills)}`;
    await annotate(summary);
    // Not vacuous: a kill well into the transaction, while it was open, left nothing behind.
    expect(
      kills.some((k) => typeof k.when === 'number' && k.when >= 0.5 && k.open && k.result === 'none'),
      summary,
    ).toBe(true);
  }, 120_000);
});
