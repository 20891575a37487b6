import type { Kysely } from 'kysely';
import type { ActivityLogTable, Database } from '../../db/schema';

export class ActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ActivityLogTable): Promise<void> {
    await this.db.insertInto('activity_log').values(row).execute();
  }

  /** The entry about one subject (e.g. a summary kept up to date while its window lasts). */
  bySubject(subjectType: string, subjectId: string) {
    return this.db
      .selectFrom('activity_log')
      .select(['id', 'data'])
      .where('subject_type', '=', subjectType)
      .where('subject_id', '=', subjectId)
      .executeTakeFirst();
  }

  /**
   * Rewrites an entry's summary and data only if its data is still what the caller read, so two
   * processes updating one summary at once cannot drop each other's change. False when it moved.
   */
  async rewrite(
    id: string,
    read: string | null,
    change: { summary: string; data: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('activity_log')
      .set(change)
      .where('id', '=', id)
      .where((eb) => (read === null ? eb('data', 'is', null) : eb('data', '=', read)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  recent(accountId: string, limit: number) {
    return this.db
      .selectFrom('activity_log')
      .select(['id', 'event_name', 'summary', 'message_key', 'message_params', 'actor_name', 'created_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
