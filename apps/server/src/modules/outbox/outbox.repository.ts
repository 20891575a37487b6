import type { Kysely } from 'kysely';
import type { Database, OutboxRow } from '../../db/schema';

export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: OutboxRow): Promise<void> {
    await this.db.insertInto('outbox').values(row).execute();
  }

  listNewest(kind: OutboxRow['kind'], limit: number): Promise<OutboxRow[]> {
    return this.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
