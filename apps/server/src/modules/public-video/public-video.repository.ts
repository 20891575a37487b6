import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { OnlinePaymentStatusColumn } from '../../db/schema-online-pay';
import type { VideoCoursePurchasesTable } from '../../db/schema-public-video';

export type Purchase = Selectable<VideoCoursePurchasesTable>;

/** The only SQL of public video courses; staff queries name the account, public ones the link key. */
export class PublicVideoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  publication(accountId: string, courseId: string) {
    return this.db
      .selectFrom('video_course_publications')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('course_id', '=', courseId)
      .executeTakeFirst();
  }

  /** A published course by its link key, with its institution and teacher. */
  byKey(key: string) {
    return this.db
      .selectFrom('video_course_publications as p')
      .innerJoin('video_courses as c', 'c.id', 'p.course_id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .innerJoin('users as u', 'u.id', 'a.owner_user_id')
      .select([
        'p.course_id',
        'p.account_id',
        'p.link_key',
        'p.price',
        'c.title',
        'a.institution',
        'a.online_payment',
        'u.name as teacher',
      ])
      .where('p.link_key', '=', key)
      .executeTakeFirst();
  }

  /** The account's "Online Payment" switch. */
  async onlinePayment(accountId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('accounts')
      .select('online_payment')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row?.online_payment;
  }

  /** Publishes, or reprices a course already published (its link stays). */
  async upsertPublication(row: {
    course_id: string;
    account_id: string;
    link_key: string;
    price: number;
    now: number;
  }): Promise<void> {
    await this.db
      .insertInto('video_course_publications')
      .values({
        course_id: row.course_id,
        account_id: row.account_id,
        link_key: row.link_key,
        price: row.price,
        published_at: row.now,
        updated_at: row.now,
      })
      .onConflict((oc) => oc.column('course_id').doUpdateSet({ price: row.price, updated_at: row.now }))
      .execute();
  }

  async deletePublication(accountId: string, courseId: string): Promise<void> {
    await this.db
      .deleteFrom('video_course_publications')
      .where('account_id', '=', accountId)
      .where('course_id', '=', courseId)
      .execute();
  }

  /** The course's paid purchases, newest first. */
  buyers(accountId: string, courseId: string) {
    return this.db
      .selectFrom('video_course_purchases')
      .select(['buyer_name', 'buyer_phone', 'amount', 'paid_at'])
      .where('account_id', '=', accountId)
      .where('course_id', '=', courseId)
      .where('status', '=', 'paid')
      .orderBy('paid_at', 'desc')
      .execute();
  }

  /** The purchase an access token belongs to, for this course only. */
  purchaseByToken(courseId: string, token: string) {
    return this.db
      .selectFrom('video_course_purchases')
      .selectAll()
      .where('course_id', '=', courseId)
      .where('access_token', '=', token)
      .executeTakeFirst();
  }

  purchaseByTran(tranId: string) {
    return this.db
      .selectFrom('video_course_purchases')
      .selectAll()
      .where('tran_id', '=', tranId)
      .executeTakeFirst();
  }

  async insertPurchase(row: Insertable<VideoCoursePurchasesTable>): Promise<void> {
    await this.db.insertInto('video_course_purchases').values(row).execute();
  }

  /** Moves a purchase on only from one of `from`: answers whether this call moved it. */
  async transition(
    id: string,
    from: readonly OnlinePaymentStatusColumn[],
    patch: Updateable<VideoCoursePurchasesTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('video_course_purchases')
      .set(patch)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
