import { searchKey } from '@batchwise/domain';
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import { caseless } from '../../db/order';
import type {
  AccountsTable,
  ClassroomsTable,
  Database,
  EnrolmentsTable,
  StudentsTable,
} from '../../db/schema';
import {
  type ListFilter,
  listWhere,
  type StudentChanges,
  type StudentSort,
  withSearchText,
} from './student-filters';

/** A record of the person, with its teacher's name and its account's app mode. */
export type PersonRecord = Selectable<StudentsTable> & {
  teacher_name: string;
  app_mode: AccountsTable['app_mode'];
};

/** An enrolment in an open classroom, with the classroom and its teacher. */
export interface OpenEnrolment extends Selectable<EnrolmentsTable> {
  account_id: string;
  classroom_name: string;
  grade: string;
  subject: string;
  color: string | null;
  classroom_fee: ClassroomsTable['tuition_fee'];
  teacher_name: string;
}

/** A student as the list shows it: the owning teacher's name, the open classrooms by name. */
export type ListedStudent = Selectable<StudentsTable> & {
  teacher_name: string;
  classrooms: { id: string; name: string; color: string | null }[];
};

/** Rows of `listed`, one per student and classroom, folded into one per student in their order. */
function withClassrooms(
  rows: readonly (Selectable<StudentsTable> & {
    teacher_name: string;
    room_id: string | null;
    room_name: string | null;
    room_color: string | null;
  })[],
): ListedStudent[] {
  const students = new Map<string, ListedStudent>();
  for (const { room_id, room_name, room_color, ...row } of rows) {
    let student = students.get(row.id);
    if (!student) {
      student = { ...row, classrooms: [] };
      students.set(row.id, student);
    }
    if (room_id !== null) student.classrooms.push({ id: room_id, name: room_name!, color: room_color });
  }
  return [...students.values()];
}

export interface PersonRows {
  /** Oldest first. */
  records: PersonRecord[];
  /** By classroom grade, subject and name. */
  enrolments: OpenEnrolment[];
}

