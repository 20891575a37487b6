import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { child } from './matrix-samples-portal';
import { readersOfA, staffOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of the classroom wall (modules/wall/wall.policy.ts): whoever sees the classroom
// — its owner, the admin over it, the account-wide assistant and the assistant whose grant is for
// that classroom alone — posts and moderates; its SMS asks the SMS send permission (the
// single-classroom assistant has none). Families read a child's wall; only the student comments.
// Each call that changes a post names one made for that call.

/** An announcement on the side's world classroom, with one comment of that side's student. */
async function freshPost(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const id = newId(now);
  const commentId = newId(now);
  const db = deps.db.kysely;
  const accountId = w.accounts[side];
  await db
    .insertInto('wall_posts')
    .values({
      id,
      account_id: accountId,
      author_user_id: null,
      text: 'Matrix announcement',
      pinned: 0,
      comments_on: 1,
      attachments: '[]',
      sms_send_id: null,
      sms_sent_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('wall_post_classrooms')
    .values({ post_id: id, classroom_id: w.classrooms[side], account_id: accountId })
    .execute();
  await db
    .insertInto('wall_comments')
    .values({
      id: commentId,
      post_id: id,
      account_id: accountId,
      student_id: w.students[side],
      user_id: w.users.studentA,
      text: 'Matrix comment',
      created_at: now,
    })
    .execute();
  return { accountId, postId: id, commentId };
}

const staffPost = (body?: unknown) => async (w: World, d: Deps, side: 'A' | 'B') => {
  const { accountId, postId } = await freshPost(w, d, side);
  return { params: { accountId, postId }, body };
};

const familyPost = (body?: unknown) => async (w: World, d: Deps, side: 'A' | 'B') => {
  const { postId, commentId } = await freshPost(w, d, side);
  return { params: { studentId: w.students[side], postId, commentId }, body };
};

export const WALL_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/classrooms/:classroomId/wall': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side], classroomId: w.classrooms[side] } }),
  },
  'POST /api/accounts/:accountId/wall': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({
      params: { accountId: w.accounts[side] },
      body: { text: 'Matrix announcement', classroomIds: [w.classrooms[side]] },
    }),
  },
  'PATCH /api/accounts/:accountId/wall/:postId': {
    institution: true,
    allowed: readersOfA,
    call: staffPost({ pinned: true }),
  },
  'DELETE /api/accounts/:accountId/wall/:postId': {
    institution: true,
    allowed: readersOfA,
    call: staffPost(),
  },
  'DELETE /api/accounts/:accountId/wall/:postId/comments/:commentId': {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const { accountId, postId, commentId } = await freshPost(w, d, side);
      return { params: { accountId, postId, commentId } };
    },
  },
  // No file: those allowed are answered with the attachment's type message.
  'POST /api/accounts/:accountId/wall/attachments': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'POST /api/accounts/:accountId/wall/:postId/sms/preview': {
    institution: true,
    allowed: staffOfA,
    call: staffPost({ to: { student: true } }),
  },
  'POST /api/accounts/:accountId/wall/:postId/sms': {
    institution: true,
    allowed: staffOfA,
    call: staffPost({ to: { student: true } }),
  },
  'GET /api/portal/students/:studentId/wall': {
    institution: true,
    allowed: ['studentA', 'parentA'],
    call: (w, d, side) => child(w, d, side),
  },
  'POST /api/portal/students/:studentId/wall/:postId/comments': {
    institution: true,
    allowed: ['studentA'],
    call: familyPost({ text: 'Matrix comment' }),
  },
  'DELETE /api/portal/students/:studentId/wall/:postId/comments/:commentId': {
    institution: true,
    allowed: ['studentA'],
    call: familyPost(),
  },
};
