import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { VideosTable } from '../../db/schema-video';

export interface ChapterPlan {
  id: string;
  title: string;
  videoIds: readonly string[];
}

/** The only SQL of private video courses; every query names the account it reads. */
export class VideoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // Videos

  video(id: string) {
    return this.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  accountVideo(accountId: string, id: string) {
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  videos(accountId: string) {
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  async videoIdsOf(accountId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('videos')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  async insertVideo(row: Insertable<VideosTable>): Promise<void> {
    await this.db.insertInto('videos').values(row).execute();
  }

  async updateVideo(id: string, changes: Updateable<VideosTable>): Promise<void> {
    await this.db.updateTable('videos').set(changes).where('id', '=', id).execute();
  }

  async deleteVideo(accountId: string, id: string): Promise<void> {
    await this.db.deleteFrom('videos').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  // Courses

  courses(accountId: string) {
    return this.db
      .selectFrom('video_courses')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
  }

  course(accountId: string, id: string) {
    return this.db
      .selectFrom('video_courses')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async chapters(courseIds: readonly string[]) {
    if (courseIds.length === 0) return [];
    return this.db
      .selectFrom('video_chapters')
      .selectAll()
      .where('course_id', 'in', courseIds)
      .orderBy('position')
      .execute();
  }

  async chapterItems(chapterIds: readonly string[]) {
    if (chapterIds.length === 0) return [];
    return this.db
      .selectFrom('video_chapter_items')
      .selectAll()
      .where('chapter_id', 'in', chapterIds)
      .orderBy('position')
      .execute();
  }

  async courseClassrooms(courseIds: readonly string[]) {
    if (courseIds.length === 0) return [];
    return this.db
      .selectFrom('video_course_classrooms')
      .selectAll()
      .where('course_id', 'in', courseIds)
      .execute();
  }

  /** Courses attached to any of these classrooms of the account. */
  async courseIdsFor(accountId: string, classroomIds: readonly string[]): Promise<string[]> {
    if (classroomIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('video_course_classrooms')
      .select('course_id')
      .distinct()
      .where('account_id', '=', accountId)
      .where('classroom_id', 'in', classroomIds)
      .execute();
    return rows.map((r) => r.course_id);
  }

  /** The classrooms whose courses hold this video. */
  async classroomsShowing(videoId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('video_chapter_items as i')
      .innerJoin('video_chapters as ch', 'ch.id', 'i.chapter_id')
      .innerJoin('video_course_classrooms as cc', 'cc.course_id', 'ch.course_id')
      .select('cc.classroom_id')
      .distinct()
      .where('i.video_id', '=', videoId)
      .execute();
    return rows.map((r) => r.classroom_id);
  }

  async insertCourse(row: { id: string; account_id: string; title: string; now: number }): Promise<void> {
    await this.db
      .insertInto('video_courses')
      .values({
        id: row.id,
        account_id: row.account_id,
        title: row.title,
        created_at: row.now,
        updated_at: row.now,
      })
      .execute();
  }

  /** Replaces the course's title, chapters and classrooms in one transaction. */
  async saveCourse(
    accountId: string,
    courseId: string,
    plan: { title: string; chapters: readonly ChapterPlan[]; classroomIds: readonly string[]; now: number },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('video_courses')
        .set({ title: plan.title, updated_at: plan.now })
        .where('id', '=', courseId)
        .execute();
      await trx.deleteFrom('video_chapters').where('course_id', '=', courseId).execute();
      await trx.deleteFrom('video_course_classrooms').where('course_id', '=', courseId).execute();
      if (plan.chapters.length > 0) {
        await trx
          .insertInto('video_chapters')
          .values(
            plan.chapters.map((c, position) => ({
              id: c.id,
              course_id: courseId,
              account_id: accountId,
              title: c.title,
              position,
            })),
          )
          .execute();
      }
      const items = plan.chapters.flatMap((c) =>
        [...new Set(c.videoIds)].map((videoId, position) => ({
          chapter_id: c.id,
          video_id: videoId,
          account_id: accountId,
          position,
        })),
      );
      if (items.length > 0) await trx.insertInto('video_chapter_items').values(items).execute();
      if (plan.classroomIds.length > 0) {
        await trx
          .insertInto('video_course_classrooms')
          .values(
            plan.classroomIds.map((classroomId) => ({
              course_id: courseId,
              classroom_id: classroomId,
              account_id: accountId,
            })),
          )
          .execute();
      }
    });
  }

  /** Puts a video last in a chapter of the account's course. */
  async appendToChapter(accountId: string, chapterId: string, videoId: string): Promise<void> {
    await this.db
      .insertInto('video_chapter_items')
      .values((eb) => ({
        chapter_id: chapterId,
        video_id: videoId,
        account_id: accountId,
        position: eb
          .selectFrom('video_chapter_items')
          .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
          .where('account_id', '=', accountId)
          .where('chapter_id', '=', chapterId),
      }))
      .execute();
  }

  /** A course changed outside its editor: an editor open on it reloads instead of overwriting. */
  async touchCourseOf(accountId: string, chapterId: string, now: number): Promise<void> {
    await this.db
      .updateTable('video_courses')
      .set({ updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', 'in', (eb) =>
        eb.selectFrom('video_chapters').select('course_id').where('id', '=', chapterId),
      )
      .execute();
  }

  async deleteCourse(accountId: string, id: string): Promise<void> {
    await this.db
      .deleteFrom('video_courses')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  }

  // Classrooms, students and permissions

  classrooms(accountId: string) {
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('closed_at', 'is', null)
      .orderBy('name')
      .execute();
  }

  async classroomIdsOf(accountId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('classrooms')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Accepted students of these classrooms with their VideoPermission on each. */
  async enrolled(classroomIds: readonly string[]) {
    if (classroomIds.length === 0) return [];
    return this.db
      .selectFrom('enrolments as e')
      .innerJoin('students as s', 's.id', 'e.student_id')
      .select(['s.id as student_id', 's.name', 'e.classroom_id', 'e.video_permission'])
      .where('e.classroom_id', 'in', classroomIds)
      .where('e.accepted_at', 'is not', null)
      .orderBy('s.name')
      .execute();
  }

  /** The student's VideoPermission on each of these classrooms where they are accepted. */
  async permissionsOf(studentId: string, classroomIds: readonly string[]): Promise<string[]> {
    if (classroomIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('enrolments')
      .select('video_permission')
      .where('student_id', '=', studentId)
      .where('classroom_id', 'in', classroomIds)
      .where('accepted_at', 'is not', null)
      .execute();
    return rows.map((r) => r.video_permission);
  }

  student(accountId: string, studentId: string) {
    return this.db
      .selectFrom('students')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', studentId)
      .executeTakeFirst();
  }

  async setPermission(studentId: string, permission: string): Promise<void> {
    await this.db
      .updateTable('enrolments')
      .set({ video_permission: permission })
      .where('student_id', '=', studentId)
      .execute();
  }

  // Progress

  async progress(studentIds: readonly string[], videoIds: readonly string[]) {
    if (studentIds.length === 0 || videoIds.length === 0) return [];
    return this.db
      .selectFrom('video_progress')
      .selectAll()
      .where('student_id', 'in', studentIds)
      .where('video_id', 'in', videoIds)
      .execute();
  }

  /** Saves the position; the furthest point only grows. */
  async saveProgress(row: {
    video_id: string;
    student_id: string;
    account_id: string;
    position_ms: number;
    updated_at: number;
  }): Promise<void> {
    await this.db
      .insertInto('video_progress')
      .values({ ...row, furthest_ms: row.position_ms })
      .onConflict((oc) =>
        oc.columns(['video_id', 'student_id']).doUpdateSet((eb) => ({
          position_ms: eb.ref('excluded.position_ms'),
          updated_at: eb.ref('excluded.updated_at'),
          furthest_ms: eb
            .case()
            .when('excluded.furthest_ms', '>', eb.ref('video_progress.furthest_ms'))
            .then(eb.ref('excluded.furthest_ms'))
            .else(eb.ref('video_progress.furthest_ms'))
            .end(),
        })),
      )
      .execute();
  }
}
