import { phoneOf } from '../api';
import { Tracked, type WritePath } from '../write-path';
import { newSchool, type School, studentBody } from './school';

/** Student create: each acknowledged student must exist, under its id, in its classroom. */
export function studentCreatePath(): WritePath {
  // The value is "studentId|classroomId"; a create in flight knows neither yet.
  const writes = new Tracked<string>((inDb, expected) => expected === '' || inDb === expected);
  let school: School;
  return {
    name: 'student-create',
    clients: 1,
    async setup(ctx) {
      school = await newSchool(ctx);
    },
    async write(ctx) {
      const n = ctx.unique();
      const name = `Drill Student ${n}`;
      await writes.send(
        name,
        '',
        () =>
          ctx.api.send('POST', `/api/accounts/${school.accountId}/students`, {
            body: studentBody(school, { name, phone: phoneOf(n) }),
            cookie: school.cookie,
          }),
        (reply) => `${reply.body.student.id}|${school.classroomId}`,
      );
    },
    async verify(db) {
      const rows = await db
        .selectFrom('students')
        .leftJoin('enrolments', 'enrolments.student_id', 'students.id')
        .select(['students.id', 'students.name', 'enrolments.classroom_id'])
        .where('students.account_id', '=', school.accountId)
        .execute();
      const found = new Map(rows.map((r) => [r.name, `${r.id}|${r.classroom_id ?? 'no classroom'}`]));
      return { losses: writes.reconcile(found, (name) => `student "${name}"`), duplicates: [] };
    },
    figures: () => ({ acknowledged: writes.acknowledged, inFlightAtKill: writes.inFlightAtKill }),
  };
}
