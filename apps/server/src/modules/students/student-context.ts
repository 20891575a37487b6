import type { Enrolment, StudentDetail } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/access';
import { notFound } from '../../lib/errors';
import {
  type AccessPolicy,
  type AccountScope,
  managesStudentsIn,
  modifiesCustomIdIn,
  seesClassroom,
} from '../access/access.policy';
import { pictureUrl } from '../media/images';
import { type OpenEnrolment, type PersonRecord, PersonRepository } from './person.repository';

/** A student as the caller reaches it: the record, the same person's other records, their classes. */
export interface StudentContext {
  scope: AccountScope;
  /** Accounts of the student's team the caller may act on (an admin's teachers, else one account). */
  team: AccountScope[];
  student: PersonRecord;
  personKey: string;
  records: PersonRecord[];
  /** Enrolments of the person in classrooms the caller sees. */
  enrolments: OpenEnrolment[];
}

/** Records of one person share this key: the copies' person_id, else the record's own id. */
export const personKeyOf = (student: { id: string; person_id: string | null }) =>
  student.person_id ?? student.id;

export function scopeOf(ctx: Pick<StudentContext, 'team'>, accountId: string): AccountScope | undefined {
  return ctx.team.find((s) => s.accountId === accountId);
}

/**
 * The student `studentId` of `accountId` if the caller may see it: any student of an account
 * they reach in full, or, for an assistant limited to some classrooms, a student enrolled in one.
 * Anything else is 404, like a student that does not exist.
 */
export async function loadStudent(
  db: Kysely<Database>,
  access: AccessPolicy,
  principal: Principal,
  accountId: string,
  studentId: string,
): Promise<StudentContext> {
  const team = await access.teamScopes(principal, accountId);
  const scope = team.find((s) => s.accountId === accountId)!;
  const { records, enrolments: all } = await new PersonRepository(db).person(
    studentId,
    team.map((s) => s.accountId),
  );
  const student = records.find((r) => r.id === studentId);
  if (student?.account_id !== accountId) throw notFound();
  const personKey = personKeyOf(student);
  const enrolments = all.filter((e) => {
    const s = scopeOf({ team }, e.account_id);
    return s !== undefined && seesClassroom(s, e.classroom_id);
  });
  const own = all.filter((e) => e.student_id === studentId);
  if (scope.classrooms !== 'all' && !own.some((e) => seesClassroom(scope, e.classroom_id))) throw notFound();
  return { scope, team, student, personKey, records, enrolments };
}

/** Own-account classrooms of the student the caller sees. */
const ownClassrooms = (ctx: StudentContext) =>
  ctx.enrolments.filter((e) => e.student_id === ctx.student.id).map((e) => e.classroom_id);

/**
 * Who may save the drawer: owners and admins; an assistant with manageStudents account-wide or
 * on one of the student's classrooms.
 */
export function mayEdit(ctx: StudentContext): boolean {
  if (ctx.scope.relation !== 'assistant') return true;
  if (ctx.scope.classrooms === 'all' && ctx.scope.manageStudents) return true;
  return ownClassrooms(ctx).some((id) => managesStudentsIn(ctx.scope, id));
}

export function mayModifyCustomId(ctx: StudentContext): boolean {
  return modifiesCustomIdIn(ctx.scope, ownClassrooms(ctx));
}

export function toEnrolment(e: OpenEnrolment, ctx: Pick<StudentContext, 'team'>): Enrolment {
  const scope = scopeOf(ctx, e.account_id);
  return {
    studentId: e.student_id,
    accountId: e.account_id,
    teacherName: e.teacher_name,
    classroomId: e.classroom_id,
    classroomName: e.classroom_name,
    grade: e.grade,
    subject: e.subject,
    color: e.color,
    classroomFeePaisa: e.classroom_fee,
    tuitionFeePaisa: e.tuition_fee,
    appliedAt: e.applied_at,
    acceptedAt: e.accepted_at,
    type: e.type,
    videoPermission: e.video_permission,
    manageStudents: scope ? managesStudentsIn(scope, e.classroom_id) : false,
  };
}

export function parseCustomFields(text: string): Record<string, string> {
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v ?? '')]));
  } catch {
    return {};
  }
}

/** The student fields every answer shares. */
export function studentFields(s: Omit<PersonRecord, 'app_mode'>) {
  return {
    id: s.id,
    accountId: s.account_id,
    teacherName: s.teacher_name,
    name: s.name,
    phone: s.phone,
    email: s.email ?? '',
    institution: s.institution,
    avatarUrl: pictureUrl(s.avatar_key),
    customId: s.custom_id,
    rfid: s.rfid,
    parent1Phone: s.parent1_phone,
    parent2Phone: s.parent2_phone,
    customFields: parseCustomFields(s.custom_fields),
    userLinked: s.user_id !== null,
  };
}

export function toStudentDetail(ctx: StudentContext, canInclude: boolean): StudentDetail {
  return {
    ...studentFields(ctx.student),
    archived: ctx.student.archived_at !== null,
    createdAt: ctx.student.created_at,
    updatedAt: ctx.student.updated_at,
    enrolments: ctx.enrolments.map((e) => toEnrolment(e, ctx)),
    permissions: { edit: mayEdit(ctx), modifyCustomId: mayModifyCustomId(ctx), include: canInclude },
  };
}
