import { type PlanId, type SignUpInput, TOOL_KEYS } from '@batchwise/domain';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { ClassroomsRepository } from '../modules/classrooms/classrooms.repository';
import { EnrolmentsRepository } from '../modules/students/enrolments.repository';
import { StudentsRepository } from '../modules/students/students.repository';
import { installOpeningTools } from '../modules/tools/tools-opening';
import { acceptedEnrolmentRow, classroomRow, studentRow } from '../seed/school-rows';
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

/**
 * The token of the newest sign-up link queued for an address, read from the mail job (the
 * worker sends it; tests need not run it), or undefined when none was mailed.
 */
export async function signUpLinkToken(deps: Deps, email: string): Promise<string | undefined> {
  const jobs = await deps.db.kysely
    .selectFrom('jobs')
    .select('payload')
    .where('type', '=', 'mail.send')
    .orderBy('created_at', 'desc')
    .execute();
  for (const { payload } of jobs) {
    const mail = JSON.parse(payload) as { to: string; text: string };
    const token = /\/signup\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (mail.to === email.toLowerCase() && token) return token;
  }
  return undefined;
}

/**
 * Signs up through the real routes (the form, then the link mailed to the address) and returns a
 * signed-in client with the new ids.
 */
export async function signUp(app: FastifyInstance, deps: Deps, overrides: Partial<SignUpInput> = {}) {
  const input = signUpInput(overrides);
  const client = new TestClient(app);
  const asked = await client.post('/api/auth/sign-up', input);
  if (asked.statusCode !== 200) throw new Error(`sign-up failed: ${asked.body}`);
  const token = await signUpLinkToken(deps, input.email);
  if (!token) throw new Error(`sign-up mailed no link to ${input.email}`);
  const res = await client.post('/api/auth/sign-up/confirm', { token });
  if (res.statusCode !== 200) throw new Error(`sign-up confirmation failed: ${res.body}`);
  const userId = res.json().userId as string;
  const account = await deps.db.kysely
    .selectFrom('accounts')
    .select('id')
    .where('owner_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // Accounts made by the tests can use every add-on, as every account could before the tools
  // catalogue (migration 0035 installs them on existing accounts); tools tests remove them.
  await installOpeningTools(deps.db.kysely, account.id, TOOL_KEYS, deps.clock.now());
  return { client, input, userId, accountId: account.id };
}

/** Moves an account to a plan, as staff would (a Pro account has no moderator limit). */
export async function onPlan(deps: Deps, accountId: string, planId: PlanId): Promise<void> {
  await deps.db.kysely.updateTable('accounts').set({ plan_id: planId }).where('id', '=', accountId).execute();
}

/** A classroom with a student in it (the classroom module's own factories will replace this). */
export async function classroomWithStudent(
  deps: Deps,
  accountId: string,
  student: { name: string; phone: string; parentPhone?: string },
  classroom: { type?: string; name?: string } = {},
) {
  const now = deps.clock.now();
  const room = classroomRow(
    {
      account_id: accountId,
      grade: 'Class 9',
      subject: 'Physics',
      name: classroom.name ?? `Batch ${unique()}`,
      tuition_fee: 150_000,
      type: classroom.type ?? 'Physical',
    },
    now,
  );
  const row = studentRow(
    {
      account_id: accountId,
      name: student.name,
      phone: student.phone,
      parent1_phone: student.parentPhone ?? null,
    },
    now,
  );
  const students = new StudentsRepository(deps.db.kysely);
  await new ClassroomsRepository(deps.db.kysely).insert(room);
  await students.insert(row);
  await new EnrolmentsRepository(deps.db.kysely).insert(acceptedEnrolmentRow(row.id, room.id, now));
  if (student.parentPhone) await students.replaceParentLinks(row.id, [student.parentPhone], now);
  return { classroomId: room.id, studentId: row.id };
}
