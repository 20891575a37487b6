import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { inClassroomOrder } from '../../db/order';
import { numbered, sharedPreparedQuery } from '../../db/prepared-query';
import type {
  AccountsTable,
  ClassroomsTable,
  Database,
  EnrolmentsTable,
  StudentsTable,
} from '../../db/schema';
import { counterAccountOf, StudentsRepository, withOpenClassrooms } from './students.repository';

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

export interface PersonRows {
  /** Oldest first. */
  records: PersonRecord[];
  /** By classroom grade, subject and name. */
  enrolments: OpenEnrolment[];
}

/** What a save's phone, student ID and RFID code are looked for among (student-clash.ts). */
export interface ClashLookup {
  accountIds: readonly string[];
  values: { phone: string | null; customId: string | null; rfid: string | null };
  /** The person's own records. */
  exceptIds: readonly string[];
}

export interface ClashCandidate {
  id: string;
  person_id: string | null;
  user_id: string | null;
  account_id: string;
  name: string;
  phone: string;
  custom_id: string | null;
  rfid: string | null;
  teacher_name: string;
}

/**
 * The records of one person (an admin's copies of a student, a linked Student sign-in) and the
 * students that already hold a phone, ID or RFID code: reads by the identifying columns.
 */
export class PersonRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A student, the other records of the same person among these accounts, and the enrolments of
   * them all in open classrooms, in one statement. The records are the same person key (copies
   * made when an admin included the student with another teacher: the copies' person_id, else the
   * record's own id) or the same linked Student sign-in. Each record's row comes once per
   * enrolment (left joins; a closed classroom's enrolment comes without its classroom and is left
   * out). Nothing when the student is not in these accounts.
   */
  async person(studentId: string, accountIds: readonly string[]): Promise<PersonRows> {
    // Read on every drawer open and save: built and compiled once per number of accounts.
    const accounts = numbered('account', accountIds);
    const { names } = accounts;
    const read = sharedPreparedQuery(this.db, `person:${names.length}`, ['studentId', ...names], (values) =>
      this.personQuery(
        values.studentId,
        names.map((name) => values[name]),
      ),
    );
    const rows = await read({ studentId, ...accounts.values });
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

  private personQuery(studentId: string, accountIds: readonly string[]) {
    const student = this.db.selectFrom('students').where('id', '=', studentId);
    const key = student.select(sql<string>`coalesce(person_id, id)`.as('person_key'));
    const signIn = student.select('user_id');
    // Each lookup compares with one value the database finds once, so each keeps its own index.
    const sameKey = idsMatchingAny(
      this.db,
      [...accountIds, ''],
      [sql<boolean>`person_id = (${key})`, sql<boolean>`id = (${key})`, sql<boolean>`user_id = (${signIn})`],
    );
    const joined = withOpenClassrooms(this.db)
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
      .where('students.id', 'in', sameKey);
    return inClassroomOrder(joined);
  }

  /**
   * Students of these accounts already holding this phone, student ID or RFID code (IDs and
   * codes ignoring case), but for the records named; none when there is nothing to look for.
   */
  async clashCandidates(lookup: ClashLookup): Promise<ClashCandidate[]> {
    const values = compared(lookup.values);
    const present = (['phone', 'customId', 'rfid'] as const).filter((name) => values[name]);
    if (lookup.accountIds.length === 0 || present.length === 0) return [];
    // Read by every save: built and compiled once per shape (which values are looked for, how
    // many accounts and records), then run with this save's values.
    const accounts = numbered('account', lookup.accountIds);
    const except = numbered('except', lookup.exceptIds);
    const shape = `clash:${present.join('+')}:${accounts.names.length}:${except.names.length}`;
    const read = sharedPreparedQuery(
      this.db,
      shape,
      [...present, ...accounts.names, ...except.names],
      (v) =>
        this.candidates({
          accountIds: accounts.names.map((name) => v[name]),
          values: {
            phone: present.includes('phone') ? v.phone : null,
            customId: present.includes('customId') ? v.customId : null,
            rfid: present.includes('rfid') ? v.rfid : null,
          },
          exceptIds: except.names.map((name) => v[name]),
        })!,
    );
    return read({
      ...Object.fromEntries(present.map((name) => [name, values[name]])),
      ...accounts.values,
      ...except.values,
    });
  }

  /**
   * The counter account of `accountId` (StudentsRepository.counterAccount, not held) and the
   * clash candidates, in one statement: a save that suggests no student ID reads both.
   */
  async counterWithClashCandidates(
    accountId: string,
    lookup: ClashLookup,
  ): Promise<{ counter: { id: string; max_custom_id: number }; candidates: ClashCandidate[] }> {
    const candidates = this.candidates({ ...lookup, values: compared(lookup.values) });
    if (!candidates)
      return { counter: await new StudentsRepository(this.db).counterAccount(accountId), candidates: [] };
    const rows = await this.db
      .selectFrom('accounts')
      .leftJoin(candidates.as('c'), (join) => join.onTrue())
      .select(['accounts.id as counter_id', 'accounts.max_custom_id as counter_max'])
      .selectAll('c')
      .where(counterAccountOf(accountId))
      .execute();
    const first = rows[0];
    if (!first) throw new Error(`no counter account for ${accountId}`);
    return {
      counter: { id: first.counter_id, max_custom_id: first.counter_max },
      candidates: rows.flatMap(({ counter_id, counter_max, ...c }) =>
        c.id === null
          ? []
          : [
              {
                ...c,
                id: c.id,
                account_id: c.account_id!,
                name: c.name!,
                phone: c.phone!,
                teacher_name: c.teacher_name!,
              },
            ],
      ),
    };
  }

  /** The candidates' query; student IDs and RFID codes given already in lower case (`compared`). */
  private candidates({ accountIds, values, exceptIds }: ClashLookup) {
    const { phone, customId, rfid } = values;
    if (accountIds.length === 0 || (!phone && !customId && !rfid)) return undefined;
    const ids = idsMatchingAny(this.db, accountIds, [
      ...(phone ? [{ byItself: sql<boolean>`phone = ${phone}` }] : []),
      ...(customId ? [sql<boolean>`lower(custom_id) = ${customId}`] : []),
      ...(rfid ? [sql<boolean>`lower(rfid) = ${rfid}`] : []),
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
      .where('students.id', 'in', ids)
      .where('students.id', 'not in', [...exceptIds, ''])
      .limit(50);
  }
}

/** The values as the lookup compares them: student IDs and RFID codes ignoring case, phones as they are. */
const compared = ({ phone, customId, rfid }: ClashLookup['values']): ClashLookup['values'] => ({
  phone,
  customId: customId?.toLowerCase() ?? null,
  rfid: rfid?.toLowerCase() ?? null,
});

/**
 * Ids of the students of these accounts matching any of the conditions: one indexed lookup per
 * condition (migration 0009) joined by UNION ALL, where an OR would read the whole account.
 * At least one condition; `byItself` marks one that its own index answers better than the account's.
 */
function idsMatchingAny(
  db: Kysely<Database>,
  accountIds: readonly string[],
  conditions: readonly (RawBuilder<boolean> | { byItself: RawBuilder<boolean> })[],
) {
  const lookups = conditions.map((condition) =>
    'byItself' in condition
      ? // The condition's own index finds its few rows: the account is hidden from SQLite's
        // planner (`|| ''`), which without statistics would walk the account's search index
        // instead, every student of the account (a phone: 12 µs at 200 students, 4 µs this way).
        db
          .selectFrom('students')
          .select('id')
          .where(condition.byItself)
          .where(sql<string>`account_id || ''`, 'in', accountIds)
      : db.selectFrom('students').select('id').where('account_id', 'in', accountIds).where(condition),
  );
  return lookups.slice(1).reduce((union, next) => union.unionAll(next), lookups[0]!);
}
