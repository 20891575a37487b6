import { Tracked, type WritePath } from '../write-path';
import { newSchool, type School } from './school';

/** Classroom create: each acknowledged classroom must exist under the id it was answered with. */
export function classroomCreatePath(): WritePath {
  const writes = new Tracked<string>((inDb, expected) => expected === '' || inDb === expected);
  let school: School;
  return {
    name: 'classroom-create',
    clients: 1,
    async setup(ctx) {
      school = await newSchool(ctx);
    },
    async write(ctx) {
      const name = `Drill batch ${ctx.unique()}`;
      await writes.send(
        name,
        '',
        () =>
          ctx.api.send('POST', `/api/accounts/${school.accountId}/classrooms`, {
            body: { grade: 'Class 10', subject: 'Chemistry', name },
            cookie: school.cookie,
          }),
        (reply) => reply.body.id,
      );
    },
    async verify(db) {
      const rows = await db
        .selectFrom('classrooms')
        .select(['id', 'name'])
        .where('account_id', '=', school.accountId)
        .execute();
      const found = new Map(rows.map((r) => [r.name, r.id]));
      return { losses: writes.reconcile(found, (name) => `classroom "${name}"`), duplicates: [] };
    },
    figures: () => ({ acknowledged: writes.acknowledged, inFlightAtKill: writes.inFlightAtKill }),
  };
}
