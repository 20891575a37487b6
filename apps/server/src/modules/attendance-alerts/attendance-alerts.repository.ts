import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AttendanceSettingsTable } from '../../db/schema-attendance';
import type { AttendanceAlertsTable, AttendanceAlertTextsTable } from '../../db/schema-attendance-alerts';

/** SQL of the parent SMS on attendance (db/schema-attendance-alerts.ts). */
export class AttendanceAlertsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  punches(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('attendance_punches')
      .select(['id', 'account_id', 'student_id', 'direction', 'at'])
      .where('id', 'in', [...ids])
      .orderBy('at')
      .execute();
  }

  /**
   * The open classrooms these students are enrolled in whose entry/exit SMS is on, with their
   * settings and texts.
   */
  alertClassroomsOf(studentIds: readonly string[]) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('enrolments as e')
      .innerJoin('classrooms as c', 'c.id', 'e.classroom_id')
      .innerJoin('attendance_settings as s', 's.classroom_id', 'c.id')
      .leftJoin('attendance_alert_texts as t', 't.classroom_id', 'c.id')
      .select([
        'e.student_id',
        'c.id as classroom_id',
        'c.name',
        'c.timings',
        's.sms_mode',
        's.sms_window_minutes',
        't.language',
        't.templates',
      ])
      .where('e.student_id', 'in', [...studentIds])
      .where('e.accepted_at', 'is not', null)
      .where('c.closed_at', 'is', null)
      .where('s.sms_mode', '!=', 'off')
      .orderBy('c.name')
      .orderBy('c.id')
      .execute();
  }

  students(accountId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('students')
      .select(['id', 'name', 'custom_id', 'phone', 'parent1_phone', 'parent2_phone'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The institution's name, and its owner (alerts are sent in the owner's name, as no one pressed send). */
  account(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .select(['institution', 'owner_user_id'])
      .where('id', '=', accountId)
      .executeTakeFirst();
  }

  async handled(dedupeKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('attendance_alerts')
      .select('id')
      .where('dedupe_key', '=', dedupeKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Writes an alert's log row unless its dedupe key has one: false when it was handled already
   * (or another worker holds it in a transaction not yet committed, which this waits for on
   * PostgreSQL).
   */
  async claim(row: Insertable<AttendanceAlertsTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('attendance_alerts')
      .values(row)
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Keys among these that already have a log row. */
  async handledKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('attendance_alerts')
      .select('dedupe_key')
      .where('dedupe_key', 'in', [...keys])
      .execute();
    return new Set(rows.map((r) => r.dedupe_key));
  }

  async settle(
    dedupeKey: string,
    changes: Pick<Insertable<AttendanceAlertsTable>, 'outcome' | 'reason' | 'send_id' | 'text' | 'parts'>,
  ): Promise<void> {
    await this.db.updateTable('attendance_alerts').set(changes).where('dedupe_key', '=', dedupeKey).execute();
  }

  async setSend(dedupeKey: string, sendId: string): Promise<void> {
    await this.db
      .updateTable('attendance_alerts')
      .set({ send_id: sendId })
      .where('dedupe_key', '=', dedupeKey)
      .execute();
  }

  /**
   * Claims the student's SMS window for a direction at punch moment `at`: true when no SMS of that
   * direction was claimed for a punch less than `windowMs` before it (nor after it: an older punch
   * that arrives late never sends). One conditional upsert, so concurrent claims serialise on the
   * row and exactly one wins.
   */
  async claimWindow(studentId: string, direction: 'entry' | 'exit', at: number, windowMs: number) {
    const result = await this.db
      .insertInto('attendance_alert_windows')
      .values({ student_id: studentId, direction, last_at: at })
      .onConflict((oc) =>
        oc
          .columns(['student_id', 'direction'])
          .doUpdateSet({ last_at: at })
          .where('attendance_alert_windows.last_at', '<=', at - windowMs),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  // Settings

  classroom(accountId: string, classroomId: string) {
    return this.db
      .selectFrom('classrooms as c')
      .leftJoin('attendance_settings as s', 's.classroom_id', 'c.id')
      .leftJoin('attendance_alert_texts as t', 't.classroom_id', 'c.id')
      .innerJoin('accounts as a', 'a.id', 'c.account_id')
      .select([
        'c.id',
        'c.name',
        'c.timings',
        'a.institution',
        'a.owner_user_id',
        's.sms_mode',
        's.sms_window_minutes',
        's.absence_sms',
        's.late_after_minutes',
        's.updated_at',
        't.language',
        't.templates',
        't.updated_at as texts_updated_at',
      ])
      .where('c.account_id', '=', accountId)
      .where('c.id', '=', classroomId)
      .executeTakeFirst();
  }

  /** The classrooms of these accounts with their modes (open ones, by name). */
  classroomModes(accountIds: readonly string[]) {
    return this.db
      .selectFrom('classrooms as c')
      .leftJoin('attendance_settings as s', 's.classroom_id', 'c.id')
      .select(['c.id', 'c.account_id', 'c.name', 's.sms_mode', 's.absence_sms'])
      .where('c.account_id', 'in', [...accountIds])
      .where('c.closed_at', 'is', null)
      .orderBy('c.name')
      .orderBy('c.id')
      .execute();
  }

  /**
   * Saves the switches in attendance_settings (0026) without touching anything else kept there,
   * and the texts in attendance_alert_texts.
   */
  async saveSettings(
    settings: Omit<AttendanceSettingsTable, 'classroom_id'> & { classroom_id: string },
    texts: Insertable<AttendanceAlertTextsTable>,
  ): Promise<void> {
    const { classroom_id: _, ...settingChanges } = settings;
    await this.db
      .insertInto('attendance_settings')
      .values(settings)
      .onConflict((oc) => oc.column('classroom_id').doUpdateSet(settingChanges))
      .execute();
    const { classroom_id: __, ...textChanges } = texts;
    await this.db
      .insertInto('attendance_alert_texts')
      .values(texts)
      .onConflict((oc) => oc.column('classroom_id').doUpdateSet(textChanges))
      .execute();
  }

  /** A page of the log of these accounts, newest first, with student and classroom names. */
  log(accountIds: readonly string[], query: { classroomId?: string; offset: number; limit: number }) {
    let q = this.db
      .selectFrom('attendance_alerts as l')
      .leftJoin('students as st', 'st.id', 'l.student_id')
      .leftJoin('classrooms as c', 'c.id', 'l.classroom_id')
      .select([
        'l.id',
        'l.kind',
        'l.outcome',
        'l.reason',
        'l.student_id',
        'st.name as student_name',
        'l.classroom_id',
        'c.name as classroom_name',
        'l.at',
        'l.created_at',
        'l.phone',
        'l.text',
        'l.parts',
        'l.send_id',
      ])
      .where('l.account_id', 'in', [...accountIds]);
    if (query.classroomId) q = q.where('l.classroom_id', '=', query.classroomId);
    return q
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .offset(query.offset)
      .limit(query.limit)
      .execute();
  }

  async logCount(accountIds: readonly string[], classroomId?: string): Promise<number> {
    let q = this.db
      .selectFrom('attendance_alerts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account_id', 'in', [...accountIds]);
    if (classroomId) q = q.where('classroom_id', '=', classroomId);
    const row = await q.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  // Absence SMS

  /** Open classrooms whose absence SMS is on, with their timings and late time. */
  absenceClassrooms() {
    return this.db
      .selectFrom('attendance_settings as s')
      .innerJoin('classrooms as c', 'c.id', 's.classroom_id')
      .select(['c.id', 'c.account_id', 'c.timings', 's.late_after_minutes'])
      .where('s.absence_sms', '=', 1)
      .where('c.closed_at', 'is', null)
      .orderBy('c.id')
      .execute();
  }

  /** One classroom's absence settings and texts, for its session's job. */
  absenceClassroom(classroomId: string) {
    return this.db
      .selectFrom('classrooms as c')
      .innerJoin('attendance_settings as s', 's.classroom_id', 'c.id')
      .innerJoin('accounts as a', 'a.id', 'c.account_id')
      .leftJoin('attendance_alert_texts as t', 't.classroom_id', 'c.id')
      .select([
        'c.id',
        'c.account_id',
        'c.name',
        'c.timings',
        'c.closed_at',
        's.absence_sms',
        's.late_after_minutes',
        'a.institution',
        'a.owner_user_id',
        't.language',
        't.templates',
      ])
      .where('c.id', '=', classroomId)
      .executeTakeFirst();
  }

  /** Students enrolled in the classroom by `at` (accepted then), with their phones. */
  enrolledStudents(classroomId: string, at: number) {
    return this.db
      .selectFrom('enrolments as e')
      .innerJoin('students as st', 'st.id', 'e.student_id')
      .select(['st.id', 'st.name', 'st.custom_id', 'st.phone', 'st.parent1_phone', 'st.parent2_phone'])
      .where('e.classroom_id', '=', classroomId)
      .where('e.accepted_at', 'is not', null)
      .where('e.accepted_at', '<=', at)
      .where('st.archived_at', 'is', null)
      .orderBy('st.name')
      .orderBy('st.id')
      .execute();
  }

  /** The marks of one session. */
  sessionMarks(classroomId: string, date: string, start: string) {
    return this.db
      .selectFrom('attendance_marks')
      .select(['student_id', 'status'])
      .where('classroom_id', '=', classroomId)
      .where('session_date', '=', date)
      .where('session_start', '=', start)
      .execute();
  }
}
