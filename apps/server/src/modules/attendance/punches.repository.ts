import type { ClassroomTiming } from '@batchwise/domain';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';
import type {
  AttendanceMarkHistoryTable,
  AttendancePunchesTable,
  AttendanceStatusColumn,
  MarkSourceColumn,
} from '../../db/schema-attendance';
import { parseTimings } from '../classrooms/classrooms.service';

export type PunchRow = Pick<
  AttendancePunchesTable,
  'id' | 'student_id' | 'direction' | 'at' | 'via' | 'device_id' | 'dedupe_key'
>;

/** A classroom a student is enrolled in, with what its punches need. */
export interface PunchClassroom {
  classroomId: string;
  timings: ClassroomTiming[];
  /** The record's `DD-MM-YYYY` start date: no class before it. */
  startDate: string | null;
  lateAfterMinutes: number | null;
}

type Db = Kysely<Database>;
const PUNCH_COLUMNS = ['id', 'student_id', 'direction', 'at', 'via', 'device_id', 'dedupe_key'] as const;
const PUNCH_SOURCE: MarkSourceColumn = 'punch';
const ALERT_JOB = 'attendance.alert';

/**
 * SQL of punches and the marks they leave (db/schema-attendance.ts). Made once per
 * process: every statement of the punch path is prepared once (db/prepared-query.ts; building and
 * compiling a query costs more than running these small indexed ones) and runs on the connection
 * it is given, the punch's transaction.
 */
export class PunchesRepository {
  private readonly q;

  constructor(db: Db, dialect: DialectName) {
    this.q = {
      // PostgreSQL: locked until the transaction ends, so two punches of one student toggle one
      // after the other (SQLite has a single writer already).
      student: preparedQuery(db, ['accountId', 'studentId'], (v) => {
        const query = db
          .selectFrom('students')
          .select(['id', 'name', 'avatar_key'])
          .where('id', '=', v.studentId)
          .where('account_id', '=', v.accountId);
        return dialect === 'postgres' ? query.forUpdate() : query;
      }),
      studentUnlocked: preparedQuery(db, ['accountId', 'studentId'], (v) =>
        db
          .selectFrom('students')
          .select(['id', 'name', 'avatar_key'])
          .where('id', '=', v.studentId)
          .where('account_id', '=', v.accountId),
      ),
      stored: preparedQuery(db, ['deviceId', 'key'], (v) =>
        db
          .selectFrom('attendance_punches')
          .select(PUNCH_COLUMNS)
          .where('device_id', '=', v.deviceId)
          .where('dedupe_key', '=', v.key),
      ),
      previous: preparedQuery(db, ['studentId', 'since', 'at'], (v) =>
        db
          .selectFrom('attendance_punches')
          .select(['direction', 'at'])
          .where('student_id', '=', v.studentId)
          .where('at', '>=', v.since as never)
          .where('at', '<=', v.at as never)
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(1),
      ),
      insert: preparedQuery(
        db,
        [
          'id',
          'account_id',
          'student_id',
          'device_id',
          'direction',
          'at',
          'via',
          'dedupe_key',
          'verify_code',
          'match_distance',
          'created_at',
        ],
        (v) =>
          db
            .insertInto('attendance_punches')
            .values(v as never)
            .onConflict((oc) => oc.columns(['device_id', 'dedupe_key']).doNothing())
            .returning('id'),
      ),
      classrooms: preparedQuery(db, ['studentId'], (v) =>
        db
          .selectFrom('enrolments as e')
          .innerJoin('classrooms as c', 'c.id', 'e.classroom_id')
          .leftJoin('attendance_settings as s', 's.classroom_id', 'c.id')
          .select(['c.id', 'c.timings', 'c.start_date', 's.late_after_minutes'])
          .where('e.student_id', '=', v.studentId)
          .where('e.accepted_at', 'is not', null)
          .where('c.closed_at', 'is', null),
      ),
      marks: preparedQuery(db, ['studentId', 'day', 'dayBefore'], (v) =>
        db
          .selectFrom('attendance_marks')
          .select(['classroom_id', 'session_date', 'session_start', 'status', 'source'])
          .where('student_id', '=', v.studentId)
          .where('session_date', 'in', [v.dayBefore, v.day]),
      ),
      // A mark a person set by roll call in the meantime is left alone: nothing is returned.
      writeMark: preparedQuery(
        db,
        ['classroomId', 'studentId', 'sessionDate', 'sessionStart', 'status', 'at', 'source'],
        (v) =>
          db
            .insertInto('attendance_marks')
            .values({
              classroom_id: v.classroomId,
              student_id: v.studentId,
              session_date: v.sessionDate,
              session_start: v.sessionStart,
              status: v.status as AttendanceStatusColumn,
              source: v.source as MarkSourceColumn,
              marked_by: null,
              marked_at: v.at as never,
            })
            .onConflict((oc) =>
              oc
                .columns(['classroom_id', 'student_id', 'session_date', 'session_start'])
                .doUpdateSet({
                  status: v.status as AttendanceStatusColumn,
                  source: PUNCH_SOURCE,
                  marked_by: null,
                  marked_at: v.at as never,
                })
                .where('attendance_marks.source', '=', PUNCH_SOURCE),
            )
            .returning('status'),
      ),
      history: preparedQuery(
        db,
        [
          'id',
          'classroom_id',
          'student_id',
          'session_date',
          'session_start',
          'status',
          'previous_status',
          'source',
          'marked_by',
          'marked_at',
        ],
        (v) => db.insertInto('attendance_mark_history').values(v as never),
      ),
      touch: preparedQuery(db, ['deviceId', 'now', 'staleBefore'], (v) =>
        db
          .updateTable('attendance_devices')
          .set({ last_contact_at: v.now as never })
          .where('id', '=', v.deviceId)
          .where((eb) =>
            eb.or([eb('last_contact_at', 'is', null), eb('last_contact_at', '<', v.staleBefore as never)]),
          ),
      ),
      openAlertJob: preparedQuery(db, ['since', 'maxLength'], (v) =>
        db
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', 'queued')
          .where('run_at', '>=', v.since as never)
          .where('type', '=', ALERT_JOB)
          .where(sql<number>`length(payload)`, '<', v.maxLength as never)
          .orderBy('run_at', 'desc')
          .limit(1),
      ),
      // Appends to the JSON text `{"punchIds":[…]}` in one statement, so appends of concurrent
      // transactions (PostgreSQL) cannot overwrite each other; a job a worker took meanwhile is
      // no longer queued and is left alone (nothing returned).
      appendAlert: preparedQuery(db, ['id', 'suffix', 'now'], (v) =>
        db
          .updateTable('jobs')
          .set({
            payload: sql<string>`substr(payload, 1, length(payload) - 2) || ${v.suffix}`,
            updated_at: v.now as never,
          })
          .where('id', '=', v.id)
          .where('status', '=', 'queued')
          .returning('id'),
      ),
    };
  }

