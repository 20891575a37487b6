import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type {
  AssignmentAssessmentsTable,
  AssignmentSubmissionsTable,
  AssignmentsTable,
} from '../../db/schema-assignments';

/** The only SQL of online assignments. */
export class AssignmentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account's classrooms among these ids, with their names. */
  classrooms(accountId: string, classroomIds: readonly string[]) {
    if (classroomIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('id', 'in', classroomIds)
      .execute();
  }

  /** Assignments of the account posted to any of these classrooms ('all': every one). */
  async list(accountId: string, classroomIds: readonly string[] | 'all') {
    if (classroomIds !== 'all' && classroomIds.length === 0) return [];
    let query = this.db.selectFrom('assignments').selectAll().where('account_id', '=', accountId);
    if (classroomIds !== 'all')
      query = query.where('id', 'in', (eb) =>
        eb
          .selectFrom('assignment_classrooms')
          .select('assignment_id')
          .where('classroom_id', 'in', classroomIds),
      );
    return await query.orderBy('due_at', 'desc').orderBy('id', 'desc').execute();
  }

  find(accountId: string, assignmentId: string) {
    return this.db
      .selectFrom('assignments')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', assignmentId)
      .executeTakeFirst();
  }

  /** The classrooms of these assignments, with their names. */
  classroomsOf(assignmentIds: readonly string[]) {
    if (assignmentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('assignment_classrooms as ac')
      .innerJoin('classrooms as c', 'c.id', 'ac.classroom_id')
      .select(['ac.assignment_id', 'c.id', 'c.name'])
      .where('ac.assignment_id', 'in', assignmentIds)
      .orderBy('c.name')
      .execute();
  }

  /** Students enrolled (accepted) in these classrooms, one row per student and classroom. */
  enrolled(classroomIds: readonly string[]) {
    if (classroomIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('enrolments as e')
      .innerJoin('students as s', 's.id', 'e.student_id')
      .select(['s.id', 's.name', 's.custom_id', 'e.classroom_id'])
      .where('e.classroom_id', 'in', classroomIds)
      .where('e.accepted_at', 'is not', null)
      .orderBy('s.name')
      .orderBy('s.id')
      .execute();
  }

  submissions(assignmentIds: readonly string[], studentIds?: readonly string[]) {
    if (assignmentIds.length === 0 || studentIds?.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('assignment_submissions')
      .selectAll()
      .where('assignment_id', 'in', assignmentIds);
    if (studentIds) query = query.where('student_id', 'in', studentIds);
    return query.execute();
  }

  /** Assignments posted to any of these classrooms (a child's), with the classroom each came by. */
  forClassrooms(classroomIds: readonly string[]) {
    if (classroomIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('assignments as a')
      .innerJoin('assignment_classrooms as ac', 'ac.assignment_id', 'a.id')
      .innerJoin('classrooms as c', 'c.id', 'ac.classroom_id')
      .selectAll('a')
      .select(['c.id as classroom_id', 'c.name as classroom_name'])
      .where('ac.classroom_id', 'in', classroomIds)
      .orderBy('a.due_at')
      .orderBy('a.id')
      .execute();
  }

  async insert(row: Insertable<AssignmentsTable>, classroomIds: readonly string[]): Promise<void> {
    await this.db.insertInto('assignments').values(row).execute();
    await this.setClassrooms(row.id, classroomIds);
  }

  async update(
    id: string,
    changes: Updateable<AssignmentsTable>,
    classroomIds: readonly string[],
  ): Promise<void> {
    await this.db.updateTable('assignments').set(changes).where('id', '=', id).execute();
    await this.db.deleteFrom('assignment_classrooms').where('assignment_id', '=', id).execute();
    await this.setClassrooms(id, classroomIds);
  }

  private async setClassrooms(id: string, classroomIds: readonly string[]): Promise<void> {
    await this.db
      .insertInto('assignment_classrooms')
      .values(classroomIds.map((classroom_id) => ({ assignment_id: id, classroom_id })))
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('assignments').where('id', '=', id).execute();
  }

  /** Saves a submission, replacing the earlier one only while it is still unmarked. */
  async submit(row: Insertable<AssignmentSubmissionsTable>): Promise<boolean> {
    const { assignment_id: _a, student_id: _s, ...changes } = row;
    const result = await this.db
      .insertInto('assignment_submissions')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['assignment_id', 'student_id'])
          .doUpdateSet(changes)
          .where('assignment_submissions.marks', 'is', null),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async mark(
    assignmentId: string,
    studentId: string,
    changes: Pick<AssignmentSubmissionsTable, 'marks' | 'comment' | 'marked_by' | 'marked_at'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('assignment_submissions')
      .set(changes)
      .where('assignment_id', '=', assignmentId)
      .where('student_id', '=', studentId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The assessments this assignment's marks went into, by classroom. */
  assessmentLinks(assignmentId: string) {
    return this.db
      .selectFrom('assignment_assessments')
      .select(['classroom_id', 'assessment_id'])
      .where('assignment_id', '=', assignmentId)
      .execute();
  }

  async linkAssessment(row: Insertable<AssignmentAssessmentsTable>): Promise<void> {
    await this.db.insertInto('assignment_assessments').values(row).execute();
  }
}
