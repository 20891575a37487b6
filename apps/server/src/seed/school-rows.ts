import type { ClassroomsTable, EnrolmentsTable, StudentsTable } from '../db/schema';
import { newId } from '../lib/ids';
import { withSearchText } from '../modules/students/student-filters';

// Rows for filling a school straight into the database (demo data and tests), every column not
// given at its everyday value. The app itself writes through the services, which apply the rules.

type Given<Table, Required extends keyof Table> = Pick<Table, Required> & Partial<Table>;

export function classroomRow(
  fields: Given<ClassroomsTable, 'account_id' | 'grade' | 'subject' | 'name'>,
  now: number,
): ClassroomsTable {
  return {
    id: newId(now),
    color: null,
    avatar_key: null,
    tuition_fee: 0,
    status: 'Active',
    type: 'Physical',
    start_date: null,
    timings: null,
    collection_month: null,
    created_at: now,
    updated_at: now,
    closed_at: null,
    ...fields,
  };
}

export function studentRow(
  fields: Given<StudentsTable, 'account_id' | 'name' | 'phone'>,
  now: number,
): StudentsTable {
  return withSearchText({
    id: newId(now),
    user_id: null,
    email: null,
    institution: 'Private',
    avatar_key: null,
    custom_id: null,
    rfid: null,
    parent1_phone: null,
    parent2_phone: null,
    custom_fields: '{}',
    created_at: now,
    updated_at: now,
    person_id: null,
    archived_at: null,
    ...fields,
  });
}

/** An enrolment applied for and accepted at `at`, at the classroom's fee. */
export function acceptedEnrolmentRow(studentId: string, classroomId: string, at: number): EnrolmentsTable {
  return {
    id: newId(at),
    student_id: studentId,
    classroom_id: classroomId,
    applied_at: at,
    accepted_at: at,
    tuition_fee: null,
    type: 'Physical',
    video_permission: 'Allowed',
  };
}
