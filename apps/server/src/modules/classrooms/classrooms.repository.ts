import type { Insertable, Kysely, Updateable } from 'kysely';
import { caseless, inClassroomOrder } from '../../db/order';
import type { ClassroomsTable, Database, ModeratorsTable } from '../../db/schema';

/** Classrooms, their rosters and the assistants' grants on them. */
export class ClassroomsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withTeacher() {
    return this.teacherOf().select((eb) =>
      eb
        .selectFrom('enrolments')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('enrolments.classroom_id', '=', 'classrooms.id')
        .as('student_count'),
    );
  }

  private teacherOf() {
    return this.db
      .selectFrom('classrooms')
      .innerJoin('accounts', 'accounts.id', 'classrooms.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .selectAll('classrooms')
      .select('users.name as teacher_name');
  }

  /**
   * The open classrooms of these accounts with their teachers, in list order, without counting
   * students: the pick lists of a save read this on every save.
   */
  openPickList(accountIds: readonly string[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return inClassroomOrder(
      this.teacherOf()
        .where('classrooms.account_id', 'in', accountIds)
        .where('classrooms.closed_at', 'is', null),
    ).execute();
  }

  /**
   * The open classrooms of one account, grade → subject → name, with what a form names them by:
   * the onboarding template's columns, the admission wizard's course step.
   */
  openOf(accountId: string) {
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'name', 'grade', 'subject'])
      .where('account_id', '=', accountId)
      .where('closed_at', 'is', null)
      .orderBy('grade')
      .orderBy('subject')
      .orderBy('name')
      .execute();
  }

  /** Classrooms of these accounts, grade → subject → name; only `classroomIds` when given. */
  list(accountIds: readonly string[], options: { includeClosed: boolean; classroomIds?: readonly string[] }) {
    if (accountIds.length === 0) return Promise.resolve([]);
    let query = this.withTeacher().where('classrooms.account_id', 'in', accountIds);
    if (!options.includeClosed) query = query.where('classrooms.closed_at', 'is', null);
    if (options.classroomIds) query = query.where('classrooms.id', 'in', [...options.classroomIds, '']);
    return inClassroomOrder(query).execute();
  }

  find(id: string) {
    return this.withTeacher().where('classrooms.id', '=', id).executeTakeFirst();
  }

  /** Light rows for permission checks and pick lists. */
  findMany(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('classrooms').selectAll().where('id', 'in', ids).execute();
  }

  findByPath(accountId: string, grade: string, subject: string, name: string) {
    return this.db
      .selectFrom('classrooms')
      .select('id')
      .where('account_id', '=', accountId)
      .where('grade', '=', grade)
      .where('subject', '=', subject)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async insert(row: Insertable<ClassroomsTable>): Promise<void> {
    await this.db.insertInto('classrooms').values(row).execute();
  }

  async update(id: string, changes: Updateable<ClassroomsTable>): Promise<void> {
    await this.db.updateTable('classrooms').set(changes).where('id', '=', id).execute();
  }

  roster(classroomId: string) {
    return this.db
      .selectFrom('enrolments')
      .innerJoin('students', 'students.id', 'enrolments.student_id')
      .select([
        'students.id',
        'students.name',
        'students.phone',
        'students.custom_id',
        'students.avatar_key',
        'enrolments.tuition_fee',
        'enrolments.applied_at',
        'enrolments.accepted_at',
      ])
      .where('enrolments.classroom_id', '=', classroomId)
      .orderBy(caseless('students.name'))
      .orderBy('students.name')
      .orderBy('students.id')
      .execute();
  }

  /** Accepted assistants of the account whose grant covers this classroom (or is for it). */
  moderatorsOf(accountId: string, classroomId: string) {
    return this.db
      .selectFrom('moderators')
      .innerJoin('users', 'users.id', 'moderators.user_id')
      .select([
        'moderators.user_id',
        'moderators.classroom_id',
        'moderators.manage_students',
        'moderators.modify_custom_id',
        'moderators.send_sms',
        'moderators.collect_payments',
        'moderators.blocked',
        'users.name',
        'users.phone',
        'users.email',
      ])
      .where('moderators.account_id', '=', accountId)
      .where('moderators.status', '=', 'accepted')
      .where((eb) =>
        eb.or([eb('moderators.classroom_id', 'is', null), eb('moderators.classroom_id', '=', classroomId)]),
      )
      .orderBy(caseless('users.name'))
      .orderBy('users.name')
      .execute();
  }

  /** Any accepted grant of this user on the account (the assistant must belong to the team). */
  hasAcceptedGrant(accountId: string, userId: string) {
    return this.db
      .selectFrom('moderators')
      .select('id')
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .where('status', '=', 'accepted')
      .executeTakeFirst();
  }

  findClassroomGrant(userId: string, classroomId: string) {
    return this.db
      .selectFrom('moderators')
      .select('id')
      .where('user_id', '=', userId)
      .where('classroom_id', '=', classroomId)
      .executeTakeFirst();
  }

  async insertGrant(row: Insertable<ModeratorsTable>): Promise<void> {
    await this.db.insertInto('moderators').values(row).execute();
  }

  async updateGrant(id: string, changes: Updateable<ModeratorsTable>): Promise<void> {
    await this.db.updateTable('moderators').set(changes).where('id', '=', id).execute();
  }
}
