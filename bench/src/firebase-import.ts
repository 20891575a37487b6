import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFirebaseExport } from './firebase-export';
import type { Figure } from './lib';

const root = path.resolve(import.meta.dirname, '../..');

/** The process's peak resident memory so far (VmHWM), in MiB; 0 once it has gone. */
function peakMiB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** `npm run import:firebase -- file` in a process of its own: its time and peak memory. */
async function runImport(file: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; peakMiB: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/import-firebase.ts', file], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, peakMiB(child.pid!));
  }, 50);
  const [code] = await once(child, 'exit');
  clearInterval(sampler);
  if (code !== 0) throw new Error(`the Firebase import failed (${code}):\n${output}`);
  return { ms: performance.now() - started, peakMiB: Math.round(peak) };
}

/**
 * The Firebase import (modules/firebase-import) of a generated export of the original product,
 * by default 500 teachers and 100,000 students, into an empty database (SQLite in a directory of
 * its own, or the PostgreSQL database `databaseUrl`), then again with nothing changed. Goals:
 * 60 s on SQLite and 120 s on PostgreSQL, 500 MiB of memory, the second run in under half the
 * first's time. BENCH_FIREBASE_TEACHERS and BENCH_FIREBASE_STUDENTS set the size.
 */
export async function firebaseImportFigures(databaseUrl = ''): Promise<Figure[]> {
  const teachers = Number(process.env.BENCH_FIREBASE_TEACHERS ?? 500);
  const students = Number(process.env.BENCH_FIREBASE_STUDENTS ?? 100_000);
  const name = (figure: string) => (databaseUrl ? `${figure}_postgres` : figure);
  const goalMs = databaseUrl ? 120_000 : 60_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-bench-firebase-'));
  try {
    const file = path.join(dir, 'export.json');
    const out = fs.createWriteStream(file);
    const manifest = await writeFirebaseExport(
      { seed: 1, teachers, studentsPerTeacher: students / teachers, orphans: 10 },
      async (chunk) => {
        if (!out.write(chunk)) await once(out, 'drain');
      },
    );
    out.end();
    await once(out, 'finish');
    const env = { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: databaseUrl };
    const first = await runImport(file, env);
    const second = await runImport(file, env);
    const ratio = Math.round((second.ms / first.ms) * 100) / 100;
    return [
      { figure: name('firebase_import_students'), value: manifest.students, unit: 'students' },
      { figure: name('firebase_import_export_bytes'), value: fs.statSync(file).size, unit: 'bytes' },
      {
        figure: name('firebase_import_first_run'),
        value: Math.round(first.ms),
        unit: 'ms',
        goal: `<= ${goalMs}`,
        met: first.ms <= goalMs,
      },
      {
        figure: name('firebase_import_peak_memory'),
        value: Math.max(first.peakMiB, second.peakMiB),
        unit: 'MiB',
        goal: '<= 500',
        met: Math.max(first.peakMiB, second.peakMiB) <= 500,
      },
      { figure: name('firebase_import_second_run'), value: Math.round(second.ms), unit: 'ms' },
      {
        figure: name('firebase_import_second_vs_first'),
        value: ratio,
        unit: 'ratio',
        goal: '< 0.5',
        met: ratio < 0.5,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
