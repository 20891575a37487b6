import type { Kysely } from 'kysely';
import type { ActivityLogTable, Database } from '../../db/schema';

export class ActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ActivityLogTable): Promise<void> {
    await this.db.insertInto('activity_log').values(row).execute();
  }

  recent(accountId: string, limit: number) {
    return this.db
      .selectFrom('activity_log')
      .select(['id', 'event_name', 'summary', 'actor_name', 'created_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
