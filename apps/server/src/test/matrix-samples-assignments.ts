import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { child } from './matrix-samples-portal';
import { readersOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of online assignments: whoever sees the classroom (its owner, the admin, the
// account-wide assistant and the assistant granted that classroom alone) posts, reads, changes,
// marks and removes its assignments; the family portal lists a child's to the student and the
// parent, and only the student hands work in. Nobody of B, and no one on B's child. Each call
// that writes names an assignment made for that call.

const account = (w: World, side: 'A' | 'B') => ({ accountId: w.accounts[side] });

/** An assignment posted to the side's world classroom, due in a day, optionally handed in. */
async function freshAssignment(w: World, deps: Deps, side: 'A' | 'B', submitted = false) {
  const now = deps.clock.now();
  const id = newId(now);
  const db = deps.db.kysely;
  await db
    .insertInto('assignments')
    .values({
      id,
      account_id: w.accounts[side],
      title: 'Homework',
      instructions: '',
      attachment_name: null,
      attachment_url: null,
      due_at: now + 86_400_000,
      full_marks: 10,
      accept_late: 1,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('assignment_classrooms')
    .values({ assignment_id: id, classroom_id: w.classrooms[side] })
    .execute();
  if (submitted)
    await db
      .insertInto('assignment_submissions')
      .values({ assignment_id: id, student_id: w.students[side], text: 'Done', submitted_at: now })
      .execute();
  return id;
}

const staffRoute = (call: Sample['call']): Sample => ({ institution: true, allowed: readersOfA, call });
const assignment = (submitted = false) =>
  staffRoute(async (w, d, side) => ({
    params: { ...account(w, side), assignmentId: await freshAssignment(w, d, side, submitted) },
  }));
const input = (w: World, d: Deps, side: 'A' | 'B') => ({
  title: 'Chapter 3',
  classroomIds: [w.classrooms[side]],
  dueAt: d.clock.now() + 86_400_000,
  fullMarks: 20,
});

export const ASSIGNMENT_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/assignments': staffRoute((w, _d, side) => ({ params: account(w, side) })),
  'POST /api/accounts/:accountId/assignments': staffRoute((w, d, side) => ({
    params: account(w, side),
    body: input(w, d, side),
  })),
  // No file: those allowed get past the access check to the upload's own refusal.
  'POST /api/accounts/:accountId/assignment-files': staffRoute((w, _d, side) => ({
    params: account(w, side),
  })),
  'GET /api/accounts/:accountId/assignments/:assignmentId': assignment(),
  'PUT /api/accounts/:accountId/assignments/:assignmentId': staffRoute(async (w, d, side) => ({
    params: { ...account(w, side), assignmentId: await freshAssignment(w, d, side) },
    body: input(w, d, side),
  })),
  'DELETE /api/accounts/:accountId/assignments/:assignmentId': assignment(),
  'PUT /api/accounts/:accountId/assignments/:assignmentId/submissions/:studentId': staffRoute(
    async (w, d, side) => ({
      params: {
        ...account(w, side),
        assignmentId: await freshAssignment(w, d, side, true),
        studentId: w.students[side],
      },
      body: { marks: 7, comment: 'Well done' },
    }),
  ),
  // Handed in, not marked: those allowed get past the access check to "no marks yet".
  'POST /api/accounts/:accountId/assignments/:assignmentId/assessment': staffRoute(async (w, d, side) => ({
    params: { ...account(w, side), assignmentId: await freshAssignment(w, d, side, true) },
    body: { term: 'Half-yearly' },
  })),
  'GET /api/portal/students/:studentId/assignments': {
    institution: true,
    allowed: ['studentA', 'parentA'],
    call: (w, d, side) => child(w, d, side),
  },
  'PUT /api/portal/students/:studentId/assignments/:assignmentId/submission': {
    institution: true,
    allowed: ['studentA'],
    call: async (w, d, side) => {
      const { params } = await child(w, d, side);
      return {
        params: { ...params, assignmentId: await freshAssignment(w, d, side) },
        body: { text: 'Mine' },
      };
    },
  },
  // No file: the student gets past the access check to the upload's own refusal.
  'POST /api/portal/students/:studentId/assignment-files': {
    institution: true,
    allowed: ['studentA'],
    call: (w, d, side) => child(w, d, side),
  },
};
