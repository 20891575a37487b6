import type { Insertable, Kysely } from 'kysely';
import type { ArchivedEnrolmentsTable, Database, EnrolmentsTable } from '../../db/schema';

/** Enrolments and their archive copies: the writes of including, removing, archiving and unarchiving. */
export class EnrolmentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(studentId: string, classroomId: string) {
    return this.db
      .selectFrom('enrolments')
      .selectAll()
      .where('student_id', '=', studentId)
      .where('classroom_id', '=', classroomId)
      .executeTakeFirst();
  }

  /** Enrolments of these students in these classrooms, with what an archive copy keeps. */
  inClassrooms(studentIds: readonly string[], classroomIds: readonly string[]) {
    if (studentIds.length === 0 || classroomIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('enrolments')
      .innerJoin('classrooms', 'classrooms.id', 'enrolments.classroom_id')
      .innerJoin('students', 'students.id', 'enrolments.student_id')
      .selectAll('enrolments')
      .select([
        'classrooms.account_id',
        'classrooms.grade',
        'classrooms.subject',
        'classrooms.name as classroom_name',
        'students.name as student_name',
        'students.custom_id',
        'students.avatar_key',
        'students.phone',
        'students.parent1_phone',
        'students.parent2_phone',
        'students.email',
        'students.institution',
        'students.user_id',
      ])
      .where('enrolments.student_id', 'in', studentIds)
      .where('enrolments.classroom_id', 'in', classroomIds)
      .execute();
  }

  /** Classroom ids of these students' enrolments. */
  classroomIdsOf(studentIds: readonly string[]) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('enrolments')
      .select(['student_id', 'classroom_id'])
      .where('student_id', 'in', studentIds)
      .execute();
  }

  async insert(row: Insertable<EnrolmentsTable>): Promise<void> {
    await this.db.insertInto('enrolments').values(row).execute();
  }

  async setFee(id: string, fee: number | null): Promise<void> {
    await this.db.updateTable('enrolments').set({ tuition_fee: fee }).where('id', '=', id).execute();
  }

  async delete(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db.deleteFrom('enrolments').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Students among these with no enrolment left. */
  async withoutEnrolments(studentIds: readonly string[]): Promise<string[]> {
    if (studentIds.length === 0) return [];
    const enrolled = await this.db
      .selectFrom('enrolments')
      .select('student_id')
      .distinct()
      .where('student_id', 'in', studentIds)
      .execute();
    const still = new Set(enrolled.map((e) => e.student_id));
    return studentIds.filter((id) => !still.has(id));
  }

  async setArchived(studentIds: readonly string[], archivedAt: number | null): Promise<void> {
    if (studentIds.length === 0) return;
    await this.db
      .updateTable('students')
      .set({ archived_at: archivedAt })
      .where('id', 'in', studentIds)
      .execute();
  }

  async insertArchived(rows: readonly Insertable<ArchivedEnrolmentsTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('archived_enrolments')
      .values([...rows])
      .execute();
  }

  /** A student's archive copies not yet restored, newest first. */
  openArchived(studentId: string) {
    return this.db
      .selectFrom('archived_enrolments')
      .selectAll()
      .where('student_id', '=', studentId)
      .where('restored_at', 'is', null)
      .orderBy('archived_at', 'desc')
      .execute();
  }

  async markRestored(ids: readonly string[], userId: string, now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('archived_enrolments')
      .set({ restored_at: now, restored_by: userId })
      .where('id', 'in', ids)
      .execute();
  }
}
