import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UploadsTable } from '../../db/schema-uploads';

/** The uploads table: each upload from creation to its claim; the stored ones are the usage. */
export class UploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<UploadsTable>): Promise<void> {
    await this.db.insertInto('uploads').values(row).execute();
  }

  find(id: string) {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Bytes of these purposes the account holds (stored or claimed) plus those reserved by uploads
   * under way since `reservedSince` (an abandoned upload stops reserving once it expires).
   */
  async usedBytes(
    accountId: string,
    purposes: readonly string[],
    reservedSince: number,
    exceptId = '',
  ): Promise<number> {
    const row = await this.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('bytes'))
      .where('account_id', '=', accountId)
      .where('purpose', 'in', purposes)
      .where('id', '!=', exceptId)
      .where((eb) =>
        eb.or([
          eb('status', '!=', 'uploading'),
          eb.and([eb('status', '=', 'uploading'), eb('created_at', '>=', reservedSince)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }

  async markStored(
    id: string,
    stored: { storageKey: string; contentType: string; sizeBytes: number; at: number },
  ): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({
        status: 'stored',
        storage_key: stored.storageKey,
        content_type: stored.contentType,
        size_bytes: stored.sizeBytes,
        finished_at: stored.at,
      })
      .where('id', '=', id)
      .where('status', '=', 'uploading')
      .execute();
  }

  /** Marks a stored upload claimed; false when it was not stored (never, or claimed already). */
  async claim(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('uploads')
      .set({ status: 'claimed', claimed_at: at })
      .where('id', '=', id)
      .where('status', '=', 'stored')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  /** Forgets uploads under way created before `before` (expired: tus no longer resumes them). */
  async removeAbandoned(before: number, limit: number): Promise<number> {
    const ids = await this.db
      .selectFrom('uploads')
      .select('id')
      .where('status', '=', 'uploading')
      .where('created_at', '<', before)
      .limit(limit)
      .execute();
    if (ids.length === 0) return 0;
    await this.db
      .deleteFrom('uploads')
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .where('status', '=', 'uploading')
      .execute();
    return ids.length;
  }

  /**
   * Marks stored uploads finished before `before` and never claimed as `pruning`: from then on
   * no claim takes them, so their file can be deleted without a module holding on to it.
   */
  async markUnclaimedForPruning(before: number, limit: number): Promise<void> {
    const ids = await this.db
      .selectFrom('uploads')
      .select('id')
      .where('status', '=', 'stored')
      .where('finished_at', '<', before)
      .limit(limit)
      .execute();
    if (ids.length === 0) return;
    await this.db
      .updateTable('uploads')
      .set({ status: 'pruning' })
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .where('status', '=', 'stored')
      .execute();
  }

  /** Uploads marked `pruning` (also by an earlier run that stopped half-way). */
  pruning(limit: number) {
    return this.db
      .selectFrom('uploads')
      .select(['id', 'storage_key'])
      .where('status', '=', 'pruning')
      .limit(limit)
      .execute();
  }

  async removePruned(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('uploads')
      .where('id', 'in', [...ids])
      .where('status', '=', 'pruning')
      .execute();
  }
}