export class StudentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One page of the unique student list, with the owning teacher's name and the open classrooms
   * (`listed`). The page's ids are
   * found first, on the index alone (migration 0009); only its rows are then read and joined, so
   * a later page does not read and join every row it skips.
   */
  async page(
    filter: ListFilter,
    sort: StudentSort,
    order: 'asc' | 'desc',
    limit: number,
    offset: number,
  ): Promise<ListedStudent[]> {
    if (filter.areas.length === 0) return [];
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
    const rows = await inOrder(this.listed().where('students.id', 'in', ids))
      .orderBy(caseless('classrooms.name'))
      .orderBy('classrooms.name')
      .execute();
    return withClassrooms(rows);
  }

  /** These students as a list page shows them, in no order. */
  async rows(studentIds: readonly string[]): Promise<ListedStudent[]> {
    if (studentIds.length === 0) return [];
    const rows = await this.listed()
      .where('students.id', 'in', studentIds)
      .orderBy(caseless('classrooms.name'))
      .orderBy('classrooms.name')
      .execute();
    return withClassrooms(rows);
  }

  /**
   * Students with the owning teacher's name and their open classrooms, in the same statement: one
   * row per student and classroom (left joins: a student in none comes once, without one).
   */
  private listed() {
    return this.db
      .selectFrom('students')
      .innerJoin('accounts', 'accounts.id', 'students.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .leftJoin('enrolments', 'enrolments.student_id', 'students.id')
      .leftJoin('classrooms', (join) =>
        join.onRef('classrooms.id', '=', 'enrolments.classroom_id').on('classrooms.closed_at', 'is', null),
      )
      .selectAll('students')
      .select([
        'users.name as teacher_name',
        'classrooms.id as room_id',
        'classrooms.name as room_name',
        'classrooms.color as room_color',
      ]);
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
   * A student, the other records of the same person among these accounts, and the enrolments of
   * them all in open classrooms, in one statement. The records are the same person key (copies
   * made when an admin included the student with another teacher: the copies' person_id, else the
   * record's own id) or the same linked Student sign-in. Each record's row comes once per
   * enrolment (left joins; a closed classroom's enrolment comes without its classroom and is left
   * out). Nothing when the student is not in these accounts.
   */
  async person(studentId: string, accountIds: readonly string[]): Promise<PersonRows> {
    const student = this.db.selectFrom('students').where('id', '=', studentId);
    const key = student.select(sql<string>`coalesce(person_id, id)`.as('person_key'));
    const signIn = student.select('user_id');
    // Each lookup compares with one value the database finds once, so each keeps its own index.
    const sameKey = this.idsMatchingAny(
      [...accountIds, ''],
      [sql<boolean>`person_id = (${key})`, sql<boolean>`id = (${key})`, sql<boolean>`user_id = (${signIn})`],
    );
    const rows = await this.db
      .selectFrom('students')
      .innerJoin('accounts', 'accounts.id', 'students.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .leftJoin('enrolments', 'enrolments.student_id', 'students.id')
      .leftJoin('classrooms', (join) =>
        join.onRef('classrooms.id', '=', 'enrolments.classroom_id').on('classrooms.closed_at', 'is', null),
      )
      .leftJoin('accounts as room_account', 'room_account.id', 'classrooms.account_id')
      .leftJoin('users as room_teacher', 'room_teacher.id', 'room_account.owner_user_id')
      .selectAll('students')
      .select([
        'users.name as teacher_name',
        'accounts.app_mode',
        'enrolments.id as e_id',
        'enrolments.classroom_id as e_classroom_id',
        'enrolments.applied_at as e_applied_at',
        'enrolments.accepted_at as e_accepted_at',
        'enrolments.tuition_fee as e_tuition_fee',
        'enrolments.type as e_type',
        'enrolments.video_permission as e_video_permission',
        'classrooms.id as room_id',
        'classrooms.account_id as room_account_id',
        'classrooms.name as room_name',
        'classrooms.grade as room_grade',
        'classrooms.subject as room_subject',
        'classrooms.color as room_color',
        'classrooms.tuition_fee as room_fee',
        'room_teacher.name as room_teacher_name',
      ])
      .where('students.id', 'in', sameKey)
      .orderBy(caseless('classrooms.grade'))
      .orderBy('classrooms.grade')
      .orderBy(caseless('classrooms.subject'))
      .orderBy('classrooms.subject')
      .orderBy(caseless('classrooms.name'))
      .orderBy('classrooms.name')
      .execute();
    const records = new Map<string, PersonRecord>();
    const enrolments: OpenEnrolment[] = [];
    for (const row of rows) {
      const {
        e_id,
        e_classroom_id,
        e_applied_at,
        e_accepted_at,
        e_tuition_fee,
        e_type,
        e_video_permission,
        room_id,
        room_account_id,
        room_name,
        room_grade,
        room_subject,
        room_color,
        room_fee,
        room_teacher_name,
        ...record
      } = row;
      if (!records.has(record.id)) records.set(record.id, record);
      if (e_id === null || room_id === null) continue;
      enrolments.push({
        id: e_id,
        student_id: record.id,
        classroom_id: e_classroom_id!,
        applied_at: e_applied_at!,
        accepted_at: e_accepted_at,
        tuition_fee: e_tuition_fee,
        type: e_type!,
        video_permission: e_video_permission!,
        account_id: room_account_id!,
        classroom_name: room_name!,
        grade: room_grade!,
        subject: room_subject!,
        color: room_color,
        classroom_fee: room_fee!,
        teacher_name: room_teacher_name!,
      });
    }
    const byAge = [...records.values()].sort((a, b) => a.created_at - b.created_at);
    return { records: byAge, enrolments };
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
