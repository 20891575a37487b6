import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The students an SMS goes to, read for the compose screen (modules/sms/sms-compose.service.ts). */
export class SmsRecipientsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The open classrooms among these ids of these accounts (an admin's span its teachers'). */
  classrooms(accountIds: readonly string[], ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'name', 'account_id'])
      .where('account_id', 'in', [...accountIds])
      .where('id', 'in', [...ids])
      .where('closed_at', 'is', null)
      .execute();
  }

  /**
   * Students of these accounts accepted in these classrooms, or picked by id; with `within`, only
   * students accepted in one of those classrooms (an assistant's). In name order, so a preview
   * lists them as the students list does.
   */
  students(
    accountIds: readonly string[],
    classroomIds: readonly string[],
    studentIds: readonly string[],
    within: readonly string[] | null,
  ) {
    if (classroomIds.length === 0 && studentIds.length === 0) return Promise.resolve([]);
    const acceptedIn = (ids: readonly string[]) =>
      this.db
        .selectFrom('enrolments')
        .select('enrolments.student_id')
        .where('enrolments.classroom_id', 'in', [...ids, ''])
        .where('enrolments.accepted_at', 'is not', null);
    return this.db
      .selectFrom('students')
      .select(['id', 'name', 'custom_id', 'phone', 'parent1_phone', 'parent2_phone'])
      .where('account_id', 'in', [...accountIds])
      .where((eb) => eb.or([eb('id', 'in', [...studentIds, '']), eb('id', 'in', acceptedIn(classroomIds))]))
      .$if(within !== null, (q) => q.where('id', 'in', acceptedIn(within ?? [])))
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** Names of the classrooms the student is accepted in, by name. */
  /** The accepted classrooms' names of each student, by name. */
  async classroomNamesOf(studentIds: readonly string[]): Promise<Map<string, string[]>> {
    const names = new Map<string, string[]>();
    if (studentIds.length === 0) return names;
    const rows = await this.db
      .selectFrom('enrolments')
      .innerJoin('classrooms', 'classrooms.id', 'enrolments.classroom_id')
      .select(['enrolments.student_id', 'classrooms.name'])
      .where('enrolments.student_id', 'in', [...studentIds])
      .where('enrolments.accepted_at', 'is not', null)
      .orderBy('classrooms.name')
      .execute();
    for (const row of rows) names.set(row.student_id, [...(names.get(row.student_id) ?? []), row.name]);
    return names;
  }
}
