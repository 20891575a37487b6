import { addDays, dayOf, type SubjectPart, toHundredths } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { AssessmentsRepository } from '../modules/assessments/assessments.repository';
import { type CellWrite, MarksRepository } from '../modules/assessments/marks.repository';
import { DEMO } from './demo-accounts';
import type { DemoSignIn } from './seed';

// Demo assessments: the demo teacher's Physics Morning Batch has a class test and
// a half-yearly exam of the same term, both published, with marks for every student — among them
// A+ students helped by the fourth-subject bonus, one who fails Chemistry (parts below their pass
// marks, so GPA 0) and one absent from a class test — so the marks grid and the report cards show
// real results on first start.

const DAY = 86_400_000;

interface DemoSubject {
  name: string;
  kind: 'compulsory' | 'optional';
  parts: SubjectPart[];
}

const part = (key: string, name: string, fullMarks: number, passMarks: number): SubjectPart => ({
  key,
  name,
  fullMarks,
  passMarks,
});
const single = (name: string, kind: DemoSubject['kind'], full: number, pass: number): DemoSubject => ({
  name,
  kind,
  parts: [part('total', '', full, pass)],
});
const board = (name: string, kind: DemoSubject['kind']): DemoSubject => ({
  name,
  kind,
  parts: [part('cq', 'CQ', 50, 17), part('mcq', 'MCQ', 25, 8), part('practical', 'Practical', 25, 8)],
});

const CLASS_TEST: DemoSubject[] = [
  single('Physics', 'compulsory', 25, 9),
  single('Chemistry', 'compulsory', 25, 9),
  single('Mathematics', 'compulsory', 25, 9),
];
const HALF_YEARLY: DemoSubject[] = [
  board('Physics', 'compulsory'),
  board('Chemistry', 'compulsory'),
  single('Mathematics', 'compulsory', 100, 33),
  board('Biology', 'optional'),
];

/** The weakest student's half-yearly Chemistry: 27 of 100, CQ and MCQ below their pass marks. */
const FAILED_CHEMISTRY: Record<string, number> = { cq: 12, mcq: 6, practical: 9 };

/** Each student's share of the marks (by the order of their names); the fourth tops the class. */
const ABILITY = [0.83, 0.74, 0.62, 0.74, 0.93, 0.45];

export async function seedDemoAssessments(deps: Deps): Promise<DemoSignIn[]> {
  const now = deps.clock.now();
  await deps.db.kysely.transaction().execute(async (trx) => {
    const room = await trx
      .selectFrom('classrooms as c')
      .innerJoin('accounts as a', 'a.id', 'c.account_id')
      .innerJoin('users as u', 'u.id', 'a.owner_user_id')
      .select(['c.id', 'c.account_id', 'u.id as user_id'])
      .where('u.email', '=', DEMO.teacher.email)
      .where('c.name', '=', 'Physics Morning Batch')
      .executeTakeFirst();
    if (room) await seedClassroom(trx, now, room);
  });
  return [];
}

async function seedClassroom(
  trx: Kysely<Database>,
  now: number,
  room: { id: string; account_id: string; user_id: string },
) {
  const repo = new AssessmentsRepository(trx);
  const students = await repo.enrolledStudents(room.id);
  const today = dayOf(now);
  const term = `Half-yearly ${today.slice(0, 4)}`;
  const exams = [
    { name: 'Class test 1', heldOn: addDays(today, -40), weight: 20, subjects: CLASS_TEST },
    { name: 'Half-yearly', heldOn: addDays(today, -10), weight: 80, subjects: HALF_YEARLY },
  ];
  for (const [e, exam] of exams.entries()) {
    const at = now - (exams.length - e) * DAY;
    const id = newId(at);
    await repo.insert({
      id,
      account_id: room.account_id,
      classroom_id: room.id,
      name: exam.name,
      term,
      held_on: exam.heldOn,
      weight: exam.weight,
      published_at: at,
      created_by: room.user_id,
      created_at: at,
      updated_at: at,
    });
    const subjects = exam.subjects.map((s, position) => ({ ...s, id: newId(at), position }));
    await repo.insertSubjects(
      subjects.map((s) => ({
        id: s.id,
        assessment_id: id,
        name: s.name,
        kind: s.kind,
        position: s.position,
        parts: JSON.stringify(s.parts),
      })),
    );
    const cells: CellWrite[] = [];
    for (const [i, student] of students.entries()) {
      const ability = ABILITY[i % ABILITY.length]!;
      for (const [j, subject] of subjects.entries()) {
        for (const [k, p] of subject.parts.entries()) {
          // A steady spread around the student's share, in half marks.
          const swing = (((i * 7 + j * 5 + k * 3 + e * 2) % 9) - 4) / 100;
          let marks = Math.round(Math.min(0.99, Math.max(0.2, ability + swing)) * p.fullMarks * 2) / 2;
          // The weakest student fails the half-yearly's Chemistry (and so the term); another missed a class test.
          if (e === 1 && i === 5 && subject.name === 'Chemistry') marks = FAILED_CHEMISTRY[p.key] ?? marks;
          const absent = e === 0 && i === 2 && subject.name === 'Mathematics';
          cells.push({
            assessment_id: id,
            subject_id: subject.id,
            part_key: p.key,
            student_id: student.id,
            marks: absent ? null : toHundredths(marks),
            absent: absent ? 1 : 0,
            version: 1,
            updated_by: room.user_id,
            updated_at: at,
          });
        }
      }
    }
    await new MarksRepository(trx).overwrite(cells);
  }
}
