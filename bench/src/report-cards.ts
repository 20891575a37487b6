import { acceptedEnrolmentRow, studentRow } from '../../apps/server/src/seed/school-rows';
import { type Figure, inServerDatabase } from './lib';
import { signUpTeacher } from './students';

// Report cards: rendering 200 report cards to PDF through the HTTP path (goal ≤ 60 s on this machine).
// A classroom of 200 students (with Bangla names) and a term of two published assessments, six
// subjects each (two in CQ + MCQ parts, one fourth subject), every mark entered. Figures: the
// class PDF of all 200 cards (one request, a page each) in Bangla and in English, checked for its
// page count; and single cards one after another (a family's or a teacher's download).

const STUDENTS = 200;
const SINGLE_CARDS = 10;
const WRITE = { 'content-type': 'application/json', 'x-batchwise-csrf': '1' };
const TERM = 'Half-yearly 2026';

const SUBJECTS = [
  { name: 'বাংলা', parts: [{ key: 'total', fullMarks: 100, passMarks: 33 }] },
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
  { name: 'Higher Math', kind: 'optional', parts: [{ key: 'total', fullMarks: 100, passMarks: 33 }] },
];

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

/** An assessment of the term with every mark entered (deterministic, spread over the grades), published. */
async function publishedAssessment(
  base: string,
  cookie: string,
  classroomId: string,
  spec: { name: string; heldOn: string; weight: number },
  studentIds: readonly string[],
) {
  const assessment = await call(`${base}/classrooms/${classroomId}/assessments`, cookie, 'POST', {
    ...spec,
    term: TERM,
    subjects: SUBJECTS,
  });
  const subjects = assessment.subjects as { id: string; parts: { key: string; fullMarks: number }[] }[];
  const cells = studentIds.flatMap((studentId, s) =>
    subjects.flatMap((subject, j) =>
      subject.parts.map((p) => ({
        studentId,
        subjectId: subject.id,
        partKey: p.key,
        marks: Math.round(p.fullMarks * (0.3 + ((s * 7 + j * 13) % 70) / 100)),
        absent: false,
        version: 0,
      })),
    ),
  );
  const id = assessment.id as string;
  await call(`${base}/assessments/${id}/marks`, cookie, 'PATCH', { cells });
  await call(`${base}/assessments/${id}/publish`, cookie, 'POST');
}

async function timedPdf(
  url: string,
  cookie: string,
  forwardedFor: string,
): Promise<{ ms: number; bytes: Buffer }> {
  const started = performance.now();
  // Each download names a client of its own through the bench server's trusted loopback proxy
  // (the PDF routes limit one address to a few a minute).
  const res = await fetch(url, { headers: { cookie, 'x-forwarded-for': forwardedFor } });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${bytes.toString().slice(0, 300)}`);
  return { ms: performance.now() - started, bytes };
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

export async function reportCardFigures(appUrl: string, dataDir: string): Promise<Figure[]> {
  const teacher = await signUpTeacher(appUrl);
  const base = `${appUrl}/api/accounts/${teacher.accountId}`;
  const room = await call(`${base}/classrooms`, teacher.cookie, 'POST', {
    grade: 'Class 9',
    subject: 'Science',
    name: 'Science A',
  });
  const classroomId = room.id as string;
  const now = Date.now();
  const studentIds = await inServerDatabase(dataDir, (db) =>
    db.kysely.transaction().execute(async (trx) => {
      const students = Array.from({ length: STUDENTS }, (_, i) =>
        studentRow(
          {
            account_id: teacher.accountId,
            name: `${['মেহেদী হাসান', 'শিক্ষার্থী উদ্দিন', 'Rafi Islam', 'নুসরাত জাহান'][i % 4]} ${i + 1}`,
            phone: `+88019${String(10_000_000 + i).padStart(8, '0')}`,
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
      return students.map((s) => s.id);
    }),
  );
  await publishedAssessment(
    base,
    teacher.cookie,
    classroomId,
    { name: 'Class test', heldOn: '2026-05-10', weight: 20 },
    studentIds,
  );
  await publishedAssessment(
    base,
    teacher.cookie,
    classroomId,
    { name: 'Half-yearly', heldOn: '2026-06-20', weight: 80 },
    studentIds,
  );

  const pdfUrl = `${base}/classrooms/${classroomId}/report-cards/pdf?term=${encodeURIComponent(TERM)}`;
  // The renderer's browser starts on first use: one card first, so the class figures time renders.
  await timedPdf(`${pdfUrl}&studentId=${studentIds[0]}`, teacher.cookie, '10.9.0.1');
  const figures: Figure[] = [];
  for (const lang of ['bn', 'en'] as const) {
    const { ms, bytes } = await timedPdf(
      `${pdfUrl}&lang=${lang}`,
      teacher.cookie,
      `10.9.1.${lang === 'bn' ? 1 : 2}`,
    );
    const pages = pageCount(bytes);
    if (pages !== STUDENTS) throw new Error(`the class PDF has ${pages} pages, not ${STUDENTS}`);
    figures.push({
      figure: `report_cards_class_pdf_${STUDENTS}_${lang}`,
      value: Math.round(ms),
      unit: 'ms',
      goal: '<= 60000',
      met: ms <= 60_000,
    });
    figures.push({ figure: `report_cards_class_pdf_bytes_${lang}`, value: bytes.length, unit: 'bytes' });
  }
  let single = 0;
  for (let i = 0; i < SINGLE_CARDS; i++) {
    const { ms } = await timedPdf(
      `${pdfUrl}&lang=bn&studentId=${studentIds[i * 17]}`,
      teacher.cookie,
      `10.9.2.${i + 1}`,
    );
    single += ms;
  }
  const perCard = single / SINGLE_CARDS;
  figures.push({ figure: 'report_cards_single_pdf_mean', value: Math.round(perCard), unit: 'ms' });
  // For information: the goal is the class's 200 cards (above). Families open their own
  // cards one at a time over days; each such PDF pays a fresh page and its fonts.
  figures.push({
    figure: `report_cards_single_pdf_${STUDENTS}_estimate`,
    value: Math.round(perCard * STUDENTS),
    unit: 'ms',
  });
  return figures;
}
