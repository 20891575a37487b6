import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { signUp, uniquePhone } from './factories';
import type { TestClient } from './http';
import { addStudent, createClassroom, enrolledSince } from './school';

// Published assessments for report card tests: through the assessments API as a
// teacher would make them, or written straight into the tables for the authorization matrix.

export interface PartSpec {
  key: string;
  name?: string;
  fullMarks: number;
  passMarks: number;
}

export interface AssessmentSpec {
  name: string;
  term: string;
  heldOn: string;
  weight?: number;
  subjects: { name: string; kind?: 'compulsory' | 'optional'; parts: PartSpec[] }[];
  /** studentId → subject name → part key → marks, 'A' (absent) or null (left empty). */
  marks: Record<string, Record<string, Record<string, number | 'A' | null>>>;
  publish?: boolean;
}

/** Creates an assessment, enters its marks and publishes it, all through the API. */
export async function assessmentByApi(
  client: TestClient,
  accountId: string,
  classroomId: string,
  spec: AssessmentSpec,
): Promise<{ id: string; subjects: { id: string; name: string }[] }> {
  const created = await client.post(`/api/accounts/${accountId}/classrooms/${classroomId}/assessments`, {
    name: spec.name,
    term: spec.term,
    heldOn: spec.heldOn,
    weight: spec.weight ?? 100,
    subjects: spec.subjects.map((s) => ({
      name: s.name,
      kind: s.kind ?? 'compulsory',
      parts: s.parts.map((p) => ({ name: '', ...p })),
    })),
  });
  if (created.statusCode !== 201) throw new Error(`assessment not created: ${created.body}`);
  const assessment = created.json() as { id: string; subjects: { id: string; name: string }[] };
  const cells = Object.entries(spec.marks).flatMap(([studentId, bySubject]) =>
    Object.entries(bySubject).flatMap(([subjectName, byPart]) => {
      const subject = assessment.subjects.find((s) => s.name === subjectName)!;
      return Object.entries(byPart)
        .filter(([, value]) => value !== null)
        .map(([partKey, value]) => ({
          studentId,
          subjectId: subject.id,
          partKey,
          marks: value === 'A' ? null : value,
          absent: value === 'A',
          version: 0,
        }));
    }),
  );
  if (cells.length > 0) {
    const saved = await client.request({
      method: 'PATCH',
      url: `/api/accounts/${accountId}/assessments/${assessment.id}/marks`,
      payload: { cells },
    });
    if (saved.statusCode !== 200) throw new Error(`marks not saved: ${saved.body}`);
  }
  if (spec.publish !== false) {
    const published = await client.post(`/api/accounts/${accountId}/assessments/${assessment.id}/publish`);
    if (published.statusCode !== 200) throw new Error(`assessment not published: ${published.body}`);
  }
  return assessment;
}

/**
 * A published one-subject assessment with full marks for these students, written straight into
 * the tables (the matrix builds one per call). Returns its id and term.
 */
