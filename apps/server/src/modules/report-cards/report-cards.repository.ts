import type { Insertable, Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';
import type { ReportFeedbackTable, ReportLinksTable } from '../../db/schema-report-cards';

/**
 * The only file of report cards that touches SQL: who a card is about, the
 * attendance of the term, and the links, acknowledgements, feedback and remarks of cards. The
 * assessments and marks themselves are read through the assessments module.
 */
export class ReportCardsRepository {
  private versionRead?: (values: { classroomId: unknown }) => Promise<{ version: number }[]>;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The classroom's result version, raised by database triggers on every change to what its
   * terms are made of (migration 0081). Prepared once: the term cache holds one repository and
   * reads this for every term it serves.
   */
  async resultVersion(classroomId: string): Promise<string> {
    this.versionRead ??= preparedQuery(this.db, ['classroomId'], ({ classroomId }) =>
      this.db.selectFrom('result_versions').select('version').where('classroom_id', '=', classroomId),
    );
    const [row] = await this.versionRead({ classroomId });
    return row ? String(row.version) : '';
  }

  // ── who and where ──

  /** The classroom with its account's header (institution, logo) and teacher (the owner). */
  classroom(accountId: string, classroomId: string) {
    return this.db
      .selectFrom('classrooms')
      .innerJoin('accounts', 'accounts.id', 'classrooms.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select([
        'classrooms.id',
        'classrooms.name',
        'classrooms.account_id',
        'accounts.institution',
        'accounts.logo_key',
        'users.name as teacher_name',
      ])
      .where('classrooms.id', '=', classroomId)
      .where('classrooms.account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** Students enrolled in the classroom now (accepted), by name, with the date they joined. */
  enrolled(classroomId: string) {
    return this.db
      .selectFrom('enrolments')
      .innerJoin('students', 'students.id', 'enrolments.student_id')
      .select([
        'students.id',
        'students.name',
        'students.custom_id',
        'students.avatar_key',
        'students.phone',
        'students.parent1_phone',
        'students.parent2_phone',
        'enrolments.accepted_at',
      ])
      .where('enrolments.classroom_id', '=', classroomId)
      .where('enrolments.accepted_at', 'is not', null)
      .orderBy('students.name')
      .orderBy('students.id')
      .execute();
  }

  /** The classroom's published assessments (the terms cards can be made for), oldest held first. */
  publishedAssessments(classroomId: string, assessmentId?: string) {
    let query = this.db
      .selectFrom('assessments')
      .select(['id', 'name', 'term', 'held_on', 'weight', 'published_at'])
      .where('classroom_id', '=', classroomId)
      .where('published_at', 'is not', null);
    if (assessmentId) query = query.where('id', '=', assessmentId);
    return query.orderBy('held_on').orderBy('created_at').execute();
  }

  /**
   * The published assessments of these classrooms, for the family portal's results, each with its
   * classroom's result version read in the same statement: before any of their terms is loaded
   * (term-cache.ts), and one round trip.
   */
  publishedOf(classroomIds: readonly string[]) {
    if (classroomIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('assessments')
      .leftJoin('result_versions', 'result_versions.classroom_id', 'assessments.classroom_id')
      .select([
        'assessments.classroom_id',
        'assessments.term',
        'assessments.held_on',
        'assessments.published_at',
        'result_versions.version',
      ])
      .where('assessments.classroom_id', 'in', classroomIds)
      .where('assessments.published_at', 'is not', null)
      .execute();
  }

  // ── attendance (the attendance capability's marks, when the classroom has any) ──

  /** Sessions the classroom held in the range: any student has a mark for them. */
  heldSessions(classroomId: string, from: string | null, to: string) {
    let query = this.db
      .selectFrom('attendance_marks')
      .select(['session_date', 'session_start'])
      .distinct()
      .where('classroom_id', '=', classroomId)
      .where('session_date', '<=', to);
    if (from) query = query.where('session_date', '>=', from);
    return query.execute();
  }

  /** The marks of these students in the range. */
  attendanceMarks(classroomId: string, studentIds: readonly string[], from: string | null, to: string) {
    if (studentIds.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('attendance_marks')
      .select(['student_id', 'session_date', 'session_start', 'status'])
      .where('classroom_id', '=', classroomId)
      .where('student_id', 'in', studentIds)
      .where('session_date', '<=', to);
    if (from) query = query.where('session_date', '>=', from);
    return query.execute();
  }

  // ── links ──

  async insertLinks(rows: readonly Insertable<ReportLinksTable>[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('report_links').values(rows).execute();
  }

  /** A live link by its key's hash, with the classroom's account it belongs to. */
  liveLink(keyHash: string) {
    return this.db
      .selectFrom('report_links')
      .select(['id', 'kind', 'account_id', 'student_id', 'classroom_id', 'term'])
      .where('key_hash', '=', keyHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async touchLink(id: string, now: number): Promise<void> {
    await this.db.updateTable('report_links').set({ last_opened_at: now }).where('id', '=', id).execute();
  }

  /** Ends the live links of a term's cards (of these students, or all) or of its table; how many. */
  async revokeLinks(
    classroomId: string,
    term: string,
    kind: ReportLinksTable['kind'],
    studentIds: readonly string[] | null,
    now: number,
  ): Promise<number> {
    if (studentIds?.length === 0) return 0;
    let query = this.db
      .updateTable('report_links')
      .set({ revoked_at: now })
      .where('classroom_id', '=', classroomId)
      .where('term', '=', term)
      .where('kind', '=', kind)
      .where('revoked_at', 'is', null);
    if (studentIds) query = query.where('student_id', 'in', studentIds);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Per student of a term: live links and when one was last opened. */
  linkStatus(classroomId: string, term: string) {
    return this.db
      .selectFrom('report_links')
      .select((eb) => [
        'student_id',
        eb.fn.countAll<number>().as('live'),
        eb.fn.max('last_opened_at').as('last_opened_at'),
      ])
      .where('classroom_id', '=', classroomId)
      .where('term', '=', term)
      .where('kind', '=', 'student')
      .where('revoked_at', 'is', null)
      .groupBy('student_id')
      .execute();
  }

  // ── acknowledgements ──

  /** Records the acknowledgement once; a second one changes nothing. */
  async acknowledge(row: {
    student_id: string;
    classroom_id: string;
    term: string;
    account_id: string;
    link_id: string;
    acknowledged_at: number;
  }): Promise<void> {
    await this.db
      .insertInto('report_acknowledgements')
      .values(row)
      .onConflict((oc) => oc.columns(['student_id', 'classroom_id', 'term']).doNothing())
      .execute();
  }

  /** Every acknowledgement of these students (the family portal's home matches its terms). */
  acknowledgementsOf(studentIds: readonly string[]) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('report_acknowledgements')
      .select(['student_id', 'classroom_id', 'term', 'acknowledged_at'])
      .where('student_id', 'in', [...studentIds])
      .execute();
  }

  acknowledgements(classroomId: string, term: string, studentId?: string) {
    let query = this.db
      .selectFrom('report_acknowledgements')
      .innerJoin('students', 'students.id', 'report_acknowledgements.student_id')
      .select([
        'report_acknowledgements.student_id',
        'students.name',
        'report_acknowledgements.acknowledged_at',
      ])
      .where('report_acknowledgements.classroom_id', '=', classroomId)
      .where('report_acknowledgements.term', '=', term);
    if (studentId) query = query.where('report_acknowledgements.student_id', '=', studentId);
    return query.orderBy('report_acknowledgements.acknowledged_at', 'desc').execute();
  }

  // ── feedback ──

  async insertFeedback(row: Insertable<ReportFeedbackTable>): Promise<void> {
    await this.db.insertInto('report_feedback').values(row).execute();
  }

  /** Feedback of a term, newest first (of one student when named). */
  feedback(classroomId: string, term: string, studentId?: string) {
    let query = this.db
      .selectFrom('report_feedback')
      .innerJoin('students', 'students.id', 'report_feedback.student_id')
      .select([
        'report_feedback.id',
        'report_feedback.student_id',
        'students.name',
        'report_feedback.text',
        'report_feedback.created_at',
        'report_feedback.read_at',
      ])
      .where('report_feedback.classroom_id', '=', classroomId)
      .where('report_feedback.term', '=', term);
    if (studentId) query = query.where('report_feedback.student_id', '=', studentId);
    return query
      .orderBy('report_feedback.created_at', 'desc')
      .orderBy('report_feedback.id', 'desc')
      .execute();
  }

  /** Feedback a link has left since `since`: what the per-link limit counts. */
  async feedbackCountOfLink(linkId: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('report_feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('link_id', '=', linkId)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async markFeedbackRead(
    classroomId: string,
    term: string,
    ids: readonly string[] | null,
    by: string,
    now: number,
  ): Promise<void> {
    if (ids?.length === 0) return;
    let query = this.db
      .updateTable('report_feedback')
      .set({ read_at: now, read_by: by })
      .where('classroom_id', '=', classroomId)
      .where('term', '=', term)
      .where('read_at', 'is', null);
    if (ids) query = query.where('id', 'in', ids);
    await query.execute();
  }

  // ── remarks ──

  remarks(classroomId: string, term: string, studentId?: string) {
    let query = this.db
      .selectFrom('report_remarks')
      .select(['student_id', 'remark', 'updated_at'])
      .where('classroom_id', '=', classroomId)
      .where('term', '=', term);
    if (studentId) query = query.where('student_id', '=', studentId);
    return query.execute();
  }

  async saveRemark(row: {
    student_id: string;
    classroom_id: string;
    term: string;
    account_id: string;
    remark: string;
    updated_by: string;
    updated_at: number;
  }): Promise<void> {
    const { student_id: _s, classroom_id: _c, term: _t, ...changes } = row;
    await this.db
      .insertInto('report_remarks')
      .values(row)
      .onConflict((oc) => oc.columns(['student_id', 'classroom_id', 'term']).doUpdateSet(changes))
      .execute();
  }

  async deleteRemark(studentId: string, classroomId: string, term: string): Promise<void> {
    await this.db
      .deleteFrom('report_remarks')
      .where('student_id', '=', studentId)
      .where('classroom_id', '=', classroomId)
      .where('term', '=', term)
      .execute();
  }
}
