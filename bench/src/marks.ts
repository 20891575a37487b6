import { acceptedEnrolmentRow, studentRow } from '../../apps/server/src/seed/school-rows';
import { type Figure, inServerDatabase } from './lib';
import { type SignedInTeacher, signUpTeacher } from './students';

// Report cards: saving a 200-student × 6-subject marks grid through the HTTP path (goal ≤ 300 ms server
// time). Four accounts, each with a classroom of 200 students and a half-yearly of six subjects
// (two of them in CQ + MCQ parts: 8 columns, 1,600 cells). Rounds go account by account, one
// request at a time, so each time measured is the server's own work plus a loopback hop: every
// fifth save rewrites the whole grid (a paste, an import-like save), the rest are an autosave's
// partial edit of 1–40 cells. Then the same saves four accounts at a time, to see them queue.

const ACCOUNTS = 4;
const STUDENTS = 200;
const ROUNDS = 25;
const WRITE = { 'content-type': 'application/json', 'x-batchwise-csrf': '1' };

const SUBJECTS = [
  { name: 'Bangla', parts: [{ key: 'total', fullMarks: 100, passMarks: 33 }] },
  { name: 'English', parts: [{ key: 'total', fullMarks: 100, passMarks: 33 }] },
  { name: 'Mathematics', parts: [{ key: 'total', fullMarks: 100, passMarks: 33 }] },
  {
    name: 'Physics',
    parts: [
      { key: 'cq', name: 'CQ', fullMarks: 70, passMarks: 23 },
      { key: 'mcq', name: 'MCQ', fullMarks: 30, passMarks: 10 },
    ],
  },
  {
    name: 'Chemistry',
    parts: [
      { key: 'cq', name: 'CQ', fullMarks: 70, passMarks: 23 },
      { key: 'mcq', name: 'MCQ', fullMarks: 30, passMarks: 10 },
    ],
  },
  { name: 'Biology', kind: 'optional', parts: [{ key: 'total', fullMarks: 100, passMarks: 33 }] },
];

interface Grid {
  teacher: SignedInTeacher;
  url: string;
  /** Every cell with the version the server last answered for it. */
  cells: { studentId: string; subjectId: string; partKey: string; full: number; version: number }[];
}

