import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ONBOARDING_COLUMNS, ONBOARDING_LIMITS, ONBOARDING_SHEET_NAME } from '@batchwise/domain';
import ExcelJS from 'exceljs';
import { readSpreadsheet } from '../../apps/server/src/modules/media/spreadsheets';
import { type Figure, signUpBenchTeacher, startServer } from './lib';
import type { SignedInTeacher } from './students';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const WRITE = { 'x-batchwise-csrf': '1' };
const CLASSROOMS = ['Batch A', 'Batch B', 'Batch C'];
/** The list's concurrent readers during the import, each asking again as soon as answered. */
const READERS = 8;
/** What people type into the list's search box: names, phone digits, student IDs. */
const SEARCHES = ['Student 1', 'student 42', '0171', '555', 'S-1', 'S-99', 'স'];

const round = (n: number) => Math.round(n * 100) / 100;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The bulk onboarding capability's bulk onboarding: files of 1,000 and 10,000 generated students checked and imported
 * through the HTTP path (the production server in a process of its own, on SQLite, or on the
 * PostgreSQL database `databaseUrl`), beside the time the spreadsheet library alone takes to read
 * the same file the way the server reads it (a streaming ExcelJS read,
 * modules/media/spreadsheets.ts) in this run; and the p99 of students-list requests (random pages
 * and searches of another account) while a 10,000-row import runs, beside the same load with no
 * import.
 */
