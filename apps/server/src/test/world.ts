import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../db/database';
import type { Deps, DepsOverrides } from '../deps';
import { newId } from '../lib/ids';
import { classroomWithStudent, signUp, uniquePhone } from './factories';
import { TestClient } from './http';
import { freshDatabase, type TestDatabase, type TestDeps, testApp } from './test-deps';

export const ACTORS = [
  'anonymous',
  'teacherA',
  'teacherB',
  'adminA',
  'adminB',
  'assistantA',
  'assistantNoGrant',
  'assistantViewer',
  'studentA',
  'parentA',
  'staff',
] as const;
export type Actor = (typeof ACTORS)[number];

export async function insertUser(
  deps: Deps,
  fields: { name: string; phone?: string; email?: string; profession: string | null; isStaff?: boolean },
) {
  const now = deps.clock.now();
  const id = newId(now);
  await deps.db.kysely
    .insertInto('users')
    .values({
      id,
      name: fields.name,
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      password_hash: null,
      profession: fields.profession as never,
      is_staff: fields.isStaff ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/**
 * Two institutions, A and B, with every kind of person around A: its teacher, the admin managing
 * it, an assistant with an account-wide grant, an assistant whose grant is only pending, an
 * assistant who sees one classroom without manageStudents, a student, a parent; and platform staff. Actors sign in through fresh sessions on demand, so
 * routes that end or replace a session can be called as often as needed.
 */
export async function buildWorld(app: FastifyInstance, deps: Deps) {
  const teacherA = await signUp(app, deps, { name: 'Teacher A' });
  const teacherB = await signUp(app, deps, { name: 'Teacher B' });
  const adminA = await signUp(app, deps, { name: 'Admin A', accountType: 'Admin' });
  const adminB = await signUp(app, deps, { name: 'Admin B', accountType: 'Admin' });
  const now = deps.clock.now();
  const db = deps.db.kysely;
  await db
    .insertInto('admin_teachers')
    .values({
      admin_account_id: adminA.accountId,
      teacher_account_id: teacherA.accountId,
      position: 0,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('admin_teachers')
    .values({
      admin_account_id: adminB.accountId,
      teacher_account_id: teacherB.accountId,
      position: 0,
      created_at: now,
    })
    .execute();

  // A has three assistants below (more than Lite's two), so it is on Pro, as it would have to be.
  await db.updateTable('accounts').set({ plan_id: 'pro' }).where('id', '=', teacherA.accountId).execute();

  const studentPhone = uniquePhone();
  const parentPhone = uniquePhone();
  const a = await classroomWithStudent(deps, teacherA.accountId, {
    name: 'Student A',
    phone: studentPhone,
    parentPhone,
  });
  const b = await classroomWithStudent(deps, teacherB.accountId, {
    name: 'Student B',
    phone: uniquePhone(),
    parentPhone: uniquePhone(),
  });

  const studentA = await insertUser(deps, { name: 'Student A', phone: studentPhone, profession: 'Student' });
  await db.updateTable('students').set({ user_id: studentA }).where('id', '=', a.studentId).execute();
  const parentA = await insertUser(deps, { name: 'Parent A', phone: parentPhone, profession: 'Parent' });
  const assistantA = await insertUser(deps, {
    name: 'Assistant A',
    phone: uniquePhone(),
    email: `asst-${newId()}@school.test`,
    profession: 'TeacherAssistant',
  });
  const assistantNoGrant = await insertUser(deps, {
    name: 'Assistant Pending',
    phone: uniquePhone(),
    profession: 'TeacherAssistant',
  });
  // Sees A's classroom through a grant for that classroom only, without manageStudents.
  const assistantViewer = await insertUser(deps, {
    name: 'Assistant Viewer',
    phone: uniquePhone(),
    profession: 'TeacherAssistant',
  });
  await db
    .insertInto('moderators')
    .values({
      id: newId(now),
      account_id: teacherA.accountId,
      user_id: assistantViewer,
      classroom_id: a.classroomId,
      status: 'accepted',
      manage_students: 0,
      modify_custom_id: 0,
      send_sms: 0,
      blocked: 0,
      created_at: now,
      accepted_at: now,
    })
    .execute();
  const staff = await insertUser(deps, {
    name: 'Staff',
    email: `staff-${newId()}@batchwise.test`,
    profession: null,
    isStaff: true,
  });
  for (const [userId, status, manage] of [
    [assistantA, 'accepted', 1],
    [assistantNoGrant, 'invited', 0],
  ] as const) {
    await db
      .insertInto('moderators')
      .values({
        id: newId(now),
        account_id: teacherA.accountId,
        user_id: userId,
        classroom_id: null,
        status,
        manage_students: manage,
        modify_custom_id: manage,
        send_sms: manage,
        collect_payments: manage,
        blocked: 0,
        created_at: now,
        accepted_at: status === 'accepted' ? now : null,
      })
      .execute();
  }

  const users: Record<Exclude<Actor, 'anonymous'>, string> = {
    teacherA: teacherA.userId,
    teacherB: teacherB.userId,
    adminA: adminA.userId,
    adminB: adminB.userId,
    assistantA,
    assistantNoGrant,
    assistantViewer,
    studentA,
    parentA,
    staff,
  };

  return {
    users,
    accounts: {
      A: teacherA.accountId,
      B: teacherB.accountId,
      adminA: adminA.accountId,
      adminB: adminB.accountId,
    },
    classrooms: { A: a.classroomId, B: b.classroomId },
    students: { A: a.studentId, B: b.studentId },
    emails: { teacherA: teacherA.input.email, teacherB: teacherB.input.email },
    /** A client signed in as the actor through a brand-new session. */
    async client(actor: Actor): Promise<TestClient> {
      if (actor === 'anonymous') return new TestClient(app);
      const { token } = await deps.sessions.create(users[actor], {});
      return new TestClient(app, token);
    },
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** A fresh database of the dialect with a ready app and the world on it, for one test file. */
export function useWorld(dialect: DialectName, overrides: Pick<DepsOverrides, 'claimUpload'> = {}) {
  const ctx = {} as { app: FastifyInstance; deps: TestDeps; world: World };
  let database: TestDatabase | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    const ready = await testApp(database, {}, overrides);
    close = ready.close;
    Object.assign(ctx, { app: ready.app, deps: ready.deps, world: await buildWorld(ready.app, ready.deps) });
  }, 120_000);
  afterAll(async () => {
    await close?.();
    await database?.drop();
  });
  return ctx;
}
