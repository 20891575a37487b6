import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Every table holding rows that belong to one student and die with them (their foreign key to
 * students cascades), in the order a restore inserts them: each after the rows it refers to
 * (payments before their allocations and refunds, report links before the acknowledgements that
 * name them). Left out on purpose: auth_links and live_photo_keys (sign-in and photo-upload keys;
 * deleting a student revokes them, and bringing a key back would reopen access the owner took
 * away; new ones are sent as ever), attendance_device_users (the devices' own copy, which the
 * device sync compares with the students list and rewrites) and dues_summaries (kept by database
 * triggers from enrolments, charges and payments: restoring those rows brings it back).
 */
export const STUDENT_TABLES = [
  'parent_links',
  'enrolments',
  'archived_enrolments',
  'fee_charges',
  'fee_adjustments',
  'payments',
  'payment_allocations',
  'student_pay_links',
  'online_payments',
  'attendance_punches',
  'attendance_marks',
  'attendance_mark_history',
  'assessment_marks',
  'report_links',
  'report_acknowledgements',
  'report_feedback',
  'report_remarks',
  'attendance_pins',
  'attendance_alert_windows',
  'attendance_alerts',
  'attendance_links',
  'portal_message_reads',
] as const satisfies readonly (keyof Database)[];
export type StudentTable = (typeof STUDENT_TABLES)[number];

/** Rows of other records that outlive the student and only lose the link (ON DELETE SET NULL). */
export const LINKED_TABLES = [
  'sms_messages',
  'admission_applications',
] as const satisfies readonly (keyof Database)[];
export type LinkedTable = (typeof LINKED_TABLES)[number];

export type Row = Record<string, unknown>;

/** Rows per insert: well under SQLite's and PostgreSQL's bound-parameter limits for these widths. */
const INSERT_BATCH = 200;

/**
 * SQL of deleting a student for good and restoring them (the Recycle bin's `student` kind). The
 * tables are named by the lists above, so the queries go through an untyped view of the database.
 */
export class StudentRowsRepository {
  // biome-ignore lint/suspicious/noExplicitAny: the tables are chosen from STUDENT_TABLES at run time
  private readonly any: Kysely<any>;

  constructor(db: Kysely<Database>) {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    this.any = db as Kysely<any>;
  }

  student(accountId: string, studentId: string) {
    return this.any
      .selectFrom('students')
      .selectAll()
      .where('id', '=', studentId)
      .where('account_id', '=', accountId)
      .executeTakeFirst() as Promise<Row | undefined>;
  }

  /** The student's rows in one table, exactly as stored. */
  rowsOf(table: StudentTable, studentId: string): Promise<Row[]> {
    return this.any.selectFrom(table).selectAll().where('student_id', '=', studentId).execute();
  }

  /** Ids of the records in `table` that point at the student. */
  async linkedIds(table: LinkedTable, studentId: string): Promise<string[]> {
    const rows = await this.any.selectFrom(table).select('id').where('student_id', '=', studentId).execute();
    return rows.map((r) => r.id as string).sort();
  }

  /** Deletes the student; every STUDENT_TABLES row goes by its cascade and LINKED_TABLES lose the link. */
  async deleteStudent(studentId: string): Promise<void> {
    await this.any.deleteFrom('students').where('id', '=', studentId).execute();
  }

  async studentExists(studentId: string): Promise<boolean> {
    return (
      (await this.any.selectFrom('students').select('id').where('id', '=', studentId).executeTakeFirst()) !==
      undefined
    );
  }

  /** Which of `ids` exist in `table` (by its id column). */
  async existing(
    table: 'classrooms' | 'assessment_subjects' | 'attendance_devices' | 'report_links' | 'fee_charges',
    ids: string[],
  ): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.any.selectFrom(table).select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id as string));
  }

  /** Pins (device user numbers) of the account already given to someone else. */
  async pinsTaken(accountId: string, pins: number[]): Promise<Set<number>> {
    if (pins.length === 0) return new Set();
    const rows = await this.any
      .selectFrom('attendance_pins')
      .select('pin')
      .where('account_id', '=', accountId)
      .where('pin', 'in', pins)
      .execute();
    return new Set(rows.map((r) => Number(r.pin)));
  }

  async insert(table: StudentTable | 'students', rows: Row[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await this.any
        .insertInto(table)
        .values(rows.slice(i, i + INSERT_BATCH))
        .execute();
  }

  /** Points the records that lost the link back at the student, where they still exist and point nowhere. */
  async relink(table: LinkedTable, ids: string[], studentId: string): Promise<void> {
    if (ids.length === 0) return;
    await this.any
      .updateTable(table)
      .set({ student_id: studentId })
      .where('id', 'in', ids)
      .where('student_id', 'is', null)
      .execute();
  }
}
