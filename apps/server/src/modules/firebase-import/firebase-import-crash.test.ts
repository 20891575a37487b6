import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { crashStates, heldOf, importProcess } from '../../../../../bench/src/drill/paths/firebase-import';
import { type ExportManifest, writeFirebaseExport } from '../../../../../bench/src/firebase-export';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// The crash drill's way (bench/src/drill, whose firebase-import path runs it beside the server): the real process killed with SIGKILL at a seeded
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
    const env: Record<string, string> = { ...(ctx.database.env as Record<string, string>) };
    if (ctx.database.schema) env.PGOPTIONS = `-c search_path=${ctx.database.schema}`;
    return importProcess(env, file);
  }

  const db = () => ctx.deps.db.kysely;
  const importedAccounts = async () =>
    (await db().selectFrom('firebase_import_keys').select('our_id').where('kind', '=', 'account').execute())
      .length;

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

    const states = crashStates(file);
    let whole = 0;
    for (const [uid, allowed] of states) {
      const held = await heldOf(db(), uid);
      expect(allowed, uid).toContainEqual(held);
      if (held.classrooms > 0) whole++;
    }
    expect(whole).toBeGreaterThan(0);
    expect(whole).toBeLessThan(states.size);

    const rerun = importer();
    const [rerunCode] = await once(rerun, 'exit');
    expect(rerunCode).toBe(0);
    for (const [uid, allowed] of states) expect(await heldOf(db(), uid), uid).toEqual(allowed.at(-1));
    const count = async (table: 'students' | 'enrolments' | 'classrooms' | 'parent_links') =>
      (await db().selectFrom(table).select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(await count('students'))).toBe(manifest.students);
    expect(Number(await count('enrolments'))).toBe(manifest.enrolments);
    expect(Number(await count('classrooms'))).toBe(manifest.classrooms);
    expect(Number(await count('parent_links'))).toBe(manifest.parentLinks);
    const runs = await db().selectFrom('firebase_import_runs').select('report').execute();
    expect(runs).toHaveLength(1);
    const report = JSON.parse(runs[0]!.report!) as { orphans: { entity: string; key: string }[] };
    expect(report.orphans.map((o) => `${o.entity} ${o.key}`).sort()).toEqual(
      manifest.orphans.map((o) => `${o.entity} ${o.key}`).sort(),
    );
  }, 300_000);
});
