import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * These students' enrolments in open classrooms, with each classroom, its account and its teacher
 * (the account's owner) joined: the base of the reads that show students their classes (the
 * drawer's read joins the same tables to the person's records, StudentsRepository.person).
 */
export function openEnrolments(db: Kysely<Database>, studentIds: readonly string[]) {
  return db
    .selectFrom('enrolments')
    .innerJoin('classrooms', 'classrooms.id', 'enrolments.classroom_id')
    .innerJoin('accounts', 'accounts.id', 'classrooms.account_id')
    .innerJoin('users', 'users.id', 'accounts.owner_user_id')
    .where('enrolments.student_id', 'in', studentIds)
    .where('classrooms.closed_at', 'is', null);
}