export async function seedPublishedTerm(
  deps: Deps,
  accountId: string,
  classroomId: string,
  studentIds: readonly string[],
  term = `Term ${newId()}`,
): Promise<{ assessmentId: string; term: string }> {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const assessmentId = newId(now);
  const subjectId = newId(now);
  await db
    .insertInto('assessments')
    .values({
      id: assessmentId,
      account_id: accountId,
      classroom_id: classroomId,
      name: 'Class test',
      term,
      held_on: '2026-06-15',
      weight: 100,
      published_at: now,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('assessment_subjects')
    .values({
      id: subjectId,
      assessment_id: assessmentId,
      name: 'Bangla',
      kind: 'compulsory',
      position: 0,
      parts: JSON.stringify([{ key: 'total', name: '', fullMarks: 100, passMarks: 33 }]),
    })
    .execute();
  if (studentIds.length > 0) {
    await db
      .insertInto('assessment_marks')
      .values(
        studentIds.map((studentId, i) => ({
          assessment_id: assessmentId,
          subject_id: subjectId,
          part_key: 'total',
          student_id: studentId,
          marks: (90 - i) * 100,
          absent: 0,
          version: 1,
          updated_by: null,
          updated_at: now,
        })),
      )
      .execute();
  }
  return { assessmentId, term };
}

export const TERM = 'Half-yearly 2026';

/**
 * A teacher's classroom with three students and the term of report-cards.test.ts: a class test
 * (weight 20) and the half-yearly (weight 80, Bangla in CQ and MCQ parts, Higher Math as the
 * fourth subject), both published, and an unpublished test that cards must not show.
 * - Asha: passes everything; term 315 of 400, 79.33 %, GPA 5.00 (capped), position 1.
 * - Bilal: fails Math in the half-yearly (20 of 100): GPA 0.00, position 2.
 * - Chayan: his half-yearly Math is not entered yet: no grade, no position.
 */
export async function reportFixture(app: FastifyInstance, deps: Deps) {
  const t = await signUp(app, deps, { institution: 'Udoy Coaching', name: 'Nasrin Sultana' });
  const classroomId = await createClassroom(t.client, t.accountId, { name: 'Physics A' });
  const guardian = uniquePhone();
  const asha = await addStudent(t.client, t.accountId, {
    name: 'Asha Akter',
    parent1Phone: guardian,
    enrolments: [{ classroomId }],
  });
  const bilal = await addStudent(t.client, t.accountId, {
    name: 'Bilal Hossain',
    enrolments: [{ classroomId }],
  });
  const chayan = await addStudent(t.client, t.accountId, {
    name: 'Chayan Das',
    parent2Phone: uniquePhone(),
    enrolments: [{ classroomId }],
  });
  await enrolledSince(deps, classroomId, '2026-01-01');
  const one = (full: number, pass: number) => [{ key: 'total', fullMarks: full, passMarks: pass }];
  const classTest = await assessmentByApi(t.client, t.accountId, classroomId, {
    name: 'Class test 1',
    term: TERM,
    heldOn: '2026-05-10',
    weight: 20,
    subjects: [
      { name: 'Bangla', parts: one(50, 17) },
      { name: 'Math', parts: one(50, 17) },
    ],
    marks: {
      [asha.id]: { Bangla: { total: 40 }, Math: { total: 30 } },
      [bilal.id]: { Bangla: { total: 25 }, Math: { total: 20 } },
      [chayan.id]: { Bangla: { total: 35 }, Math: { total: 35 } },
    },
  });
  const halfYearly = await assessmentByApi(t.client, t.accountId, classroomId, {
    name: 'Half-yearly exam',
    term: TERM,
    heldOn: '2026-06-20',
    weight: 80,
    subjects: [
      {
        name: 'Bangla',
        parts: [
          { key: 'cq', name: 'CQ', fullMarks: 70, passMarks: 23 },
          { key: 'mcq', name: 'MCQ', fullMarks: 30, passMarks: 10 },
        ],
      },
      { name: 'Math', parts: one(100, 33) },
      { name: 'Higher Math', kind: 'optional', parts: one(100, 33) },
    ],
    marks: {
      [asha.id]: { Bangla: { cq: 56, mcq: 24 }, Math: { total: 90 }, 'Higher Math': { total: 75 } },
      [bilal.id]: { Bangla: { cq: 40, mcq: 15 }, Math: { total: 20 }, 'Higher Math': { total: 50 } },
      [chayan.id]: { Bangla: { cq: 50, mcq: 20 }, Math: { total: null }, 'Higher Math': { total: 'A' } },
    },
  });
  const draft = await assessmentByApi(t.client, t.accountId, classroomId, {
    name: 'Unpublished test',
    term: TERM,
    heldOn: '2026-06-25',
    weight: 50,
    subjects: [{ name: 'Bangla', parts: one(10, 3) }],
    marks: { [asha.id]: { Bangla: { total: 1 } } },
    publish: false,
  });
  return { t, classroomId, guardian, asha, bilal, chayan, classTest, halfYearly, draft };
}