async function call(url: string, cookie: string, method: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { cookie, ...WRITE },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A teacher, a classroom of 200 enrolled students (written straight into SQLite) and the assessment. */
async function setUp(appUrl: string, dataDir: string, index: number): Promise<Grid> {
  const teacher = await signUpTeacher(appUrl);
  const base = `${appUrl}/api/accounts/${teacher.accountId}`;
  const room = await call(`${base}/classrooms`, teacher.cookie, 'POST', {
    grade: 'Class 9',
    subject: 'Science',
    name: `Science ${index}`,
  });
  const classroomId = room.id as string;
  const now = Date.now();
  await inServerDatabase(dataDir, (db) =>
    db.kysely.transaction().execute(async (trx) => {
      const students = Array.from({ length: STUDENTS }, (_, i) =>
        studentRow(
          {
            account_id: teacher.accountId,
            name: `Student ${index}-${String(i).padStart(3, '0')}`,
            phone: `+88018${String(10_000_000 + index * 1000 + i).padStart(8, '0')}`,
            custom_id: `ID-${i + 1}`,
          },
          now,
        ),
      );
      await trx.insertInto('students').values(students).execute();
      await trx
        .insertInto('enrolments')
        .values(students.map((s) => acceptedEnrolmentRow(s.id, classroomId, now)))
        .execute();
    }),
  );
  const assessment = await call(`${base}/classrooms/${classroomId}/assessments`, teacher.cookie, 'POST', {
    name: 'Half-yearly',
    term: 'Half-yearly 2026',
    heldOn: '2026-06-15',
    subjects: SUBJECTS,
  });
  const url = `${base}/assessments/${assessment.id as string}/marks`;
  const grid = (await call(url, teacher.cookie, 'GET')) as { students: { id: string }[] };
  const subjects = assessment.subjects as { id: string; parts: { key: string; fullMarks: number }[] }[];
  const cells = grid.students.flatMap((s) =>
    subjects.flatMap((subject) =>
      subject.parts.map((p) => ({
        studentId: s.id,
        subjectId: subject.id,
        partKey: p.key,
        full: p.fullMarks,
        version: 0,
      })),
    ),
  );
  return { teacher, url, cells };
}

/** One save of these cells with fresh marks; returns the milliseconds it took. */
async function save(grid: Grid, cells: Grid['cells']): Promise<number> {
  const body = {
    cells: cells.map((c) => ({
      studentId: c.studentId,
      subjectId: c.subjectId,
      partKey: c.partKey,
      marks: Math.round(Math.random() * c.full * 2) / 2,
      absent: Math.random() < 0.01,
      version: c.version,
    })),
  };
  const start = performance.now();
  const answer = (await call(grid.url, grid.teacher.cookie, 'PATCH', body)) as {
    saved: { studentId: string; subjectId: string; partKey: string; version: number }[];
    conflicts: unknown[];
  };
  const ms = performance.now() - start;
  if (answer.conflicts.length > 0) throw new Error(`${answer.conflicts.length} unexpected conflicts`);
  const versions = new Map(
    answer.saved.map((c) => [`${c.studentId}|${c.subjectId}|${c.partKey}`, c.version]),
  );
  for (const c of grid.cells)
    c.version = versions.get(`${c.studentId}|${c.subjectId}|${c.partKey}`) ?? c.version;
  return ms;
}

function partial(grid: Grid): Grid['cells'] {
  const count = 1 + Math.floor(Math.random() * 40);
  const start = Math.floor(Math.random() * (grid.cells.length - count));
  return grid.cells.slice(start, start + count);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
};

export async function marksFigures(appUrl: string, dataDir: string): Promise<Figure[]> {
  const grids: Grid[] = [];
  for (let i = 0; i < ACCOUNTS; i += 1) grids.push(await setUp(appUrl, dataDir, i));
  // The first save of each grid fills every cell (an empty grid pasted into).
  const first: number[] = [];
  for (const grid of grids) first.push(await save(grid, grid.cells));

  const full: number[] = [];
  const edits: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const grid of grids) {
      if (round % 5 === 4) full.push(await save(grid, grid.cells));
      else edits.push(await save(grid, partial(grid)));
    }
  }
  // Four accounts saving at once: full saves and edits interleaved, as busy exam weeks would.
  const together: number[] = [];
  for (let round = 0; round < 10; round += 1) {
    const times = await Promise.all(
      grids.map((grid, i) => save(grid, (round + i) % 5 === 0 ? grid.cells : partial(grid))),
    );
    together.push(...times);
  }

  const cells = grids[0]!.cells.length;
  const fullAll = [...first, ...full];
  const p95 = percentile(fullAll, 95);
  return [
    { figure: `marks_full_grid_save_${STUDENTS}x6_cells`, value: cells, unit: 'cells' },
    { figure: 'marks_full_grid_save_p50', value: percentile(fullAll, 50), unit: 'ms' },
    { figure: 'marks_full_grid_save_p95', value: p95, unit: 'ms', goal: '<= 300', met: p95 <= 300 },
    { figure: 'marks_full_grid_save_max', value: percentile(fullAll, 100), unit: 'ms' },
    { figure: 'marks_partial_edit_p50', value: percentile(edits, 50), unit: 'ms' },
    { figure: 'marks_partial_edit_p95', value: percentile(edits, 95), unit: 'ms' },
    { figure: 'marks_partial_edit_max', value: percentile(edits, 100), unit: 'ms' },
    { figure: 'marks_four_accounts_at_once_p95', value: percentile(together, 95), unit: 'ms' },
    { figure: 'marks_four_accounts_at_once_max', value: percentile(together, 100), unit: 'ms' },
  ];
}
