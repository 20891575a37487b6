import { TOOL_KEYS } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { newAccount } from '../modules/accounts/account-defaults';
import { AccountsRepository } from '../modules/accounts/accounts.repository';
import { hashPassword } from '../modules/auth/password';
import { ClassroomsRepository } from '../modules/classrooms/classrooms.repository';
import { EnrolmentsRepository } from '../modules/students/enrolments.repository';
import { StudentsRepository } from '../modules/students/students.repository';
import { installOpeningTools } from '../modules/tools/tools-opening';
import { seedDemoAdmission } from './demo-admission';
import { seedDemoClassroomLife } from './demo-classrooms';
import { acceptedEnrolmentRow, classroomRow, studentRow } from './school-rows';
import type { DemoSignIn } from './seed';

/** SMS every demo account starts with, so the demo can send to its classrooms. */
const DEMO_SMS_GRANT = 5000;

/** The demo sign-ins, also used by the browser tests. Never seeded in production unless asked. */
export const DEMO = {
  password: 'Batchwise demo 2026',
  teacher: { name: 'Nusrat Jahan', email: 'teacher@demo.batchwise.bd', institution: 'Udoy Coaching Centre' },
  admin: { name: 'Mahbub Alam', email: 'admin@demo.batchwise.bd', institution: 'Shapla Academy' },
  adminTeachers: [
    { name: 'Karim Hossain', email: 'karim@demo.batchwise.bd', phone: '+8801711000011' },
    { name: 'Farzana Rahman', email: 'farzana@demo.batchwise.bd', phone: '+8801711000012' },
  ],
  assistant: { name: 'Tanvir Ahmed', email: 'assistant@demo.batchwise.bd', phone: '+8801711000020' },
  student: { name: 'Rafi Islam', phone: '+8801711000031' },
  parent: { phone: '+8801711000041' },
  staff: { name: 'Batchwise Support', email: 'staff@demo.batchwise.bd' },
} as const;

const STUDENTS = [
  ['Rafi Islam', DEMO.student.phone, DEMO.parent.phone],
  ['Sadia Afrin', '+8801711000032', '+8801711000042'],
  ['মেহেদী হাসান', '+8801711000033', '+8801711000043'],
  ['Tasnim Chowdhury', '+8801711000034', null],
  ['আয়েশা সিদ্দিকা', '+8801711000035', '+8801711000045'],
  ['Arif Mahmud', '+8801711000036', null],
] as const;

type Trx = Kysely<Database>;