export async function onboardingFigures(databaseUrl = ''): Promise<Figure[]> {
  // Figures on PostgreSQL are named for it; the issue allows it twice SQLite's time.
  const name = (figure: string) => (databaseUrl ? `${figure}_postgres` : figure);
  const importGoalMs = databaseUrl ? 10_000 : 5_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-bench-onboarding-'));
  // The worker sends the sign-up links the teachers below open; imports run in their requests.
  const server = await startServer(dataDir, { DATABASE_URL: databaseUrl, RUN_WORKER: 'true' });
  try {
    const appUrl = server.url;
    const figures: Figure[] = [];
    // The list's account, whose students the concurrent reads page through; an account per
    // import after it, so no file clashes with students already imported.
    const reader = await teacherWithClassrooms(appUrl);
    const small = await onboardingFile(1_000, 1);
    const large = await onboardingFile(10_000, 100_001);
    // Warm-up, of the server's code paths and this process's reader alike: a process's first
    // reads of a large file take half as long again as the later ones (the JIT at work).
    await upload(appUrl, reader, 'import', small);
    for (let i = 0; i < 3; i++) {
      await upload(appUrl, reader, 'check', large);
      await bareRead(large);
    }

    for (const [rows, file] of [
      [1_000, small],
      [10_000, large],
    ] as const) {
      const bareMs = await bareRead(file);
      // The medians of three, each import into an account of its own.
      const checks: number[] = [];
      const imports: number[] = [];
      for (let i = 0; i < 3; i++) {
        const teacher = await teacherWithClassrooms(appUrl);
        checks.push(await upload(appUrl, teacher, 'check', file));
        imports.push(await upload(appUrl, teacher, 'import', file));
      }
      const [checkMs, importMs] = [median(checks), median(imports)];
      const ratio = round(importMs / bareMs);
      figures.push(
        { figure: name(`onboarding_file_bytes_${rows}`), value: file.length, unit: 'bytes' },
        { figure: name(`onboarding_bare_read_${rows}`), value: Math.round(bareMs), unit: 'ms' },
        { figure: name(`onboarding_check_${rows}`), value: Math.round(checkMs), unit: 'ms' },
        {
          figure: name(`onboarding_import_${rows}`),
          value: Math.round(importMs),
          unit: 'ms',
          ...(rows === 10_000 ? { goal: `<= ${importGoalMs}`, met: importMs <= importGoalMs } : {}),
        },
        {
          figure: name(`onboarding_check_and_import_${rows}`),
          value: Math.round(checkMs + importMs),
          unit: 'ms',
        },
        {
          figure: name(`onboarding_import_vs_bare_read_${rows}`),
          value: ratio,
          unit: 'ratio',
          goal: '<= 1.5',
          met: ratio <= 1.5,
        },
      );
    }

    // The server keeps answering: the list under the same load with no import, then during one.
    const idle = await listLoad(appUrl, reader, sleep(3_000));
    const importing = upload(appUrl, await teacherWithClassrooms(appUrl), 'import', large);
    const during = await listLoad(appUrl, reader, importing);
    const importMs = await importing;
    figures.push(
      { figure: name('onboarding_list_p99_idle'), value: idle.p99Ms, unit: 'ms' },
      { figure: name('onboarding_list_p99_during_10000_import'), value: during.p99Ms, unit: 'ms' },
      { figure: name('onboarding_list_max_during_10000_import'), value: during.maxMs, unit: 'ms' },
      {
        figure: name('onboarding_list_requests_during_10000_import'),
        value: during.count,
        unit: 'requests',
      },
      { figure: name('onboarding_import_10000_under_list_load'), value: Math.round(importMs), unit: 'ms' },
    );
    return figures;
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A filled template as Excel saves it: `rows` students from ID `firstId`, each with a phone and a
 * parent's phone of their own, marked in the first of three classrooms.
 */
async function onboardingFile(rows: number, firstId: number): Promise<Buffer> {
  const phone = (prefix: string, n: number) => `+8801${prefix}${String(n).padStart(8, '0')}`;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(ONBOARDING_SHEET_NAME);
  sheet.addRow([...ONBOARDING_COLUMNS, ...CLASSROOMS.map((name) => `${name} (Class 9, Physics)`)]);
  for (let n = firstId; n < firstId + rows; n++)
    sheet.addRow([`S-${n}`, `Student ${n}`, phone('7', n), '', '', phone('8', n), '', 'y']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

let teachers = 0;

/** A teacher signed up through the API, with the classrooms the files' columns name. */
async function teacherWithClassrooms(appUrl: string): Promise<SignedInTeacher> {
  teachers += 1;
  const teacher = await signUpBenchTeacher(appUrl, {
    name: `Onboarding Teacher ${teachers}`,
    email: `onboarding-${teachers}-${Date.now()}@bench.batchwise.bd`,
    phone: `+88019${String(99_000_000 + teachers).padStart(8, '0')}`,
  });
  for (const name of CLASSROOMS) {
    const room = await fetch(`${appUrl}/api/accounts/${teacher.accountId}/classrooms`, {
      method: 'POST',
      headers: { ...WRITE, 'content-type': 'application/json', cookie: teacher.cookie },
      body: JSON.stringify({ grade: 'Class 9', subject: 'Physics', name, tuitionFeePaisa: 0 }),
    });
    if (room.status !== 200) throw new Error(`classroom refused: ${room.status} ${await room.text()}`);
  }
  return teacher;
}

/** The file read as the server reads it (the median of three reads), in this process. */
async function bareRead(body: Buffer): Promise<number> {
  const limits = { rows: ONBOARDING_LIMITS.rows * 2, columns: 500 };
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await readSpreadsheet({ fileName: 'students.xlsx', kind: 'xlsx', body }, limits);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** One check or import of the file through the API; how long until it was answered. */
async function upload(
  appUrl: string,
  teacher: SignedInTeacher,
  step: 'check' | 'import',
  body: Buffer,
): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)], { type: XLSX }), 'students.xlsx');
  const query = step === 'import' ? '?welcomeSms=false' : '';
  const started = performance.now();
  const res = await fetch(`${appUrl}/api/accounts/${teacher.accountId}/onboarding/${step}${query}`, {
    method: 'POST',
    headers: { ...WRITE, cookie: teacher.cookie },
    body: form,
  });
  const answer = (await res.json()) as { ok?: boolean; created?: number };
  const ms = performance.now() - started;
  if (res.status !== 200 || (step === 'check' ? !answer.ok : !answer.created))
    throw new Error(`${step} refused: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return ms;
}

interface Latencies {
  count: number;
  p99Ms: number;
  maxMs: number;
}

/** Students-list reads (random pages 1–10, a fifth of them searches) from READERS at once until `until` settles. */
async function listLoad(
  appUrl: string,
  teacher: SignedInTeacher,
  until: Promise<unknown>,
): Promise<Latencies> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  const readLoop = async () => {
    while (!done) {
      const search = Math.random() < 0.2;
      const page = search ? 1 : 1 + Math.floor(Math.random() * 10);
      const q = search ? `&q=${encodeURIComponent(pick(SEARCHES))}` : '';
      const started = performance.now();
      const res = await fetch(
        `${appUrl}/api/accounts/${teacher.accountId}/students?page=${page}&pageSize=20${q}`,
        { headers: { cookie: teacher.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' } },
      );
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`students list: ${res.status}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: READERS }, readLoop));
  const sorted = times.sort((a, b) => a - b);
  return {
    count: sorted.length,
    p99Ms: round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}
