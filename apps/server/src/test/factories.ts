import type { SignUpInput } from '@batchwise/domain';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { TestClient } from './http';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A phone number no other test uses: +8801 then 9 digits. */
export function uniquePhone(): string {
  counter++;
  return `+8801${String(700_000_000 + ((Date.now() + counter * 7919) % 299_999_999)).padStart(9, '0')}`;
}

export function signUpInput(overrides: Partial<SignUpInput> = {}): SignUpInput {
  const id = unique();
  return {
    accountType: 'Teacher',
    name: `Teacher ${id}`,
    email: `teacher-${id}@school.test`,
    password: `correct horse ${id}`,
    phone: uniquePhone(),
    institution: `Institution ${id}`,
    ...overrides,
  };
}

/** Signs up through the real route and returns a signed-in client with the new ids. */
export async function signUp(app: FastifyInstance, deps: Deps, overrides: Partial<SignUpInput> = {}) {
  const input = signUpInput(overrides);
  const client = new TestClient(app);
  const res = await client.post('/api/auth/sign-up', input);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  const userId = res.json().userId as string;
  const account = await deps.db.kysely
    .selectFrom('accounts')
    .select('id')
    .where('owner_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { client, input, userId, accountId: account.id };
}

/** A classroom with a student in it (the classroom module's own factories will replace this). */
export async function classroomWithStudent(
  deps: Deps,
  accountId: string,
  student: { name: string; phone: string; parentPhone?: string },
  classroom: { type?: string; name?: string } = {},
) {
  const now = deps.clock.now();
  const classroomId = newId(now);
  const studentId = newId(now);
  const db = deps.db.kysely;
  await db
    .insertInto('classrooms')
    .values({
      id: classroomId,
      account_id: accountId,
      grade: 'Class 9',
      subject: 'Physics',
      name: classroom.name ?? `Batch ${unique()}`,
      color: null,
      avatar_key: null,
      tuition_fee: 150_000,
      status: 'Active',
      type: classroom.type ?? 'Physical',
      start_date: null,
      timings: null,
      collection_month: null,
      created_at: now,
      updated_at: now,
      closed_at: null,
    })
    .execute();
  await db
    .insertInto('students')
    .values({
      id: studentId,
      account_id: accountId,
      user_id: null,
      name: student.name,
      phone: student.phone,
      email: null,
      institution: 'Private',
      avatar_key: null,
      custom_id: null,
      rfid: null,
      parent1_phone: student.parentPhone ?? null,
      parent2_phone: null,
      custom_fields: '{}',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('enrolments')
    .values({
      id: newId(now),
      student_id: studentId,
      classroom_id: classroomId,
      applied_at: now,
      accepted_at: now,
      tuition_fee: null,
      type: 'Physical',
      video_permission: 'Allowed',
    })
    .execute();
  if (student.parentPhone) {
    await db
      .insertInto('parent_links')
      .values({ parent_phone: student.parentPhone, student_id: studentId, created_at: now })
      .execute();
  }
  return { classroomId, studentId };
}