async function person(
  trx: Trx,
  now: number,
  fields: {
    name: string;
    email?: string;
    phone?: string;
    profession: 'Teacher' | 'Admin' | 'TeacherAssistant' | null;
    staff?: boolean;
    hash: string | null;
  },
) {
  const id = newId(now);
  await trx
    .insertInto('users')
    .values({
      id,
      name: fields.name,
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      password_hash: fields.hash,
      profession: fields.profession,
      is_staff: fields.staff ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function institution(trx: Trx, now: number, ownerId: string, kind: 'Teacher' | 'Admin', name: string) {
  const accountId = newId(now);
  await new AccountsRepository(trx).open(
    newAccount(
      { accountType: kind, businessAccount: false, institution: name },
      { accountId, ownerId, referredBy: null },
      now,
      DEMO_SMS_GRANT,
    ),
  );
  // The demo shows every add-on, so each is installed without expiry.
  await installOpeningTools(trx, accountId, TOOL_KEYS, now);
  return accountId;
}

async function classroom(
  trx: Trx,
  now: number,
  accountId: string,
  grade: string,
  subject: string,
  name: string,
  fee: number,
) {
  const row = classroomRow(
    { account_id: accountId, grade, subject, name, color: '#0f9d8a', tuition_fee: fee },
    now,
  );
  await new ClassroomsRepository(trx).insert(row);
  return row.id;
}

async function enrol(
  trx: Trx,
  now: number,
  accountId: string,
  classroomIds: string[],
  rows: readonly (readonly [string, string, string | null])[],
) {
  // IDs continue the team's counter, as the app's own saves do, so no ID repeats.
  const students = new StudentsRepository(trx);
  const enrolments = new EnrolmentsRepository(trx);
  const counter = await students.counterAccount(accountId);
  let customId = counter.max_custom_id;
  for (const [name, phone, parentPhone] of rows) {
    customId++;
    const student = studentRow(
      { account_id: accountId, name, phone, custom_id: `ID-${customId}`, parent1_phone: parentPhone },
      now,
    );
    await students.insert(student);
    for (const classroomId of classroomIds) {
      await enrolments.insert(acceptedEnrolmentRow(student.id, classroomId, now));
    }
    if (parentPhone) await students.replaceParentLinks(student.id, [parentPhone], now);
  }
  await students.raiseMaxCustomId(counter.id, customId);
}

/** A teacher, an admin with two teachers, an assistant, students, a parent and a staff member. */
export async function seedDemoAccounts(deps: Deps): Promise<DemoSignIn[]> {
  const now = deps.clock.now();
  const hash = await hashPassword(DEMO.password, deps.config.passwordCost);
  await deps.db.kysely.transaction().execute(async (trx) => {
    const teacherId = await person(trx, now, {
      ...DEMO.teacher,
      phone: '+8801711000001',
      profession: 'Teacher',
      hash,
    });
    const teacherAccount = await institution(trx, now, teacherId, 'Teacher', DEMO.teacher.institution);
    const physics = await classroom(
      trx,
      now,
      teacherAccount,
      'Class 9',
      'Physics',
      'Physics Morning Batch',
      150_000,
    );
    const math = await classroom(
      trx,
      now,
      teacherAccount,
      'Class 10',
      'Higher Math',
      'Higher Math Evening',
      180_000,
    );
    await enrol(trx, now, teacherAccount, [physics], STUDENTS.slice(0, 4));
    await enrol(trx, now, teacherAccount, [physics, math], STUDENTS.slice(4));
    await seedDemoClassroomLife(trx, now, {
      accountId: teacherAccount,
      physics,
      math,
      teacher: DEMO.teacher.name,
    });
    await seedDemoAdmission(trx, now, { accountId: teacherAccount, physics });

    const adminId = await person(trx, now, {
      ...DEMO.admin,
      phone: '+8801711000002',
      profession: 'Admin',
      hash,
    });
    const adminAccount = await institution(trx, now, adminId, 'Admin', DEMO.admin.institution);
    for (const [position, t] of DEMO.adminTeachers.entries()) {
      const id = await person(trx, now, { ...t, profession: 'Teacher', hash });
      const account = await institution(trx, now, id, 'Teacher', DEMO.admin.institution);
      await trx
        .insertInto('admin_teachers')
        .values({ admin_account_id: adminAccount, teacher_account_id: account, position, created_at: now })
        .execute();
      const room = await classroom(
        trx,
        now,
        account,
        'HSC',
        position === 0 ? 'Chemistry' : 'English',
        `${position === 0 ? 'Chemistry' : 'English'} Batch A`,
        200_000,
      );
      await enrol(
        trx,
        now,
        account,
        [room],
        [[`Student of ${t.name.split(' ')[0]}`, `+88017110001${position}0`, null]],
      );
    }

    const assistantId = await person(trx, now, { ...DEMO.assistant, profession: 'TeacherAssistant', hash });
    await trx
      .insertInto('moderators')
      .values({
        id: newId(now),
        account_id: teacherAccount,
        user_id: assistantId,
        classroom_id: null,
        status: 'accepted',
        manage_students: 1,
        modify_custom_id: 0,
        send_sms: 1,
        blocked: 0,
        created_at: now,
        accepted_at: now,
      })
      .execute();
    await person(trx, now, { ...DEMO.staff, profession: null, staff: true, hash });
  });
  const phoneCode = 'a code by SMS (read it on /dev/outbox)';
  return [
    { role: 'Teacher', login: DEMO.teacher.email, secret: DEMO.password },
    { role: 'Admin (2 teachers)', login: DEMO.admin.email, secret: DEMO.password },
    { role: 'Teacher assistant', login: DEMO.assistant.email, secret: DEMO.password },
    { role: 'Student', login: DEMO.student.phone, secret: phoneCode },
    { role: 'Parent', login: DEMO.parent.phone, secret: phoneCode },
    { role: 'Staff', login: DEMO.staff.email, secret: DEMO.password },
  ];
}
