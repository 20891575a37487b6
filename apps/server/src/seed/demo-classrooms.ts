import { ARCHIVE_DEFAULT_LOOKBACK_MS } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../lib/ids';
import { EnrolmentsRepository } from '../modules/students/enrolments.repository';
import { StudentsRepository } from '../modules/students/students.repository';
import { acceptedEnrolmentRow, studentRow } from './school-rows';

const DAY = 86_400_000;

/**
 * What makes the demo teacher's classrooms look lived in: timings and custom student fields, a
 * student archived three weeks ago, one removed from a classroom, and two records that Student
 * Data Verification flags (a student with no phone; two people on one number).
 */
export async function seedDemoClassroomLife(
  trx: Kysely<Database>,
  now: number,
  ids: { accountId: string; physics: string; math: string; teacher: string },
): Promise<void> {
  const { accountId, physics, math, teacher } = ids;
  await trx
    .updateTable('classrooms')
    .set({
      timings: JSON.stringify([
        { day: 'Sunday', start: '16:00', end: '17:30' },
        { day: 'Tuesday', start: '16:00', end: '17:30' },
      ]),
      start_date: '05-01-2026',
      collection_month: '2026-01',
    })
    .where('id', '=', physics)
    .execute();
  await trx
    .updateTable('classrooms')
    .set({ timings: JSON.stringify([{ day: 'Thursday', start: '18:00', end: '19:30' }]), color: '#6d5dfc' })
    .where('id', '=', math)
    .execute();
  await trx
    .insertInto('student_fields')
    .values([
      {
        id: newId(now),
        account_id: accountId,
        name: 'Date Of Birth',
        kind: 'date',
        position: 0,
        created_at: now,
      },
      {
        id: newId(now),
        account_id: accountId,
        name: 'Blood Group',
        kind: 'blood-group',
        position: 1,
        created_at: now,
      },
    ])
    .execute();
  await trx
    .updateTable('students')
    .set({ custom_fields: JSON.stringify({ 'Date Of Birth': '05-03-2010', 'Blood Group': 'O+' }) })
    .where('account_id', '=', accountId)
    .where('name', '=', 'Rafi Islam')
    .execute();

  const students = new StudentsRepository(trx);
  const counter = await students.counterAccount(accountId);
  let nextId = counter.max_custom_id;
  const student = async (name: string, phone: string, archivedAt: number | null) => {
    const row = studentRow(
      {
        account_id: accountId,
        name,
        phone,
        institution: 'Udoy High School',
        custom_id: `ID-${++nextId}`,
        created_at: now - 120 * DAY,
        archived_at: archivedAt,
      },
      now,
    );
    await students.insert(row);
    return row.id;
  };
  const enrol = (studentId: string, classroomId: string) =>
    new EnrolmentsRepository(trx).insert(acceptedEnrolmentRow(studentId, classroomId, now - 90 * DAY));
  const archiveCopy = async (
    studentId: string,
    name: string,
    classroomId: string,
    type: 'Archive' | 'Delete',
    at: number,
  ) => {
    const room = await trx
      .selectFrom('classrooms')
      .selectAll()
      .where('id', '=', classroomId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('archived_enrolments')
      .values({
        id: newId(at),
        account_id: accountId,
        student_id: studentId,
        classroom_id: classroomId,
        grade: room.grade,
        subject: room.subject,
        classroom_name: room.name,
        archive_type: type,
        archived_by_name: teacher,
        archived_at: at,
        min_timestamp: at - ARCHIVE_DEFAULT_LOOKBACK_MS,
        max_timestamp: at,
        applied_at: now - 120 * DAY,
        accepted_at: now - 120 * DAY,
        enrolment_type: 'Physical',
        video_permission: 'Allowed',
        snapshot: JSON.stringify({ name }),
      })
      .execute();
  };

  // Archived three weeks ago out of Physics: on the Archive page, ready to unarchive.
  const farhan = await student('Farhan Kabir', '+8801711000037', now - 21 * DAY);
  await archiveCopy(farhan, 'Farhan Kabir', physics, 'Archive', now - 21 * DAY);

  // Removed from Higher Math last week, still in Physics.
  const arif = await trx
    .selectFrom('students')
    .select('id')
    .where('account_id', '=', accountId)
    .where('name', '=', 'Arif Mahmud')
    .executeTakeFirstOrThrow();
  await trx
    .deleteFrom('enrolments')
    .where('student_id', '=', arif.id)
    .where('classroom_id', '=', math)
    .execute();
  await archiveCopy(arif.id, 'Arif Mahmud', math, 'Delete', now - 7 * DAY);

  // For Student Data Verification: no phone yet, and a phone already used by Sadia Afrin.
  await enrol(await student('Nabila Akter', 'Unset', null), physics);
  await enrol(await student('Sabbir Hossain', '+8801711000032', null), physics);
  await students.raiseMaxCustomId(counter.id, nextId);
}
