import { CSRF_HEADER } from '@batchwise/domain';
import type { Db } from '../../apps/server/src/db/database';
import type { SignedInTeacher } from './students';

// The writes mixed into the family portal bench: while families read their homes, each teacher
// corrects marks of the latest assessment of one classroom after another through the marks grid
// (PATCH …/marks), as on a result day. Every save changes that classroom's results, so the
// report cards' kept term of it is composed again on its next read.

interface Cell {
  assessmentId: string;
  subjectId: string;
  studentId: string;
  version: number;
}

/** The cells of each classroom's latest assessment, by account. */
export async function latestCells(db: Db, accountIds: readonly string[]): Promise<Map<string, Cell[]>> {
  const assessments = await db.kysely
    .selectFrom('assessments')
    .select(['id', 'account_id', 'classroom_id', 'held_on'])
    .where('account_id', 'in', accountIds)
    .execute();
  const latest = new Map<string, (typeof assessments)[number]>();
  for (const a of assessments) {
    const seen = latest.get(a.classroom_id);
    if (!seen || a.held_on > seen.held_on) latest.set(a.classroom_id, a);
  }
  const accountOf = new Map([...latest.values()].map((a) => [a.id, a.account_id]));
  const marks = await db.kysely
    .selectFrom('assessment_marks')
    .select(['assessment_id', 'subject_id', 'student_id', 'version'])
    .where('assessment_id', 'in', [...accountOf.keys()])
    .execute();
  const cells = new Map<string, Cell[]>(accountIds.map((id) => [id, []]));
  for (const m of marks) {
    cells.get(accountOf.get(m.assessment_id)!)!.push({
      assessmentId: m.assessment_id,
      subjectId: m.subject_id,
      studentId: m.student_id,
      version: Number(m.version),
    });
  }
  return cells;
}

/**
 * Each teacher saves one corrected mark every `everyMs` until `stop`; `stop` answers the saves
 * made. A failed save fails the bench.
 */
export function editMarks(
  appUrl: string,
  teachers: readonly SignedInTeacher[],
  cells: Map<string, Cell[]>,
  everyMs: number,
) {
  let stopped = false;
  let saves = 0;
  const teacherLoop = async (teacher: SignedInTeacher) => {
    const own = cells.get(teacher.accountId)!;
    while (!stopped) {
      const cell = own[Math.floor(Math.random() * own.length)]!;
      const res = await fetch(
        `${appUrl}/api/accounts/${teacher.accountId}/assessments/${cell.assessmentId}/marks`,
        {
          method: 'PATCH',
          headers: { cookie: teacher.cookie, [CSRF_HEADER]: '1', 'content-type': 'application/json' },
          body: JSON.stringify({
            cells: [
              {
                studentId: cell.studentId,
                subjectId: cell.subjectId,
                partKey: 'total',
                marks: 30 + Math.floor(Math.random() * 70),
                absent: false,
                version: cell.version,
              },
            ],
          }),
        },
      );
      const body = (await res.json()) as { saved?: { version: number }[] };
      if (res.status !== 200 || body.saved?.length !== 1)
        throw new Error(`marks save: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      cell.version = body.saved[0]!.version;
      saves++;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
  const running = Promise.all(teachers.map(teacherLoop));
  return {
    async stop(): Promise<number> {
      stopped = true;
      await running;
      return saves;
    },
  };
}
