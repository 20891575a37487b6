import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, SessionRow, UserRow } from '../../db/schema';

// The user's columns, read beside the session's under a prefix no session column has. A record
// over every key of UserRow, so a column added to users cannot be left out of the signed-in user.
const USER_COLUMNS = Object.keys({
  id: true,
  name: true,
  email: true,
  phone: true,
  password_hash: true,
  profession: true,
  is_staff: true,
  avatar_key: true,
  suspicious_at: true,
  disabled_at: true,
  password_changed_at: true,
  created_at: true,
  updated_at: true,
} satisfies Record<keyof UserRow, true>) as (keyof UserRow)[];
const USER_PREFIX = 'usr_';

export class SessionsRepository {
  // Every signed-in request reads its session and user (unless kept): one prepared query
  // (db/prepared-query.ts), one round trip.
  private readonly live;

  constructor(private readonly db: Kysely<Database>) {
    this.live = preparedQuery(db, ['tokenHash'], ({ tokenHash }) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('sessions')
        .select((eb) => USER_COLUMNS.map((column) => eb.ref(`users.${column}`).as(`${USER_PREFIX}${column}`)))
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null),
    );
  }

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  /** The live (not revoked) session behind a token digest, with its user. */
  async findLive(tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const row = (await this.live({ tokenHash }))[0] as Record<string, unknown> | undefined;
    if (!row) return undefined;
    const session: Record<string, unknown> = {};
    const user: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      if (key.startsWith(USER_PREFIX)) user[key.slice(USER_PREFIX.length)] = value;
      else session[key] = value;
    }
    return { session: session as unknown as SessionRow, user: user as unknown as UserRow };
  }

  /**
   * Moves last-seen on, unseen by the change tracker (db/change-tracker.ts `UNTRACKED`): only the
   * session cache reads last_seen_at, and it updates its own entry (SessionService.resolve), so a
   * busy user's once-a-minute touch does not drop every other user's kept session.
   */
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