  /** The account's student with this id (locked on PostgreSQL until the transaction ends). */
  async student(trx: Db, accountId: string, studentId: string) {
    return (await this.q.student({ accountId, studentId }, trx))[0];
  }

  /** The same without a lock: whose an earlier punch was (its name for the answer). */
  async studentUnlocked(trx: Db, accountId: string, studentId: string) {
    return (await this.q.studentUnlocked({ accountId, studentId }, trx))[0];
  }

  /** The device's punch stored under this dedupe key. */
  async stored(trx: Db, deviceId: string, key: string): Promise<PunchRow | undefined> {
    return (await this.q.stored({ deviceId, key }, trx))[0];
  }

  /** The student's latest punch at or before `at` and not before `since` (their day's start). */
  async previousPunch(trx: Db, studentId: string, since: number, at: number) {
    return (await this.q.previous({ studentId, since, at }, trx))[0];
  }

  /** Stores a punch unless its device already has one with its dedupe key (then false). */
  async insertPunch(trx: Db, row: AttendancePunchesTable): Promise<boolean> {
    return (await this.q.insert(row as unknown as Record<string, unknown>, trx)).length > 0;
  }

  /** Classrooms the student is enrolled in now (accepted, not closed), with late-after settings. */
  async classroomsOf(on: Db, studentId: string): Promise<PunchClassroom[]> {
    const rows = await this.q.classrooms({ studentId }, on);
    return rows.flatMap((r) => {
      const timings = parseTimings(r.timings);
      return timings.length === 0
        ? []
        : [{ classroomId: r.id, timings, startDate: r.start_date, lateAfterMinutes: r.late_after_minutes }];
    });
  }

  /** The student's marks of sessions starting on these two dates (a punch's date and the one before). */
  marks(trx: Db, studentId: string, day: string, dayBefore: string) {
    return this.q.marks({ studentId, day, dayBefore }, trx);
  }

  /** Writes a punch's mark (new, or over a punch's); false if roll call holds it. */
  async writePunchMark(
    trx: Db,
    mark: {
      classroomId: string;
      studentId: string;
      sessionDate: string;
      sessionStart: string;
      status: AttendanceStatusColumn;
      at: number;
    },
  ): Promise<boolean> {
    return (await this.q.writeMark({ ...mark, source: PUNCH_SOURCE }, trx)).length > 0;
  }

  async insertHistory(trx: Db, row: AttendanceMarkHistoryTable): Promise<void> {
    await this.q.history(row as unknown as Record<string, unknown>, trx);
  }

  /** Moves the device's last contact on, if it is older than `staleBefore`. */
  async touchDevice(trx: Db, deviceId: string, now: number, staleBefore: number): Promise<void> {
    await this.q.touch({ deviceId, now, staleBefore }, trx);
  }

  /** The newest alert job still queued (not taken by a worker), due since `since`, with room left. */
  async openAlertJob(trx: Db, since: number, maxLength: number): Promise<string | undefined> {
    return (await this.q.openAlertJob({ since, maxLength }, trx))[0]?.id;
  }

  /** Adds punch ids to a queued alert job's payload; false if a worker took the job meanwhile. */
  async appendToAlertJob(trx: Db, jobId: string, punchIds: readonly string[], now: number): Promise<boolean> {
    const suffix = `${punchIds.map((id) => `,${JSON.stringify(id)}`).join('')}]}`;
    return (await this.q.appendAlert({ id: jobId, suffix, now }, trx)).length > 0;
  }
}
