import { addStudent, newSchool, type School } from '../drill/paths/school';
import type { Findings, WritePath } from '../drill/write-path';

const STUDENTS = 4;
/** What people type into the list's search box (traffic.ts's mix, shortened). */
const SEARCHES = ['Drill', 'student', '017', 'ID-1'];

/**
 * The reads a signed-in teacher's pages make, most of the traffic of a real day (traffic.ts): the
 * session, a page of the student list (now and then a search), the classrooms, the dues list.
 * Nothing is written, so nothing is verified in the database: every read must answer 200.
 */
export function signedInReadsPath(clients = 2): WritePath {
  let school: School;
  let reads = 0;
  return {
    name: 'signed-in-reads',
    clients,
    async setup(ctx) {
      school = await newSchool(ctx);
      for (let i = 0; i < STUDENTS; i++) await addStudent(ctx.api, school, ctx.unique());
    },
    async write(ctx) {
      const base = `/api/accounts/${school.accountId}`;
      const search = ctx.random.int(0, 4) === 0 ? `&q=${encodeURIComponent(ctx.random.pick(SEARCHES))}` : '';
      const path = ctx.random.pick([
        '/api/session',
        `${base}/students?page=${ctx.random.int(1, 2)}&pageSize=10${search}`,
        `${base}/classrooms`,
        `${base}/dues`,
      ]);
      const reply = await ctx.api.send('GET', path, { cookie: school.cookie });
      if (reply.status !== 200) throw new Error(`GET ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
      reads++;
    },
    verify: async (): Promise<Findings> => ({ losses: [], duplicates: [] }),
    figures: () => ({ acknowledged: reads, inFlightAtKill: 0 }),
  };
}
