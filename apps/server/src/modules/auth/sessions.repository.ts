import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../../db/schema';

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  findLive(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async touch(id: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async setActiveAccount(id: string, accountId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ active_account_id: accountId })
      .where('id', '=', id)
      .execute();
  }

  async revoke(id: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).execute();
  }

  /** Ends every session of a user (password change, disabled account), except one if given. */
  async revokeAllForUser(userId: string, now: number, exceptId?: string): Promise<void> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptId) query = query.where('id', '!=', exceptId);
    await query.execute();
  }
}
