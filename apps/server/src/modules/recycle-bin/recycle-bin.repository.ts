import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RecycleBinTable } from '../../db/schema-recycle-bin';

/** SQL of the Recycle bin (db/schema-recycle-bin.ts). */
export class RecycleBinRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: Insertable<RecycleBinTable>) {
    return this.db.insertInto('recycle_bin').values(row).execute();
  }

  /** The account's entries still restorable at `now`, newest deletion first. */
  open(accountId: string, now: number) {
    return this.db
      .selectFrom('recycle_bin')
      .select(['id', 'kind', 'label', 'detail', 'deleted_by_name', 'deleted_at', 'expires_at'])
      .where('account_id', '=', accountId)
      .where('expires_at', '>', now)
      .orderBy('deleted_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  find(accountId: string, id: string) {
    return this.db
      .selectFrom('recycle_bin')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** Takes an entry out of the bin; 0 when another restore took it first. */
  async remove(id: string): Promise<number> {
    const result = await this.db.deleteFrom('recycle_bin').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Entries past their days; the rows they kept are gone for good. */
  async purge(now: number): Promise<number> {
    const result = await this.db.deleteFrom('recycle_bin').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
