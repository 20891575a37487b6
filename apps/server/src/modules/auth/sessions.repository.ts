import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, SessionRow } from '../../db/schema';

export class SessionsRepository {
  // Every signed-in request reads its session: prepared once (db/prepared-query.ts).
  private readonly live;

  constructor(private readonly db: Kysely<Database>) {
    this.live = preparedQuery(db, ['tokenHash'], ({ tokenHash }) =>
      db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null),
    );
  }

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  async findLive(tokenHash: string): Promise<SessionRow | undefined> {
    return (await this.live({ tokenHash }))[0];
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
