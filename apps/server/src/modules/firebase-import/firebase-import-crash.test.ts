import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ExportManifest, writeFirebaseExport } from '../../../../../bench/src/firebase-export';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { entries, type Tree, tree } from './firebase-values';

const root = path.resolve(import.meta.dirname, '../../../../..');
const cli = path.join(root, 'apps/server/src/cli/import-firebase.ts');

/** What the database holds of one teacher of the export. */
interface Held {
  classrooms: number;
  /** Their classrooms' students and the students only their archive holds. */
  students: number;
  enrolments: number;
  archivedClasses: number;
}

/** What one teacher of the export leaves behind once imported whole. */
interface Expected extends Held {
  archivedStudents: number;
}

function complete({ archivedStudents: _, ...held }: Expected): Held {
  return held;
}

function expectedPerTeacher(file: string): Map<string, Expected> {
  const exported = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  const out = new Map<string, Expected>();
  for (const [uid, record] of entries(exported.USERS)) {
    if (!record.UserClass) continue;
    const students = new Set<string>();
    let classrooms = 0;
    let enrolments = 0;
    for (const [, subjects] of entries(record.UserClass))
      for (const [, branch] of entries(subjects))
        for (const [, batch] of entries(branch.Streams)) {
          classrooms++;
          for (const studentUid of Object.keys(tree(batch.AcceptedStudents))) {
            students.add(studentUid);
            enrolments++;
          }
        }
    const archive = entries(tree(exported.StudentArchive)[uid]);
    const archivedClasses = archive.reduce((n, [, entry]) => n + entries(entry.ArchivedClasses).length, 0);
    // The generator archives a student whole (out of every classroom) or not at all.
    out.set(uid, {
      classrooms,
      students: students.size + archive.length,
      enrolments,
      archivedClasses,
      archivedStudents: archive.length,
    });
  }
  return out;
}

// The crash drill's way (bench/src/drill): the real process killed with SIGKILL at a seeded
// moment mid-write, the database checked with it down, then started again.
describe.each(DIALECTS)('Firebase import killed midway [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  let file: string;
  let manifest: ExportManifest;
  beforeAll(async () => {
    file = path.join(mkdtempSync(path.join(tmpdir(), 'firebase-crash-')), 'export.json');
    const out = createWriteStream(file);
    manifest = await writeFirebaseExport(
      { seed: 11, teachers: 40, studentsPerTeacher: 40, orphans: 2 },
      (chunk) => {
        out.write(chunk);
      },
    );
    out.end();
    await once(out, 'finish');
  });

  function importer(): ChildProcess {
    const env = { ...process.env, ...ctx.database.env };
    if (ctx.database.schema) env.PGOPTIONS = `-c search_path=${ctx.database.schema}`;
    return spawn(process.execPath, ['--import', 'tsx', cli, file], { cwd: root, env, stdio: 'ignore' });
  }

  const db = () => ctx.deps.db.kysely;
  const importedAccounts = async () =>
    (await db().selectFrom('firebase_import_keys').select('our_id').where('kind', '=', 'account').execute())
      .length;

  /** Per teacher of the export: what the database holds of it. */
  async function heldPerTeacher(uid: string): Promise<Held> {
    const keys = await db()
      .selectFrom('firebase_import_keys')
      .select(['kind', 'firebase_key', 'our_id'])
      .where('firebase_key', 'like', `${uid}/%`)
      .execute();
    const count = (kind: string) => keys.filter((k) => k.kind === kind).length;
    const studentIds = keys.filter((k) => k.kind === 'student').map((k) => k.our_id);
    const enrolments =
      studentIds.length === 0
        ? []
        : await db().selectFrom('enrolments').select('id').where('student_id', 'in', studentIds).execute();
    return {
      classrooms: count('classroom'),
      students: count('student'),
      enrolments: enrolments.length,
      archivedClasses: count('archived-class'),
    };
  }

  it('leaves every account all or nothing, and a rerun completes it', async () => {
    const child = importer();
    const exited = once(child, 'exit');
    // Killed once a few accounts are in, at a seeded moment after that.
    const seed = Number(process.env.DRILL_SEED ?? 1);
    for (let waited = 0; (await importedAccounts()) < 3 && waited < 120_000; waited += 25) await sleep(25);
    await sleep((seed * 97) % 50);
    child.kill('SIGKILL');
    const [code, signal] = await exited;
    expect([code, signal]).toEqual([null, 'SIGKILL']);

    const expected = expectedPerTeacher(file);
    let whole = 0;
    for (const [uid, want] of expected) {
      // An account's records (USERS) come in one transaction, its archive in a later one.
      const nothing: Held = { classrooms: 0, students: 0, enrolments: 0, archivedClasses: 0 };
      const accountOnly: Held = {
        ...complete(want),
        students: want.students - want.archivedStudents,
        archivedClasses: 0,
      };
      const held = await heldPerTeacher(uid);
      expect([nothing, accountOnly, complete(want)], uid).toContainEqual(held);
      if (held.classrooms > 0) whole++;
    }
    expect(whole).toBeGreaterThan(0);
    expect(whole).toBeLessThan(expected.size);

    const rerun = importer();
    const [rerunCode] = await once(rerun, 'exit');
    expect(rerunCode).toBe(0);
    for (const [uid, want] of expected) expect(await heldPerTeacher(uid), uid).toEqual(complete(want));
    const count = async (table: 'students' | 'enrolments' | 'classrooms' | 'parent_links') =>
      (await db().selectFrom(table).select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(await count('students'))).toBe(manifest.students);
    expect(Number(await count('enrolments'))).toBe(manifest.enrolments);
    expect(Number(await count('classrooms'))).toBe(manifest.classrooms);
    expect(Number(await count('parent_links'))).toBe(manifest.parentLinks);
    const runs = await db().selectFrom('firebase_import_runs').select('report').execute();
    expect(runs).toHaveLength(1);
    const report = JSON.parse(runs[0]!.report) as { orphans: { entity: string; key: string }[] };
    expect(report.orphans.map((o) => `${o.entity} ${o.key}`).sort()).toEqual(
      manifest.orphans.map((o) => `${o.entity} ${o.key}`).sort(),
    );
  }, 300_000);
});
