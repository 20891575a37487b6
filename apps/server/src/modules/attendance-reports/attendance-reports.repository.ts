import type { Insertable, Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import { caseless } from '../../db/order';
import type { Database } from '../../db/schema';
import type { AttendanceMarkHistoryTable, AttendanceMarksTable } from '../../db/schema-attendance';

// SQL of roll call and the attendance reports. Marks are read by
// classroom and date (index attendance_marks_session_idx) or by student and date
// (attendance_marks_student_idx); punches by account and time (attendance_punches_account_idx).

const CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export class AttendanceReportsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName = 'sqlite',
  ) {}

  /** A classroom of the account (closed ones too: their registers stay readable). */
  classroom(accountId: string, classroomId: string) {
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'account_id', 'name', 'timings', 'start_date'])
      .where('id', '=', classroomId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** These classrooms' weekly timings and start dates (their timetables, with their events). */
  schedules(classroomIds: readonly string[]) {
    if (classroomIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'timings', 'start_date'])
      .where('id', 'in', classroomIds)
      .execute();
  }

  /** Students enrolled (accepted) in the classroom, by name, with the day they joined. */
  enrolled(classroomId: string) {
    return this.db
      .selectFrom('enrolments')
      .innerJoin('students', 'students.id', 'enrolments.student_id')
      .select([
        'students.id',
        'students.name',
        'students.custom_id',
        'students.avatar_key',
        'enrolments.accepted_at',
      ])
      .where('enrolments.classroom_id', '=', classroomId)
      .where('enrolments.accepted_at', 'is not', null)
      .orderBy(caseless('students.name'))
      .orderBy('students.name')
      .orderBy('students.id')
      .execute();
  }

  /** Students of the account by id (those with marks who have since left the classroom). */
  students(accountId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('students')
      .select(['id', 'name', 'custom_id', 'avatar_key'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** One student of the account. */
  student(accountId: string, studentId: string) {
    return this.db
      .selectFrom('students')
      .select(['id', 'name', 'custom_id'])
      .where('account_id', '=', accountId)
      .where('id', '=', studentId)
      .executeTakeFirst();
  }

  /** Marks of a classroom between two dates (both included), with the name of who set them. */
  marksBetween(classroomId: string, from: string, to: string) {
    return this.db
      .selectFrom('attendance_marks as m')
      .leftJoin('users as u', 'u.id', 'm.marked_by')
      .select([
        'm.student_id',
        'm.session_date',
        'm.session_start',
        'm.status',
        'm.source',
        'm.marked_by',
        'm.marked_at',
        'u.name as marked_by_name',
      ])
      .where('m.classroom_id', '=', classroomId)
      .where('m.session_date', '>=', from)
      .where('m.session_date', '<=', to)
      .execute();
  }

  /**
   * The marks of one session for these students, inside the saving transaction. On PostgreSQL the
   * rows are locked, so two people correcting one mark at once record the right previous status.
   */
  async sessionMarksForUpdate(
    classroomId: string,
    date: string,
    start: string,
    studentIds: readonly string[],
  ) {
    const found: { student_id: string; status: AttendanceMarksTable['status'] }[] = [];
    for (const ids of chunks(studentIds)) {
      let query = this.db
        .selectFrom('attendance_marks')
        .select(['student_id', 'status'])
        .where('classroom_id', '=', classroomId)
        .where('session_date', '=', date)
        .where('session_start', '=', start)
        .where('student_id', 'in', ids);
      if (this.dialect === 'postgres') query = query.forUpdate();
      found.push(...(await query.execute()));
    }
    return found;
  }

  /** Which of these students are enrolled (accepted) in the classroom. */
  async enrolledAmong(classroomId: string, studentIds: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    for (const ids of chunks(studentIds)) {
      const rows = await this.db
        .selectFrom('enrolments')
        .select('student_id')
        .where('classroom_id', '=', classroomId)
        .where('accepted_at', 'is not', null)
        .where('student_id', 'in', ids)
        .execute();
      found.push(...rows.map((r) => r.student_id));
    }
    return found;
  }

  /** Sets marks (insert or replace), a statement per chunk. */
  async upsertMarks(rows: readonly Insertable<AttendanceMarksTable>[]): Promise<void> {
    for (const part of chunks(rows)) {
      await this.db
        .insertInto('attendance_marks')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['classroom_id', 'student_id', 'session_date', 'session_start']).doUpdateSet((eb) => ({
            status: eb.ref('excluded.status'),
            source: eb.ref('excluded.source'),
            marked_by: eb.ref('excluded.marked_by'),
            marked_at: eb.ref('excluded.marked_at'),
          })),
        )
        .execute();
    }
  }

  async insertHistory(rows: readonly Insertable<AttendanceMarkHistoryTable>[]): Promise<void> {
    for (const part of chunks(rows))
      await this.db.insertInto('attendance_mark_history').values(part).execute();
  }

  /** Every change of one student's mark for one session, newest first. */
  history(classroomId: string, studentId: string, date: string, start: string) {
    return this.db
      .selectFrom('attendance_mark_history as h')
      .leftJoin('users as u', 'u.id', 'h.marked_by')
      .select([
        'h.id',
        'h.status',
        'h.previous_status',
        'h.source',
        'h.marked_by',
        'h.marked_at',
        'u.name as marked_by_name',
      ])
      .where('h.classroom_id', '=', classroomId)
      .where('h.session_date', '=', date)
      .where('h.student_id', '=', studentId)
      .where('h.session_start', '=', start)
      .orderBy('h.marked_at', 'desc')
      .orderBy('h.id', 'desc')
      .execute();
  }

  /** A student's marks between two dates in these classrooms. */
  studentMarks(studentId: string, classroomIds: readonly string[], from: string, to: string) {
    if (classroomIds.length === 0) return Promise.resolve([]);
    return this.studentsMarks([studentId], classroomIds, from, to);
  }

  /** The marks of these students in these classrooms between two dates, by date (the portal's home: many). */
  studentsMarks(studentIds: readonly string[], classroomIds: readonly string[], from: string, to: string) {
    return this.db
      .selectFrom('attendance_marks')
      .select(['student_id', 'classroom_id', 'session_date', 'session_start', 'status'])
      .where('student_id', 'in', [...studentIds])
      .where('classroom_id', 'in', [...classroomIds])
      .where('session_date', '>=', from)
      .where('session_date', '<=', to)
      .orderBy('session_date')
      .orderBy('session_start')
      .execute();
  }

  /** The sessions these classrooms held between two dates: any mark makes a session held. */
  heldSessions(classroomIds: readonly string[], from: string, to: string) {
    if (classroomIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('attendance_marks')
      .select(['classroom_id', 'session_date', 'session_start'])
      .distinct()
      .where('classroom_id', 'in', [...classroomIds])
      .where('session_date', '>=', from)
      .where('session_date', '<=', to)
      .execute();
  }

  /** The classrooms a student is enrolled in (accepted), with the time they joined, and their names. */
  studentClassrooms(studentId: string) {
    return this.db
      .selectFrom('enrolments')
      .innerJoin('classrooms', 'classrooms.id', 'enrolments.classroom_id')
      .select(['classrooms.id', 'classrooms.name', 'enrolments.accepted_at'])
      .where('enrolments.student_id', '=', studentId)
      .where('enrolments.accepted_at', 'is not', null)
      .execute();
  }

  /** Classrooms of the account the student has marks in (also ones they have left). */
  markedClassrooms(accountId: string, studentId: string) {
    return this.db
      .selectFrom('attendance_marks')
      .innerJoin('classrooms', 'classrooms.id', 'attendance_marks.classroom_id')
      .select(['classrooms.id', 'classrooms.name'])
      .distinct()
      .where('attendance_marks.student_id', '=', studentId)
      .where('classrooms.account_id', '=', accountId)
      .execute();
  }

  /** A student's punches in a range of instants [startMs, endMs), oldest first. */
  studentPunches(accountId: string, studentId: string, startMs: number, endMs: number) {
    return this.db
      .selectFrom('attendance_punches')
      .select(['at', 'direction', 'via'])
      .where('account_id', '=', accountId)
      .where('student_id', '=', studentId)
      .where('at', '>=', startMs)
      .where('at', '<', endMs)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }

  /** These students' punches in [startMs, endMs), oldest first, with the account of each. */
  studentsPunches(studentIds: readonly string[], startMs: number, endMs: number) {
    return this.db
      .selectFrom('attendance_punches')
      .select(['student_id', 'account_id', 'at', 'direction'])
      .where('student_id', 'in', [...studentIds])
      .where('at', '>=', startMs)
      .where('at', '<', endMs)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }

  /**
   * Punches of these accounts in [startMs, endMs), oldest first, with the student. `classroomIds`
   * (a limited assistant's) keeps students enrolled in one of them; null keeps everyone.
   */
  punchesBetween(
    accountIds: readonly string[],
    startMs: number,
    endMs: number,
    classroomIds: readonly string[] | null,
  ) {
    let query = this.db
      .selectFrom('attendance_punches as p')
      .innerJoin('students as s', 's.id', 'p.student_id')
      .select([
        'p.id',
        'p.account_id',
        'p.student_id',
        'p.at',
        'p.direction',
        'p.via',
        's.name',
        's.custom_id',
        's.avatar_key',
      ])
      .where('p.account_id', 'in', [...accountIds])
      .where('p.at', '>=', startMs)
      .where('p.at', '<', endMs);
    if (classroomIds !== null) {
      if (classroomIds.length === 0) return Promise.resolve([]);
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('enrolments as e')
            .select('e.id')
            .whereRef('e.student_id', '=', 'p.student_id')
            .where('e.classroom_id', 'in', [...classroomIds])
            .where('e.accepted_at', 'is not', null),
        ),
      );
    }
    return query.orderBy('p.at').orderBy('p.id').execute();
  }
}
