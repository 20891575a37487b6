import { searchKey } from '@batchwise/domain';
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import { caseless } from '../../db/order';
import type { Database, StudentsTable } from '../../db/schema';
import { openEnrolments } from './open-enrolments';
import {
  type ListFilter,
  listWhere,
  type StudentChanges,
  type StudentSort,
  withSearchText,
} from './student-filters';

export class StudentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One page of the unique student list, with the owning teacher's name. The page's ids are
   * found first, on the index alone (migration 0009); only its rows are then read and joined, so
   * a later page does not read and join every row it skips.
   */
  page(filter: ListFilter, sort: StudentSort, order: 'asc' | 'desc', limit: number, offset: number) {
    if (filter.areas.length === 0) return Promise.resolve([]);
    const column =
      sort === 'name' ? 'students.name' : sort === 'customId' ? 'students.custom_id' : 'students.created_at';
    const inOrder = <Q extends SelectQueryBuilder<Database, 'students', object>>(
      query: Q,
      sortMatches = false,
    ): Q =>
      query
        .$if(sort === 'name', (q) =>
          q.orderBy(sortMatches ? sql`${caseless(column)} || ''` : caseless(column), order),
        )
        .orderBy(column, order)
        .orderBy('students.id', order) as Q;
    // A search of three or more letters matches few students: reading the account's search index
    // alone and sorting the matches beats walking every row in name order (4× at 2,000 students).
    // A shorter one matches most, and the walk stops at the page. The `|| ''` only hides the
    // name index from SQLite's planner, which has no statistics to choose by.
    const selective = (filter.q ? searchKey(filter.q) : '').length >= 3;
    const ids = inOrder(
      this.db
        .selectFrom('students')
        .select('students.id')
        .where((eb) => listWhere(eb, filter)),
      selective,
    )
      .limit(limit)
      .offset(offset);
    return inOrder(this.listed().where('students.id', 'in', ids)).execute();
  }

  /** These students as a list page shows them (with the owning teacher's name), in no order. */
  rows(studentIds: readonly string[]) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return this.listed().where('students.id', 'in', studentIds).execute();
  }

  private listed() {
    return this.db
      .selectFrom('students')
      .innerJoin('accounts', 'accounts.id', 'students.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .selectAll('students')
      .select('users.name as teacher_name');
  }

  async count(filter: ListFilter): Promise<number> {
    if (filter.areas.length === 0) return 0;
    const row = await this.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => listWhere(eb, filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every matching student (exports), in list order. */
  all(filter: ListFilter, sort: StudentSort, order: 'asc' | 'desc', max: number) {
    return this.page(filter, sort, order, max, 0);
  }

  /** What Student Data Verification reads of every student in the areas, with the sign-in's phone. */
  verificationRows(filter: ListFilter) {
    if (filter.areas.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('students')
      .innerJoin('accounts', 'accounts.id', 'students.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .leftJoin('users as sign_in', 'sign_in.id', 'students.user_id')
      .select([
        'students.id',
        'students.account_id',
        'students.person_id',
        'students.user_id',
        'students.name',
        'students.phone',
        'students.custom_id',
        'students.parent1_phone',
        'students.parent2_phone',
        'students.avatar_key',
        'users.name as teacher_name',
        'sign_in.phone as sign_in_phone',
      ])
      .where((eb) => listWhere(eb, filter))
      .orderBy(caseless('students.name'))
      .orderBy('students.name')
      .orderBy('students.id')
      .execute();
  }

  find(id: string) {
    return this.db
      .selectFrom('students')
      .innerJoin('accounts', 'accounts.id', 'students.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .selectAll('students')
      .select(['users.name as teacher_name', 'accounts.app_mode'])
      .where('students.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * A student and the other records of the same person among these accounts, in one statement:
   * the same person key (copies made when an admin included the student with another teacher: the
   * copies' person_id, else the record's own id) or the same linked Student sign-in. None when
   * the student is not in these accounts.
   */
  personRecords(studentId: string, accountIds: readonly string[]) {
    const student = this.db.selectFrom('students').where('id', '=', studentId);
    const key = student.select(sql<string>`coalesce(person_id, id)`.as('person_key'));
    const signIn = student.select('user_id');
    // Each lookup compares with one value the database finds once, so each keeps its own index.
    const sameKey = this.idsMatchingAny(
      [...accountIds, ''],
      [sql<boolean>`person_id = (${key})`, sql<boolean>`id = (${key})`, sql<boolean>`user_id = (${signIn})`],
    );
    return this.db
      .selectFrom('students')
      .innerJoin('accounts', 'accounts.id', 'students.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .selectAll('students')
      .select(['users.name as teacher_name', 'accounts.app_mode'])
      .where('students.id', 'in', sameKey)
      .orderBy('students.created_at')
      .execute();
  }

  /** Enrolments of these records with their classrooms and teachers, open classrooms only. */
  enrolmentsOf(studentIds: readonly string[]) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return openEnrolments(this.db, studentIds)
      .select([
        'enrolments.id',
        'enrolments.student_id',
        'enrolments.classroom_id',
        'enrolments.applied_at',
        'enrolments.accepted_at',
        'enrolments.tuition_fee',
        'enrolments.type',
        'enrolments.video_permission',
        'classrooms.account_id',
        'classrooms.name as classroom_name',
        'classrooms.grade',
        'classrooms.subject',
        'classrooms.color',
        'classrooms.tuition_fee as classroom_fee',
        'users.name as teacher_name',
      ])
      .orderBy(caseless('classrooms.grade'))
      .orderBy('classrooms.grade')
      .orderBy(caseless('classrooms.subject'))
      .orderBy('classrooms.subject')
      .orderBy(caseless('classrooms.name'))
      .orderBy('classrooms.name')
      .execute();
  }

  /** Classroom names of listed students, for the list's classroom column. */
  classroomsOf(studentIds: readonly string[]) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('enrolments')
      .innerJoin('classrooms', 'classrooms.id', 'enrolments.classroom_id')
      .select(['enrolments.student_id', 'classrooms.id', 'classrooms.name', 'classrooms.color'])
      .where('enrolments.student_id', 'in', studentIds)
      .where('classrooms.closed_at', 'is', null)
      .orderBy(caseless('classrooms.name'))
      .orderBy('classrooms.name')
      .execute();
  }

  /**
   * Students of these accounts already holding this phone, student ID or RFID code (IDs and
   * codes ignoring case), with one of their classrooms for the clash message.
   */
  clashCandidates(
    accountIds: readonly string[],
    values: { phone: string | null; customId: string | null; rfid: string | null },
    exceptIds: readonly string[],
  ) {
    const { phone, customId, rfid } = values;
    if (accountIds.length === 0 || (!phone && !customId && !rfid)) return Promise.resolve([]);
    const candidates = this.idsMatchingAny(accountIds, [
      ...(phone ? [{ byItself: sql<boolean>`phone = ${phone}` }] : []),
      ...(customId ? [sql<boolean>`lower(custom_id) = ${customId.toLowerCase()}`] : []),
      ...(rfid ? [sql<boolean>`lower(rfid) = ${rfid.toLowerCase()}`] : []),
    ]);
    return this.db
      .selectFrom('students')
      .innerJoin('accounts', 'accounts.id', 'students.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select([
        'students.id',
        'students.person_id',
        'students.user_id',
        'students.account_id',
        'students.name',
        'students.phone',
        'students.custom_id',
        'students.rfid',
        'users.name as teacher_name',
      ])
      .where('students.id', 'in', candidates)
      .where('students.id', 'not in', [...exceptIds, ''])
      .limit(50)
      .execute();
  }

  /**
   * Ids of the students of these accounts matching any of the conditions: one indexed lookup per
   * condition (migration 0009) joined by UNION ALL, where an OR would read the whole account.
   * At least one condition; `byItself` marks one that its own index answers better than the account's.
   */
  private idsMatchingAny(
    accountIds: readonly string[],
    conditions: readonly (RawBuilder<boolean> | { byItself: RawBuilder<boolean> })[],
  ) {
    const lookups = conditions.map((condition) =>
      'byItself' in condition
        ? // The condition's own index finds its few rows: the account is hidden from SQLite's
          // planner (`|| ''`), which without statistics would walk the account's search index
          // instead, every student of the account (a phone: 12 µs at 200 students, 4 µs this way).
          this.db
            .selectFrom('students')
            .select('id')
            .where(condition.byItself)
            .where(sql<string>`account_id || ''`, 'in', accountIds)
        : this.db.selectFrom('students').select('id').where('account_id', 'in', accountIds).where(condition),
    );
    return lookups.slice(1).reduce((union, next) => union.unionAll(next), lookups[0]!);
  }

  async insert(row: Omit<Insertable<StudentsTable>, 'search_text'>): Promise<void> {
    await this.db.insertInto('students').values(withSearchText(row)).execute();
  }

  /** Changes the searched fields (name, student ID, RFID) all together or not at all. */
  async update(id: string, changes: StudentChanges): Promise<void> {
    const set = changes.name === undefined ? changes : withSearchText({ ...changes, name: changes.name });
    await this.db.updateTable('students').set(set).where('id', '=', id).execute();
  }

  async replaceParentLinks(studentId: string, phones: readonly string[], now: number): Promise<void> {
    await this.db.deleteFrom('parent_links').where('student_id', '=', studentId).execute();
    const unique = [...new Set(phones)];
    if (unique.length === 0) return;
    await this.db
      .insertInto('parent_links')
      .values(unique.map((parent_phone) => ({ parent_phone, student_id: studentId, created_at: now })))
      .execute();
  }

  /**
   * The account whose `MaxCustomID` counts for `accountId` (its admin's, or its own). With `hold`,
   * the counter's row is written as it is read, which holds it until the transaction ends (a row
   * lock on PostgreSQL; SQLite writes one transaction at a time).
   */
  async counterAccount(
    accountId: string,
    { hold = false } = {},
  ): Promise<{ id: string; max_custom_id: number }> {
    // The admin's account when the teacher is in a team, else the teacher's own: one statement.
    const counter = (eb: ExpressionBuilder<Database, 'accounts'>) =>
      eb(
        'id',
        '=',
        eb.fn.coalesce(
          eb
            .selectFrom('admin_teachers')
            .select('admin_account_id')
            .where('teacher_account_id', '=', accountId),
          eb.val(accountId),
        ),
      );
    if (hold) {
      return this.db
        .updateTable('accounts')
        .set((eb) => ({ max_custom_id: eb.ref('max_custom_id') }))
        .where(counter)
        .returning(['id', 'max_custom_id'])
        .executeTakeFirstOrThrow();
    }
    return this.db
      .selectFrom('accounts')
      .select(['id', 'max_custom_id'])
      .where(counter)
      .executeTakeFirstOrThrow();
  }

  /** Raises the counter to `value`; a concurrent higher value wins, so it never goes down. */
  async raiseMaxCustomId(accountId: string, value: number): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ max_custom_id: value })
      .where('id', '=', accountId)
      .where('max_custom_id', '<', value)
      .execute();
  }

  fieldsOf(accountId: string) {
    return this.db
      .selectFrom('student_fields')
      .select(['name', 'kind'])
      .where('account_id', '=', accountId)
      .orderBy('position')
      .execute();
  }

  async replaceFields(
    accountId: string,
    fields: readonly { id: string; name: string; kind: 'text' | 'date' | 'blood-group' }[],
    now: number,
  ): Promise<void> {
    await this.db.deleteFrom('student_fields').where('account_id', '=', accountId).execute();
    if (fields.length === 0) return;
    await this.db
      .insertInto('student_fields')
      .values(fields.map((f, position) => ({ ...f, account_id: accountId, position, created_at: now })))
      .execute();
  }
}
