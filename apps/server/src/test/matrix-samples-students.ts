import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { ClassroomsRepository } from '../modules/classrooms/classrooms.repository';
import { EnrolmentsRepository } from '../modules/students/enrolments.repository';
import { StudentsRepository } from '../modules/students/students.repository';
import { acceptedEnrolmentRow, classroomRow, studentRow } from '../seed/school-rows';
import { uniquePhone } from './factories';
import type { Sample } from './matrix-samples';
import type { World } from './world';

// Matrix samples of the classrooms, students, archive, links and export routes.

export const managers = ['teacherA', 'adminA'] as const;
export const staffOfA = ['teacherA', 'adminA', 'assistantA'] as const;
/** Everyone who sees some of A: its managers, the account-wide assistant and the one-classroom viewer. */
export const readersOfA = [...staffOfA, 'assistantViewer'] as const;

const account = (w: World, _d: Deps, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });

/** A classroom of one side's teacher, made for one call (so edits and closes never touch the world's). */
async function freshClassroom(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const row = classroomRow(
    {
      account_id: w.accounts[side],
      grade: 'Class 9',
      subject: 'Physics',
      name: `Matrix ${newId(now)}`,
      tuition_fee: 100_000,
    },
    now,
  );
  await new ClassroomsRepository(deps.db.kysely).insert(row);
  return row.id;
}

/** A student in the side's world classroom, made for one call. */
export async function freshStudent(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const row = studentRow({ account_id: w.accounts[side], name: 'Matrix Student', phone: uniquePhone() }, now);
  await new StudentsRepository(deps.db.kysely).insert(row);
  await new EnrolmentsRepository(deps.db.kysely).insert(
    acceptedEnrolmentRow(row.id, w.classrooms[side], now),
  );
  return row.id;
}

/** A fresh student of the side, removed from the world classroom into the archive. */
async function archivedStudent(w: World, deps: Deps, side: 'A' | 'B') {
  const id = await freshStudent(w, deps, side);
  const now = deps.clock.now();
  await deps.db.kysely.deleteFrom('enrolments').where('student_id', '=', id).execute();
  await deps.db.kysely
    .insertInto('archived_enrolments')
    .values({
      id: newId(now),
      account_id: w.accounts[side],
      student_id: id,
      classroom_id: w.classrooms[side],
      grade: 'Class 9',
      subject: 'Physics',
      classroom_name: 'World classroom',
      archive_type: 'Archive',
      archived_by: null,
      archived_by_name: 'Matrix',
      archived_at: now,
      min_timestamp: now,
      max_timestamp: now,
      snapshot: '{}',
    })
    .execute();
  return id;
}

/** A live teacher sign-in link of the side's account. */
async function freshAuthLink(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const id = newId(now);
  await deps.db.kysely
    .insertInto('auth_links')
    .values({
      id,
      kind: 'teacher',
      key_hash: `matrix-${id}`,
      user_id: side === 'A' ? w.users.teacherA : w.users.teacherB,
      account_id: w.accounts[side],
      created_at: now,
      valid_till: now + 86_400_000,
    })
    .execute();
  return id;
}

