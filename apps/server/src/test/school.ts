import {
  bangladeshMoment,
  type ClassroomInput,
  DAY_NAMES,
  dayOf,
  type StudentSaveInput,
} from '@batchwise/domain';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { SmsQuotaRepository } from '../modules/sms/sms-quota.repository';
import { uniquePhone } from './factories';
import { TestClient } from './http';
import type { World } from './world';

let counter = 0;

/** Creates a classroom through the API and returns its id. */
export async function createClassroom(
  client: TestClient,
  accountId: string,
  input: Partial<ClassroomInput> = {},
): Promise<string> {
  const res = await client.post(`/api/accounts/${accountId}/classrooms`, {
    grade: 'Class 9',
    subject: 'Physics',
    name: `Batch ${++counter}-${Date.now().toString(36)}`,
    tuitionFeePaisa: 150_000,
    ...input,
  });
  if (res.statusCode !== 200) throw new Error(`classroom not created: ${res.body}`);
  return res.json().id as string;
}

/** The weekday of a Bangladesh date, as classroom timings name it. */
export function weekdayOf(date: string) {
  return DAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/** Gives the classroom one class on the weekday of `date` from 00:00 to 23:59: begun at any hour. */
export async function meetsAllDay(deps: Deps, classroomId: string, date: string): Promise<void> {
  await deps.db.kysely
    .updateTable('classrooms')
    .set({ timings: JSON.stringify([{ day: weekdayOf(date), start: '00:00', end: '23:59' }]) })
    .where('id', '=', classroomId)
    .execute();
}

/**
 * The world's classroom A meeting today from 00:00 to 23:59 (a class that has begun, whatever the
 * hour) and its account with SMS to spend: a class for the teacher to act on now.
 */
export async function classToday(world: World, deps: Deps) {
  const teacher = await world.client('teacherA');
  const accountId = world.accounts.A;
  const classroomId = world.classrooms.A;
  const today = dayOf(deps.clock.now());
  await meetsAllDay(deps, classroomId, today);
  await setSmsQuota(deps, accountId, 100);
  return { teacher, accountId, classroomId, today };
}

/**
 * Backdates the classroom's enrolments to the start of `day` (Bangladesh): its students joined
 * before the fixtures' assessments (held in the past), so each assessment is for them.
 */
export async function enrolledSince(deps: Deps, classroomId: string, day: string): Promise<void> {
  await deps.db.kysely
    .updateTable('enrolments')
    .set({ accepted_at: bangladeshMoment(day, '00:00') })
    .where('classroom_id', '=', classroomId)
    .execute();
}

/** Adds a student through the API and returns the answer's student. */
export async function addStudent(
  client: TestClient,
  accountId: string,
  input: Partial<StudentSaveInput> = {},
): Promise<{ id: string; customId: string | null; phone: string }> {
  const res = await client.post(`/api/accounts/${accountId}/students`, {
    name: `Student ${++counter}`,
    phone: uniquePhone(),
    institution: 'Udoy School',
    ...input,
  });
  if (res.statusCode !== 200) throw new Error(`student not added: ${res.body}`);
  return res.json().student;
}

/** An assistant user with an accepted grant on the account (account-wide unless a classroom is given). */
export async function assistantWithGrant(
  deps: Deps,
  accountId: string,
  grant: {
    classroomId?: string;
    manageStudents?: boolean;
    modifyCustomId?: boolean;
    sendSms?: boolean;
    collectPayments?: boolean;
    blocked?: boolean;
  } = {},
  userId?: string,
): Promise<string> {
  const now = deps.clock.now();
  const db = deps.db.kysely;
  let id = userId;
  if (!id) {
    id = newId(now);
    await db
      .insertInto('users')
      .values({
        id,
        name: `Assistant ${++counter}`,
        email: null,
        phone: uniquePhone(),
        password_hash: null,
        profession: 'TeacherAssistant',
        is_staff: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await db
    .insertInto('moderators')
    .values({
      id: newId(now),
      account_id: accountId,
      user_id: id,
      classroom_id: grant.classroomId ?? null,
      status: 'accepted',
      manage_students: grant.manageStudents ? 1 : 0,
      modify_custom_id: grant.modifyCustomId ? 1 : 0,
      send_sms: grant.sendSms ? 1 : 0,
      collect_payments: grant.collectPayments ? 1 : 0,
      blocked: grant.blocked ? 1 : 0,
      created_at: now,
      accepted_at: now,
    })
    .execute();
  return id;
}

/** Puts a teacher account under an admin account. */
export async function adminManages(
  deps: Deps,
  adminAccountId: string,
  teacherAccountId: string,
  position = 0,
) {
  await deps.db.kysely
    .insertInto('admin_teachers')
    .values({
      admin_account_id: adminAccountId,
      teacher_account_id: teacherAccountId,
      position,
      created_at: deps.clock.now(),
    })
    .execute();
}

/** A signed-in client for any user, through a fresh session. */
export async function clientFor(app: FastifyInstance, deps: Deps, userId: string): Promise<TestClient> {
  const { token } = await deps.sessions.create(userId, {});
  return new TestClient(app, token);
}

/** A member of the platform staff, signed in (staff are made in the database, never by sign-up). */
export async function newStaffClient(app: FastifyInstance, deps: Deps) {
  const now = Date.now();
  const id = `staff${now}${Math.random().toString(36).slice(2, 8)}`;
  await deps.db.kysely
    .insertInto('users')
    .values({
      id,
      name: 'Support Staff',
      email: `${id}@batchwise.test`,
      phone: null,
      password_hash: null,
      profession: null,
      is_staff: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, client: await clientFor(app, deps, id) };
}

/** An account's own SMS quota, as stored. */
export async function smsQuotaOf(deps: Deps, accountId: string): Promise<number> {
  const row = await deps.db.kysely
    .selectFrom('accounts')
    .select('sms_quota')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.sms_quota;
}

/**
 * Sets an account's SMS quota (through a ledger correction, so the ledger still adds up) and the
 * account whose quota it may share (none by default).
 */
export async function setSmsQuota(
  deps: Deps,
  accountId: string,
  smsQuota: number,
  sharedFrom: string | null = null,
): Promise<void> {
  const delta = smsQuota - (await smsQuotaOf(deps, accountId));
  const quotas = new SmsQuotaRepository(deps.db.kysely);
  if (delta !== 0) {
    await quotas.apply({
      account_id: accountId,
      delta,
      reason: 'correction',
      send_id: null,
      actor_user_id: null,
      note: 'test',
      created_at: deps.clock.now(),
    });
  }
  await deps.db.kysely
    .updateTable('accounts')
    .set({ sms_shared_from: sharedFrom })
    .where('id', '=', accountId)
    .execute();
}
