import { Tracked, type WritePath } from '../write-path';
import { addStudent, newSchool, type School, studentBody } from './school';

interface Saved {
  name: string;
  institution: string;
}

/**
 * The drawer's save (PUT): each client edits a student of its own, so a student has at most one
 * save in flight; after a kill the record holds the last acknowledged save or the one in flight.
 */
export function studentSavePath(clients = 2): WritePath {
  const writes = new Tracked<Saved>();
  let school: School;
  const students: { id: string; phone: string }[] = [];
  return {
    name: 'student-save',
    clients,
    async setup(ctx) {
      school = await newSchool(ctx);
      for (let i = 0; i < clients; i++) students.push(await addStudent(ctx.api, school, ctx.unique()));
    },
    async write(ctx, client) {
      const student = students[client]!;
      const n = ctx.unique();
      const saved = { name: `Saved ${n}`, institution: `School ${n % 97}` };
      await writes.send(student.id, saved, () =>
        ctx.api.send('PUT', `/api/accounts/${school.accountId}/students/${student.id}`, {
          body: studentBody(school, { ...saved, phone: student.phone }),
          cookie: school.cookie,
        }),
      );
    },
    async verify(db) {
      const rows = await db
        .selectFrom('students')
        .select(['id', 'name', 'institution'])
        .where('account_id', '=', school.accountId)
        .execute();
      const found = new Map(rows.map((r) => [r.id, { name: r.name, institution: r.institution }]));
      return { losses: writes.reconcile(found, (id) => `student ${id}`), duplicates: [] };
    },
    figures: () => ({ acknowledged: writes.acknowledged, inFlightAtKill: writes.inFlightAtKill }),
  };
}
