import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { EducastChunksTable, EducastsTable } from '../../db/schema-educast';

/** The only SQL of EduCast; every query names the account it reads. */
export class EducastRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One recording with its lesson video's processing status. */
  educast(accountId: string, id: string) {
    return this.withVideoStatus()
      .where('e.account_id', '=', accountId)
      .where('e.id', '=', id)
      .executeTakeFirst();
  }

  educasts(accountId: string) {
    return this.withVideoStatus()
      .where('e.account_id', '=', accountId)
      .orderBy('e.created_at', 'desc')
      .execute();
  }

  /** The job reads its recording by id alone: the id came from a row of the account. */
  byId(id: string) {
    return this.db.selectFrom('educasts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byCode(accountId: string, code: string) {
    return this.withVideoStatus()
      .where('e.account_id', '=', accountId)
      .where('e.code', '=', code)
      .executeTakeFirst();
  }

  /** Published recordings of the account whose lesson video is one of these. */
  async publishedOf(accountId: string, videoIds: readonly string[]) {
    if (videoIds.length === 0) return [];
    return this.db
      .selectFrom('educasts as e')
      .innerJoin('video_courses as c', 'c.id', 'e.course_id')
      .innerJoin('videos as v', 'v.id', 'e.video_id')
      .select(['e.code', 'e.title', 'e.published_at', 'c.title as course_title', 'v.duration_ms'])
      .where('e.account_id', '=', accountId)
      .where('e.state', '=', 'published')
      .where('e.video_id', 'in', videoIds)
      .orderBy('e.published_at', 'desc')
      .execute();
  }

  async insert(row: Insertable<EducastsTable>): Promise<void> {
    await this.db.insertInto('educasts').values(row).execute();
  }

  async update(accountId: string, id: string, changes: Updateable<EducastsTable>): Promise<void> {
    await this.db
      .updateTable('educasts')
      .set(changes)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  }

  /** Counts chunk `seq` in only if it is the next one: a repeat or a race changes nothing. */
  async advance(
    accountId: string,
    id: string,
    seq: number,
    chunk: { sizeBytes: number; atMs: number; now: number },
  ): Promise<void> {
    await this.db
      .updateTable('educasts')
      .set((eb) => ({
        chunk_count: seq + 1,
        size_bytes: eb('size_bytes', '+', chunk.sizeBytes),
        duration_ms: chunk.atMs,
        updated_at: chunk.now,
      }))
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('chunk_count', '=', seq)
      .where('state', '=', 'recording')
      .execute();
  }

  async insertChunk(row: Insertable<EducastChunksTable>): Promise<void> {
    await this.db
      .insertInto('educast_chunks')
      .values(row)
      .onConflict((oc) => oc.columns(['educast_id', 'seq']).doNothing())
      .execute();
  }

  /** The chunks counted in, in order (a stray one past the count is left out). */
  chunks(accountId: string, educastId: string, count: number) {
    return this.db
      .selectFrom('educast_chunks')
      .select(['seq', 'storage_key'])
      .where('account_id', '=', accountId)
      .where('educast_id', '=', educastId)
      .where('seq', '<', count)
      .orderBy('seq')
      .execute();
  }

  allChunkKeys(accountId: string, educastId: string) {
    return this.db
      .selectFrom('educast_chunks')
      .select('storage_key')
      .where('account_id', '=', accountId)
      .where('educast_id', '=', educastId)
      .execute();
  }

  async deleteChunks(accountId: string, educastId: string): Promise<void> {
    await this.db
      .deleteFrom('educast_chunks')
      .where('account_id', '=', accountId)
      .where('educast_id', '=', educastId)
      .execute();
  }

  async delete(accountId: string, id: string): Promise<void> {
    await this.db.deleteFrom('educasts').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  // The account's private courses (modules/video's tables), to publish into.

  courses(accountId: string) {
    return this.db
      .selectFrom('video_courses')
      .select(['id', 'title'])
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
  }

  chapters(accountId: string) {
    return this.db
      .selectFrom('video_chapters')
      .select(['id', 'course_id', 'title'])
      .where('account_id', '=', accountId)
      .orderBy('position')
      .execute();
  }

  /** The chapter, if it is one of this course of the account. */
  chapter(accountId: string, courseId: string, chapterId: string) {
    return this.db
      .selectFrom('video_chapters')
      .select('id')
      .where('account_id', '=', accountId)
      .where('course_id', '=', courseId)
      .where('id', '=', chapterId)
      .executeTakeFirst();
  }

  /** The course's first chapter: where a recording goes when its chapter was replaced meanwhile. */
  firstChapter(accountId: string, courseId: string) {
    return this.db
      .selectFrom('video_chapters')
      .select('id')
      .where('account_id', '=', accountId)
      .where('course_id', '=', courseId)
      .orderBy('position')
      .limit(1)
      .executeTakeFirst();
  }

  private withVideoStatus() {
    return this.db
      .selectFrom('educasts as e')
      .leftJoin('videos as v', 'v.id', 'e.video_id')
      .selectAll('e')
      .select('v.status as video_status');
  }
}
