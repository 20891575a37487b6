import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type {
  AssessmentMarksTable,
  AssessmentSubjectsTable,
  AssessmentsTable,
  GradeScalesTable,
} from '../../db/schema-assessments';

/** Marks rows per insert: 9 values each, well within SQLite's and PostgreSQL's parameter limits. */
const MARKS_CHUNK = 500;

/** SQL of assessments, their subjects and the account's grade scale (db/schema-assessments.ts). */
export class AssessmentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  classroom(accountId: string, classroomId: string) {
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'account_id', 'name', 'closed_at'])
      .where('id', '=', classroomId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  assessment(accountId: string, assessmentId: string) {
    return this.db
      .selectFrom('assessments')
      .selectAll()
      .where('id', '=', assessmentId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** A classroom's assessments, newest held first (or only one term's, oldest first for results). */
  ofClassroom(classroomId: string, term?: string, order: 'newest' | 'oldest' = 'newest') {
    let query = this.db.selectFrom('assessments').selectAll().where('classroom_id', '=', classroomId);
    if (term !== undefined) query = query.where('term', '=', term);
    const direction = order === 'newest' ? 'desc' : 'asc';
    return query
      .orderBy('held_on', direction)
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .execute();
  }

  subjectsOf(assessmentIds: readonly string[]) {
    if (assessmentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('assessment_subjects')
      .selectAll()
      .where('assessment_id', 'in', assessmentIds)
      .orderBy('assessment_id')
      .orderBy('position')
      .execute();
  }

  /** Each term of the classroom with its count, published count and dates. */
  terms(classroomId: string) {
    return this.db
      .selectFrom('assessments')
      .select((eb) => [
        'term',
        eb.fn.countAll<number>().as('assessments'),
        eb.fn.count<number>('published_at').as('published'),
        eb.fn.min('held_on').as('first_held_on'),
        eb.fn.max('held_on').as('last_held_on'),
      ])
      .where('classroom_id', '=', classroomId)
      .groupBy('term')
      .orderBy('last_held_on', 'desc')
      .orderBy('term')
      .execute();
  }

  insert(row: Insertable<AssessmentsTable>) {
    return this.db.insertInto('assessments').values(row).execute();
  }

  update(id: string, values: Updateable<AssessmentsTable>) {
    return this.db.updateTable('assessments').set(values).where('id', '=', id).executeTakeFirst();
  }

  delete(id: string) {
    return this.db.deleteFrom('assessments').where('id', '=', id).execute();
  }

  insertSubjects(rows: Insertable<AssessmentSubjectsTable>[]) {
    if (rows.length === 0) return Promise.resolve();
    return this.db.insertInto('assessment_subjects').values(rows).execute();
  }

  updateSubject(id: string, values: Updateable<AssessmentSubjectsTable>) {
    return this.db.updateTable('assessment_subjects').set(values).where('id', '=', id).execute();
  }

  /** Subjects left out of an edit; their marks go with them (foreign key cascade, and explicitly). */
  async deleteSubjects(ids: readonly string[]) {
    if (ids.length === 0) return;
    await this.db.deleteFrom('assessment_marks').where('subject_id', 'in', ids).execute();
    await this.db.deleteFrom('assessment_subjects').where('id', 'in', ids).execute();
  }

  /** An assessment's marks rows exactly as stored (the Recycle bin's copy). */
  marksRowsOf(assessmentId: string) {
    return this.db
      .selectFrom('assessment_marks')
      .selectAll()
      .where('assessment_id', '=', assessmentId)
      .execute();
  }

  async insertMarksRows(rows: Insertable<AssessmentMarksTable>[]) {
    for (let i = 0; i < rows.length; i += MARKS_CHUNK)
      await this.db
        .insertInto('assessment_marks')
        .values(rows.slice(i, i + MARKS_CHUNK))
        .execute();
  }

  /** Whether the assessment's id or one of its subjects' is in use again (a restore must not reuse them). */
  async idsTaken(assessmentId: string, subjectIds: readonly string[]): Promise<boolean> {
    const assessment = await this.db
      .selectFrom('assessments')
      .select('id')
      .where('id', '=', assessmentId)
      .executeTakeFirst();
    if (assessment || subjectIds.length === 0) return !!assessment;
    const subject = await this.db
      .selectFrom('assessment_subjects')
      .select('id')
      .where('id', 'in', subjectIds)
      .executeTakeFirst();
    return !!subject;
  }

  /** Of these students, those that still exist (marks of a student deleted since go with them). */
  async existingStudents(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('students').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Of these users, those that still exist (who created or last changed a row, else null). */
  async existingUsers(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('users').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Marks of parts a subject no longer has. */
  deletePartsMarks(subjectId: string, keepKeys: readonly string[]) {
    let query = this.db.deleteFrom('assessment_marks').where('subject_id', '=', subjectId);
    if (keepKeys.length > 0) query = query.where('part_key', 'not in', keepKeys);
    return query.execute();
  }

  /** The highest marks entered in each part of these subjects (hundredths), to check new full marks. */
  highestMarks(subjectIds: readonly string[]) {
    if (subjectIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('assessment_marks')
      .select((eb) => ['subject_id', 'part_key', eb.fn.max('marks').as('highest')])
      .where('subject_id', 'in', subjectIds)
      .groupBy(['subject_id', 'part_key'])
      .execute();
  }

  /** Students enrolled in the classroom (accepted), by name, with when they joined it. */
  enrolledStudents(classroomId: string) {
    return this.db
      .selectFrom('enrolments as e')
      .innerJoin('students as s', 's.id', 'e.student_id')
      .select(['s.id', 's.name', 's.custom_id', 'e.accepted_at'])
      .where('e.classroom_id', '=', classroomId)
      .where('e.accepted_at', 'is not', null)
      .orderBy('s.name')
      .orderBy('s.id')
      .execute();
  }

  scale(accountId: string) {
    return this.db
      .selectFrom('grade_scales')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  saveScale(row: Insertable<GradeScalesTable>) {
    return this.db
      .insertInto('grade_scales')
      .values(row)
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({
          bands: row.bands,
          mode: row.mode,
          updated_by: row.updated_by,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }
}
