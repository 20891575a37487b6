import { HIDDEN_FROM_STUDENTS_TYPES } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import { caseless } from '../../db/order';
import type { Database } from '../../db/schema';
import { openEnrolments } from './open-enrolments';

/** What a signed-in student or parent may read: their records and accepted, visible classes. */
export class MyClassesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  records(filter: { userId: string } | { parentPhone: string }) {
    let query = this.db
      .selectFrom('students')
      .innerJoin('accounts', 'accounts.id', 'students.account_id')
      .select([
        'students.id',
        'students.account_id',
        'students.name',
        'students.custom_id',
        'students.avatar_key',
        'accounts.institution',
      ]);
    query =
      'userId' in filter
        ? query.where('students.user_id', '=', filter.userId)
        : query.where('students.id', 'in', (eb) =>
            eb.selectFrom('parent_links').select('student_id').where('parent_phone', '=', filter.parentPhone),
          );
    return query.orderBy(caseless('students.name')).orderBy('students.name').orderBy('students.id').execute();
  }

  /** Accepted enrolments in open classrooms, never of a type hidden from students. */
  classes(studentIds: readonly string[]) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return openEnrolments(this.db, studentIds)
      .select([
        'enrolments.student_id',
        'enrolments.accepted_at',
        'enrolments.tuition_fee',
        'classrooms.id',
        'classrooms.account_id',
        'classrooms.name',
        'classrooms.grade',
        'classrooms.subject',
        'classrooms.color',
        'classrooms.avatar_key',
        'classrooms.type',
        'classrooms.start_date',
        'classrooms.timings',
        'classrooms.tuition_fee as classroom_fee',
        'accounts.institution',
        'users.name as teacher_name',
      ])
      .where('enrolments.accepted_at', 'is not', null)
      .where('classrooms.type', 'not in', [...HIDDEN_FROM_STUDENTS_TYPES])
      .orderBy(caseless('classrooms.name'))
      .orderBy('classrooms.name')
      .execute();
  }

  /** The records with their visible classes, each record's classes beside it. */
  async withClasses(filter: { userId: string } | { parentPhone: string }) {
    const records = await this.records(filter);
    const classes = await this.classes(records.map((r) => r.id));
    return records.map((r) => ({ ...r, classes: classes.filter((c) => c.student_id === r.id) }));
  }
}