/** A fresh assistant with an accepted account-wide grant (without flags) on the side's account. */
export async function freshAssistantGrant(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const userId = newId(now);
  const grantId = newId(now);
  await deps.db.kysely
    .insertInto('users')
    .values({
      id: userId,
      name: 'Helper',
      email: null,
      phone: uniquePhone(),
      password_hash: null,
      profession: 'TeacherAssistant',
      is_staff: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await deps.db.kysely
    .insertInto('moderators')
    .values({
      id: grantId,
      account_id: w.accounts[side],
      user_id: userId,
      classroom_id: null,
      status: 'accepted',
      manage_students: 0,
      modify_custom_id: 0,
      send_sms: 0,
      blocked: 0,
      created_at: now,
      accepted_at: now,
    })
    .execute();
  return { userId, grantId };
}

const studentCall = async (w: World, d: Deps, side: 'A' | 'B') => ({
  params: { accountId: w.accounts[side], studentId: await freshStudent(w, d, side) },
});
const worldClassroom = (w: World, _d: Deps, side: 'A' | 'B') => ({
  params: { accountId: w.accounts[side], classroomId: w.classrooms[side] },
});
const freshClassroomCall = async (w: World, d: Deps, side: 'A' | 'B') => ({
  params: { accountId: w.accounts[side], classroomId: await freshClassroom(w, d, side) },
});
const studentBody = () => ({ name: 'Matrix Student', phone: uniquePhone(), institution: 'Matrix School' });

export const STUDENT_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/classrooms': { allowed: readersOfA, institution: true, call: account },
  'POST /api/accounts/:accountId/classrooms': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({
      ...account(w, d, side),
      body: { grade: 'Class 9', subject: 'Physics', name: `Matrix ${newId()}` },
    }),
  },
  'GET /api/accounts/:accountId/classrooms/:classroomId': {
    institution: true,
    allowed: readersOfA,
    call: worldClassroom,
  },
  'PUT /api/accounts/:accountId/classrooms/:classroomId': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({
      ...(await freshClassroomCall(w, d, side)),
      body: { grade: 'Class 10', subject: 'Physics', name: `Matrix ${newId()}` },
    }),
  },
  'POST /api/accounts/:accountId/classrooms/:classroomId/close': {
    institution: true,
    allowed: managers,
    call: freshClassroomCall,
  },
  'POST /api/accounts/:accountId/classrooms/:classroomId/reopen': {
    institution: true,
    allowed: managers,
    call: freshClassroomCall,
  },
  'POST /api/accounts/:accountId/classrooms/:classroomId/avatar': {
    institution: true,
    allowed: managers,
    call: freshClassroomCall,
  },
  'PUT /api/accounts/:accountId/classrooms/:classroomId/assistants/:userId': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({
      params: {
        accountId: w.accounts[side],
        classroomId: await freshClassroom(w, d, side),
        userId: (await freshAssistantGrant(w, d, side)).userId,
      },
      body: { manageStudents: false, modifyCustomId: false, sendSms: false },
    }),
  },

  'GET /api/accounts/:accountId/students': { allowed: readersOfA, institution: true, call: account },
  'POST /api/accounts/:accountId/students': {
    institution: true,
    allowed: staffOfA,
    call: (w, d, side) => ({ ...account(w, d, side), body: studentBody() }),
  },
  'GET /api/accounts/:accountId/students/:studentId': {
    institution: true,
    allowed: readersOfA,
    call: studentCall,
  },
  'PUT /api/accounts/:accountId/students/:studentId': {
    institution: true,
    allowed: staffOfA,
    call: async (w, d, side) => ({ ...(await studentCall(w, d, side)), body: studentBody() }),
  },
  'POST /api/accounts/:accountId/students/:studentId/photo': {
    institution: true,
    allowed: staffOfA,
    call: studentCall,
  },
  'GET /api/accounts/:accountId/students/:studentId/include-options': {
    institution: true,
    allowed: readersOfA,
    call: studentCall,
  },
  'POST /api/accounts/:accountId/students/:studentId/include': {
    institution: true,
    allowed: staffOfA,
    call: async (w, d, side) => ({
      ...(await studentCall(w, d, side)),
      body: { classrooms: [{ classroomId: w.classrooms[side] }] },
    }),
  },
  'POST /api/accounts/:accountId/students/remove': {
    institution: true,
    allowed: staffOfA,
    call: async (w, d, side) => ({
      ...account(w, d, side),
      body: { classroomId: w.classrooms[side], studentIds: [await freshStudent(w, d, side)] },
    }),
  },
  'POST /api/accounts/:accountId/students/archive': {
    institution: true,
    allowed: staffOfA,
    call: async (w, d, side) => ({
      ...account(w, d, side),
      body: { studentIds: [await freshStudent(w, d, side)] },
    }),
  },
  'GET /api/accounts/:accountId/archive': { allowed: readersOfA, institution: true, call: account },
  'POST /api/accounts/:accountId/archive/:studentId/unarchive': {
    institution: true,
    allowed: staffOfA,
    call: async (w, d, side) => ({
      params: { accountId: w.accounts[side], studentId: await archivedStudent(w, d, side) },
      body: { classroomIds: [w.classrooms[side]] },
    }),
  },
  'DELETE /api/accounts/:accountId/archive/:studentId': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => {
      const studentId = await archivedStudent(w, d, side);
      await d.db.kysely
        .updateTable('students')
        .set({ archived_at: d.clock.now() })
        .where('id', '=', studentId)
        .execute();
      return { params: { accountId: w.accounts[side], studentId } };
    },
  },
  'GET /api/accounts/:accountId/student-fields': { allowed: readersOfA, institution: true, call: account },
  'PUT /api/accounts/:accountId/student-fields': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), body: { fields: [] } }),
  },

  'GET /api/accounts/:accountId/student-verification': {
    allowed: readersOfA,
    institution: true,
    call: account,
  },
  'GET /api/me/classes': { allowed: ['studentA', 'parentA'] },
  'POST /api/accounts/:accountId/students/:studentId/auth-link': {
    institution: true,
    allowed: staffOfA,
    call: async (w, d, side) => ({ ...(await studentCall(w, d, side)), body: {} }),
  },
  'POST /api/accounts/:accountId/auth-link': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), body: {} }),
  },
  'GET /api/accounts/:accountId/auth-links': { allowed: managers, institution: true, call: account },
  'DELETE /api/accounts/:accountId/auth-links/:linkId': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({
      params: { accountId: w.accounts[side], linkId: await freshAuthLink(w, d, side) },
    }),
  },
  'POST /api/auth/auto-login': { allowed: 'everyone', call: () => ({ body: { key: 'k'.repeat(32) } }) },
  'POST /api/accounts/:accountId/students/:studentId/photo-link': {
    institution: true,
    allowed: staffOfA,
    call: async (w, d, side) => ({ ...(await studentCall(w, d, side)), body: {} }),
  },
  'GET /api/live-photo/:key': { allowed: 'everyone', call: () => ({ params: { key: 'k'.repeat(32) } }) },
  'POST /api/live-photo/:key': { allowed: 'everyone', call: () => ({ params: { key: 'k'.repeat(32) } }) },
  'GET /api/accounts/:accountId/students/:studentId/access-code': {
    institution: true,
    allowed: readersOfA,
    call: studentCall,
  },
  'GET /api/accounts/:accountId/access-codes': { allowed: readersOfA, institution: true, call: account },
  'POST /api/accounts/:accountId/short-links': {
    institution: true,
    allowed: readersOfA,
    call: (w, d, side) => ({ ...account(w, d, side), body: { url: '/blog' } }),
  },
  'GET /r/:code': { allowed: 'everyone', call: () => ({ params: { code: 'nothing1' } }) },

  'POST /api/exports': {
    allowed: 'signed-in',
    call: () => ({ body: { format: 'xlsx', title: 'Matrix', headers: ['Name'], rows: [['A']] } }),
  },
  'GET /api/accounts/:accountId/students/export': {
    institution: true,
    allowed: readersOfA,
    call: (w, d, side) => ({ ...account(w, d, side), query: 'format=xlsx&columns=name' }),
  },
};
