import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../../apps/server/src/db/schema';
import { writeFirebaseExport } from '../../firebase-export';
import { sleep } from '../random';
import type { Target } from '../server';
import type { WritePath } from '../write-path';

const root = path.resolve(import.meta.dirname, '../../../..');
type Json = Record<string, unknown>;
const tree = (value: unknown): Json => (value !== null && typeof value === 'object' ? (value as Json) : {});

/** What the database holds of one teacher of a Firebase export. */
export interface Held {
  classrooms: number;
  /** Their classrooms' students and the students only their archive holds. */
  students: number;
  enrolments: number;
  archivedClasses: number;
}

/**
 * What each teacher of a generated export may leave behind after a crash: nothing, the account's
 * records (USERS/{uid}, one transaction) without its archive (StudentArchive/{uid}, a later one),
 * or all of it.
 */
export function crashStates(file: string): Map<string, Held[]> {
  const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
  const out = new Map<string, Held[]>();
  for (const [uid, value] of Object.entries(tree(exported.USERS))) {
    const record = tree(value);
    if (!record.UserClass) continue;
    const students = new Set<string>();
    let classrooms = 0;
    let enrolments = 0;
    for (const subjects of Object.values(tree(record.UserClass)))
      for (const branch of Object.values(tree(subjects)))
        for (const batch of Object.values(tree(tree(branch).Streams))) {
          classrooms++;
          for (const studentUid of Object.keys(tree(tree(batch).AcceptedStudents))) {
            students.add(studentUid);
            enrolments++;
          }
        }
    // The generator archives a student whole (out of every classroom) or not at all.
    const archive = Object.values(tree(tree(exported.StudentArchive)[uid]));
    const archivedClasses = archive.reduce<number>(
      (n, entry) => n + Object.keys(tree(tree(entry).ArchivedClasses)).length,
      0,
    );
    const account = { classrooms, students: students.size, enrolments, archivedClasses: 0 };
    out.set(uid, [
      { classrooms: 0, students: 0, enrolments: 0, archivedClasses: 0 },
      account,
      { ...account, students: students.size + archive.length, archivedClasses },
    ]);
  }
  return out;
}

/** What the database holds of the teacher `uid`, found by the import's Firebase keys. */
export async function heldOf(db: Kysely<Database>, uid: string): Promise<Held> {
  const keys = await db
    .selectFrom('firebase_import_keys')
    .select(['kind', 'our_id'])
    .where('firebase_key', 'like', `${uid}/%`)
    .execute();
  const count = (kind: string) => keys.filter((k) => k.kind === kind).length;
  const studentIds = keys.filter((k) => k.kind === 'student').map((k) => k.our_id);
  const enrolments =
    studentIds.length === 0
      ? []
      : await db.selectFrom('enrolments').select('id').where('student_id', 'in', studentIds).execute();
  return {
    classrooms: count('classroom'),
    students: count('student'),
    enrolments: enrolments.length,
    archivedClasses: count('archived-class'),
  };
}

/** `npm run import:firebase -- file` against the target's database, in a process of its own. */
export function importProcess(target: Target | Record<string, string>, file: string): ChildProcess {
  const env =
    'dialect' in target ? { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '' } : target;
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/import-firebase.ts', file], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
}

/**
 * The Firebase import (modules/firebase-import), run again and again beside the server and killed
 * with it: after every kill each teacher of the export is held whole, without its archive yet, or
 * not at all; a rerun after the last start completes every one.
 */
export function firebaseImportPath(): WritePath {
  let file = '';
  let target: Target;
  let states = new Map<string, Held[]>();
  let acknowledged = 0;
  let inFlightAtKill = 0;
  let running: ChildProcess | undefined;
  return {
    name: 'firebase-import',
    clients: 1,
    async setup(ctx) {
      target = ctx.target;
      file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-drill-firebase-')), 'export.json');
      const out = fs.createWriteStream(file);
      await writeFirebaseExport({ seed: 5, teachers: 30, studentsPerTeacher: 40 }, async (chunk) => {
        if (!out.write(chunk)) await once(out, 'drain');
      });
      out.end();
      await once(out, 'finish');
      states = crashStates(file);
    },
    async write(ctx) {
      const child = importProcess(target, file);
      running = child;
      const exited = once(child, 'exit');
      let done = false;
      void exited.then(() => {
        done = true;
      });
      // Dies with the server: the drill's kill lands on both at once.
      while (!done) {
        const alive = await fetch(`${ctx.api.url}/api/health`).then(
          () => true,
          () => false,
        );
        if (!alive && !done) child.kill('SIGKILL');
        await sleep(50);
      }
      const [code] = await exited;
      running = undefined;
      if (code === 0) acknowledged++;
      else inFlightAtKill++;
    },
    async verify(db, stage) {
      running?.kill('SIGKILL');
      if (stage === 'final') {
        const [code] = await once(importProcess(target, file), 'exit');
        if (code !== 0)
          return { losses: [`the rerun after the last start failed (${code})`], duplicates: [] };
      }
      const losses: string[] = [];
      for (const [uid, allowed] of states) {
        const held = await heldOf(db, uid);
        const ok = stage === 'final' ? [allowed.at(-1)!] : allowed;
        if (!ok.some((state) => JSON.stringify(state) === JSON.stringify(held)))
          losses.push(`teacher ${uid}: held ${JSON.stringify(held)}, allowed ${JSON.stringify(ok)}`);
      }
      return { losses, duplicates: [] };
    },
    async close() {
      if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
    figures: () => ({ acknowledged, inFlightAtKill }),
  };
}
