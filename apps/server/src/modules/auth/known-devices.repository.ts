import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { KnownDevicesTable } from '../../db/schema-abuse-guards';

export class KnownDevicesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isKnown(tokenHash: string, userId: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('known_devices')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Moves a device's expiry on; false when the token is not this user's. */
  async extend(tokenHash: string, userId: string, expiresAt: number): Promise<boolean> {
    const result = await this.db
      .updateTable('known_devices')
      .set({ expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insert(row: KnownDevicesTable): Promise<void> {
    await this.db.insertInto('known_devices').values(row).execute();
  }
}
