import type { Kysely } from 'kysely';
import { sharedPreparedQuery } from '../../db/prepared-query';
import type { ActivityLogTable, Database } from '../../db/schema';

const ACTIVITY_COLUMNS = [
  'id',
  'account_id',
  'actor_id',
  'actor_name',
  'impersonator_id',
  'event_name',
  'summary',
  'message_key',
  'message_params',
  'subject_type',
  'subject_id',
  'data',
  'created_at',
] as const satisfies readonly (keyof ActivityLogTable)[];

export class ActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Written by most writes (every save, payment, SMS): built and compiled once. */
  async insert(row: ActivityLogTable): Promise<void> {
    const write = sharedPreparedQuery(this.db, 'activity:insert', ACTIVITY_COLUMNS, (values) =>
      // The stand-ins take the columns' places (db/prepared-query.ts); the row fills them.
      this.db.insertInto('activity_log').values(values as unknown as ActivityLogTable),
    );
    await write(row);
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
