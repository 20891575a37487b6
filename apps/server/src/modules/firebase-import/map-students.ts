import { newId } from '../../lib/ids';
import { withSearchText } from '../students/student-filters';
import {
  bdPhone,
  email,
  type ImportContext,
  ms,
  paisa,
  type Tree,
  text,
  textOrNull,
  tree,
} from './firebase-values';
import type { ImportedClassroom } from './map-classrooms';

/**
 * A student's identity from an accepted-student record or an archive's Info (part 2 §3): the
 * phone by the shared rules (a trailing D kept), parent phones dropped when not valid, custom
 * fields by the account's field names. Null when the student's phone is not valid: the record is
 * skipped with the spec's Invalid Phone message.
 */
export function studentRow(
  ctx: ImportContext,
  key: string,
  info: Tree,
  accountId: string,
  fields: readonly string[],
) {
  const name = text(info.Name);
  const phone = bdPhone(info.Phone, true);
  if (!phone) {
    ctx.report.skip('students', key, 'SMS_INVALID_PHONE', {
      name,
      id: text(info.customID),
      phone: text(info.Phone),
    });
    return null;
  }
  const custom = Object.fromEntries(fields.filter((f) => text(info[f])).map((f) => [f, text(info[f])]));
  return withSearchText({
    account_id: accountId,
    name: name || key,
    phone,
    email: email(info.Email),
    institution: text(info.Institution) || 'Private',
    custom_id: textOrNull(info.customID),
    rfid: textOrNull(info.RFIDCode),
    parent1_phone: bdPhone(info.parent1phone),
    parent2_phone: bdPhone(info.parent2phone),
    custom_fields: JSON.stringify(custom),
  });
}

type Row = Record<string, unknown>;

interface Enrolment {
  readonly classroomId: string;
  readonly record: Tree;
}

export function newStudentColumns(now: number, createdAt: number | null) {
  return { user_id: null, avatar_key: null, person_id: null, created_at: createdAt ?? now, updated_at: now };
}

/**
 * The students of a teacher's classrooms (…/Streams/{batch}/AcceptedStudents/{studentUid}), one
 * row per student however many classrooms hold them, and an enrolment per classroom with its
 * dates, fee override (TuitionFee, taka), type and video permission. Returns our student id per
 * Firebase student uid.
 */
export async function importStudents(
  ctx: ImportContext,
  uid: string,
  accountId: string,
  classrooms: readonly ImportedClassroom[],
  fields: readonly string[],
): Promise<Map<string, string>> {
  const byStudent = new Map<string, Enrolment[]>();
  for (const classroom of classrooms) {
    for (const [studentUid, record] of Object.entries(tree(classroom.data.AcceptedStudents))) {
      const list = byStudent.get(studentUid) ?? [];
      list.push({ classroomId: classroom.id, record: tree(record) });
      byStudent.set(studentUid, list);
    }
  }
  const students: { uid: string; key: string; values: Row; createOnly: Row; enrolments: Enrolment[] }[] = [];
  for (const [studentUid, enrolments] of byStudent) {
    const key = `${uid}/${studentUid}`;
    ctx.report.read('students');
    ctx.report.read('enrolments', enrolments.length);
    const row = studentRow(ctx, key, enrolments[0]!.record, accountId, fields);
    if (!row) {
      for (let i = 0; i < enrolments.length; i++)
        ctx.report.skip('enrolments', key, 'IMPORT_STUDENT_SKIPPED');
      continue;
    }
    const applied = Math.min(...enrolments.map((e) => ms(e.record.AppliedDate) ?? ctx.now));
    students.push({
      uid: studentUid,
      key,
      values: { ...row, archived_at: null },
      createOnly: newStudentColumns(ctx.now, applied),
      enrolments,
    });
  }
  const written = await ctx.repo.syncKeyedMany('students', 'student', students, ctx.now);
  for (const { outcome } of written) ctx.report.wrote('students', outcome);
  const outcomes = await ctx.repo.syncMany(
    'enrolments',
    ['student_id', 'classroom_id'],
    students.flatMap(({ enrolments }, i) =>
      enrolments.map(({ classroomId, record }) => {
        const appliedAt = ms(record.AppliedDate) ?? ms(record.AcceptedDate) ?? ctx.now;
        return {
          where: { student_id: written[i]!.id, classroom_id: classroomId },
          values: {
            applied_at: appliedAt,
            accepted_at: ms(record.AcceptedDate) ?? appliedAt,
            tuition_fee: paisa(record.TuitionFee),
            type: text(record.Type) || 'Physical',
            video_permission: text(record.VideoPermission) || 'Not allowed',
          },
          createOnly: { id: newId(ctx.now) },
        };
      }),
    ),
  );
  for (const outcome of outcomes) ctx.report.wrote('enrolments', outcome);
  return new Map(students.map(({ uid: studentUid }, i) => [studentUid, written[i]!.id]));
}
