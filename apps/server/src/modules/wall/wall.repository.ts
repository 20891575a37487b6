import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { WallCommentsTable, WallPostsTable } from '../../db/schema-wall';

/** The classroom wall's tables: announcements, their classrooms and students' comments. */
export class WallRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** These classrooms of the account (open or not), with their names. */
  classrooms(accountId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .execute();
  }

  async insertPost(row: Insertable<WallPostsTable>, classroomIds: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('wall_posts').values(row).execute();
      await trx
        .insertInto('wall_post_classrooms')
        .values(classroomIds.map((id) => ({ post_id: row.id, classroom_id: id, account_id: row.account_id })))
        .execute();
    });
  }

  post(accountId: string, postId: string) {
    return this.db
      .selectFrom('wall_posts')
      .leftJoin('users', 'users.id', 'wall_posts.author_user_id')
      .selectAll('wall_posts')
      .select('users.name as author_name')
      .where('wall_posts.id', '=', postId)
      .where('wall_posts.account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** The posts shown on any of these classrooms' walls: pinned first, then newest first. */
  async page(accountId: string, classroomIds: readonly string[], offset: number, limit: number) {
    const onWalls = this.db
      .selectFrom('wall_post_classrooms')
      .select('post_id')
      .where('account_id', '=', accountId)
      .where('classroom_id', 'in', classroomIds);
    const base = this.db
      .selectFrom('wall_posts')
      .where('wall_posts.account_id', '=', accountId)
      .where('wall_posts.id', 'in', onWalls);
    const [{ total }] = (await base.select((eb) => eb.fn.countAll<number>().as('total')).execute()) as [
      { total: number | string },
    ];
    const rows = await base
      .leftJoin('users', 'users.id', 'wall_posts.author_user_id')
      .selectAll('wall_posts')
      .select('users.name as author_name')
      .orderBy('wall_posts.pinned', 'desc')
      .orderBy('wall_posts.created_at', 'desc')
      .orderBy('wall_posts.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return { total: Number(total), rows };
  }

  postClassrooms(postIds: readonly string[]) {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('wall_post_classrooms as p')
      .innerJoin('classrooms as c', 'c.id', 'p.classroom_id')
      .select(['p.post_id', 'c.id', 'c.name'])
      .where('p.post_id', 'in', postIds)
      .orderBy('c.name')
      .execute();
  }

  /** Comments of these posts, oldest first, with the student's name. */
  comments(postIds: readonly string[]) {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('wall_comments as w')
      .leftJoin('students as s', 's.id', 'w.student_id')
      .select(['w.id', 'w.post_id', 'w.text', 'w.user_id', 'w.created_at', 's.name as student_name'])
      .where('w.post_id', 'in', postIds)
      .orderBy('w.created_at')
      .orderBy('w.id')
      .execute();
  }

  async updatePost(postId: string, changes: Updateable<WallPostsTable>): Promise<void> {
    await this.db.updateTable('wall_posts').set(changes).where('id', '=', postId).execute();
  }

  async deletePost(postId: string): Promise<void> {
    await this.db.deleteFrom('wall_posts').where('id', '=', postId).execute();
  }

  /**
   * Marks the post as going out as SMS, if it has not yet: false when it already has (or another
   * request claimed it a moment ago), so an announcement is charged once.
   */
  async claimSms(postId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('wall_posts')
      .set({ sms_sent_at: now })
      .where('id', '=', postId)
      .where('sms_sent_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a claim back when the send was refused (no quota, no recipients, no permission). */
  async releaseSms(postId: string): Promise<void> {
    await this.db
      .updateTable('wall_posts')
      .set({ sms_sent_at: null })
      .where('id', '=', postId)
      .where('sms_send_id', 'is', null)
      .execute();
  }

  async insertComment(row: Insertable<WallCommentsTable>): Promise<void> {
    await this.db.insertInto('wall_comments').values(row).execute();
  }

  comment(postId: string, commentId: string) {
    return this.db
      .selectFrom('wall_comments')
      .selectAll()
      .where('id', '=', commentId)
      .where('post_id', '=', postId)
      .executeTakeFirst();
  }

  async deleteComment(commentId: string): Promise<void> {
    await this.db.deleteFrom('wall_comments').where('id', '=', commentId).execute();
  }
}
