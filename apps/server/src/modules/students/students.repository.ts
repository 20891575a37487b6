import { searchKey } from '@batchwise/domain';
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import { caseless } from '../../db/order';
import { numbered, sharedPreparedQuery } from '../../db/prepared-query';
import type { Database, StudentsTable } from '../../db/schema';
import {
  type ListFilter,
  listWhere,
  type StudentChanges,
  type StudentSort,
  withSearchText,
} from './student-filters';

/** A student's row as the list reads it, with the owning teacher's name (and a classroom's columns). */
export type ListedRow = Selectable<StudentsTable> & { teacher_name: string };

/** A student as the list shows it: the row, and the open classrooms by name. */
export interface ListedStudent {
  student: ListedRow;
  classrooms: { id: string; name: string; color: string | null }[];
}

/**
 * Rows of `listed`, one per student and classroom, folded into one per student in their order.
 * The row is kept as read (copying some twenty columns per row cost more than the second
 * statement it saves, on SQLite).
 */
function withClassrooms(
  rows: readonly (ListedRow & {
    room_id: string | null;
    room_name: string | null;
    room_color: string | null;
  })[],
): ListedStudent[] {
  const students = new Map<string, ListedStudent>();
  for (const row of rows) {
    let listed = students.get(row.id);
    if (!listed) {
      listed = { student: row, classrooms: [] };
      students.set(row.id, listed);
    }
    if (row.room_id !== null)
      listed.classrooms.push({ id: row.room_id, name: row.room_name!, color: row.room_color });
  }
  return [...students.values()];
}

/**
 * Students with their teacher's user and their enrolments in open classrooms: one row per student
 * and classroom (left joins: a student in none comes once, without one). The list and the person
 * read select from it.
 */
export function withOpenClassrooms(db: Kysely<Database>) {
  return db
    .selectFrom('students')
    .innerJoin('accounts', 'accounts.id', 'students.account_id')
    .innerJoin('users', 'users.id', 'accounts.owner_user_id')
    .leftJoin('enrolments', 'enrolments.student_id', 'students.id')
    .leftJoin('classrooms', (join) =>
      join.onRef('classrooms.id', '=', 'enrolments.classroom_id').on('classrooms.closed_at', 'is', null),
    );
}

/**
 * The account whose `MaxCustomID` counts for `accountId`, as a condition on `accounts`: the
 * admin's account when the teacher is in a team, else the teacher's own (one statement).
 */
export function counterAccountOf(accountId: string) {
  return (eb: ExpressionBuilder<Database, 'accounts'>) =>
    eb(
      'accounts.id',
      '=',
      eb.fn.coalesce(
        eb
          .selectFrom('admin_teachers')
          .select('admin_account_id')
          .where('teacher_account_id', '=', accountId),
        eb.val(accountId),
      ),
    );
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
    // A kept page reads again the few students a save changed: built and compiled once per count.
    const { names, values: ids } = numbered('student', studentIds);
    const read = sharedPreparedQuery(this.db, `listed:${names.length}`, names, (values) =>
      this.listed()
        .where(
          'students.id',
          'in',
          names.map((name) => values[name]),
        )
        .orderBy(caseless('classrooms.name'))
        .orderBy('classrooms.name'),
    );
    return withClassrooms(await read(ids));
  }

  /**
   * Students with the owning teacher's name and their open classrooms, in the same statement: one
   * row per student and classroom (left joins: a student in none comes once, without one).
   */
  private listed() {
    return withOpenClassrooms(this.db)
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

  async insert(row: Omit<Insertable<StudentsTable>, 'search_text'>): Promise<void> {
    await this.db.insertInto('students').values(withSearchText(row)).execute();
  }

  /** Changes the searched fields (name, student ID, RFID) all together or not at all. */
  async update(id: string, changes: StudentChanges): Promise<void> {
    const set = changes.name === undefined ? changes : withSearchText({ ...changes, name: changes.name });
    // Run by every save: built and compiled once per set of columns written.
    const values: Record<string, unknown> = { ...set, id };
    const columns = Object.keys(set).filter((column) => values[column] !== undefined);
    const write = sharedPreparedQuery(
      this.db,
      `students:update:${columns.join(',')}`,
      [...columns, 'id'],
      (v) =>
        this.db
          .updateTable('students')
          .set(Object.fromEntries(columns.map((column) => [column, v[column]])))
          .where('id', '=', v.id),
    );
    await write(values);
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
    // Read by every save: built and compiled once.
    const read = hold
      ? sharedPreparedQuery(this.db, 'counter:hold', ['accountId'], ({ accountId }) =>
          this.db
            .updateTable('accounts')
            .set((eb) => ({ max_custom_id: eb.ref('max_custom_id') }))
            .where(counterAccountOf(accountId))
            .returning(['id', 'max_custom_id']),
        )
      : sharedPreparedQuery(this.db, 'counter', ['accountId'], ({ accountId }) =>
          this.db.selectFrom('accounts').select(['id', 'max_custom_id']).where(counterAccountOf(accountId)),
        );
    const [counter] = await read({ accountId });
    if (!counter) throw new Error(`no counter account for ${accountId}`);
    return counter;
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
