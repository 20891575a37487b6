import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxRow } from '../../db/schema';
import type { OutboxTable } from '../../db/schema-jobs';

export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Keeps a message. With a `send_key`, only the first message of that key is kept: returns
   * false when one was kept before (a job run again after its worker died having sent it).
   */
  async insert(row: Insertable<OutboxTable>): Promise<boolean> {
    const query = this.db.insertInto('outbox').values(row);
    const result = await (row.send_key
      ? query.onConflict((oc) => oc.column('send_key').doNothing())
      : query
    ).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
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
