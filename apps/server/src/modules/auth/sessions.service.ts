import type { ChangeTracker } from '../../db/change-tracker';
import type { SessionRow, UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { deepFreeze } from '../../lib/serializer';
import { StampedCache } from '../../lib/stamped-cache';
import type { SessionsRepository } from './sessions.repository';
import { digest, randomToken } from './tokens';
import type { UsersRepository } from './users.repository';

export interface SessionPolicy {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however busy. */
  maxAgeMs: number;
}

// Writing last_seen_at on every request would turn every read into a write; a minute is
// precise enough for an idle timeout measured in hours.
const TOUCH_EVERY_MS = 60_000;

export class SessionService {
  /**
   * Every signed-in request resolves its cookie: the session and user are kept until either table
   * changes, so signing out, revoking, disabling or a password change end access at once.
   */
  private readonly live: StampedCache<Readonly<{ session: SessionRow; user: UserRow }> | undefined>;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    readonly policy: SessionPolicy,
    changes?: ChangeTracker,
  ) {
    this.live = new StampedCache(changes, ['sessions', 'users']);
  }

  /** Starts a session; the returned token goes into the cookie and is never stored. */
  async create(
    userId: string,
    meta: { ip?: string; userAgent?: string; impersonatorId?: string },
  ): Promise<{ token: string; session: SessionRow }> {
    const now = this.clock.now();
    const token = randomToken();
    const session: SessionRow = {
      id: newId(now),
      token_hash: digest(token),
      user_id: userId,
      impersonator_id: meta.impersonatorId ?? null,
      active_account_id: null,
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.policy.maxAgeMs,
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      revoked_at: null,
    };
    await this.sessions.insert(session);
    return { token, session };
  }

  /**
   * The session and user behind a cookie token, or undefined when it is unknown, ended or the user
   * may not sign in. The read checks for other connections' commits, so `caughtUp` is true: the
   * caller's request may skip that check in its other cached reads (ChangeTracker.stamp).
   */
  async resolve(token: string) {
    const tokenHash = digest(token);
    const found = await this.live.get(tokenHash, async () => {
      const session = await this.sessions.findLive(tokenHash);
      const user = session && (await this.users.findById(session.user_id));
      return session && user ? deepFreeze({ session, user }) : undefined;
    });
    if (!found) return undefined;
    const { session, user } = found;
    const now = this.clock.now();
    if (session.expires_at <= now || session.last_seen_at + this.policy.idleMs <= now) {
      await this.sessions.revoke(session.id, now);
      return undefined;
    }
    if (user.disabled_at) return undefined;
    if (now - session.last_seen_at >= TOUCH_EVERY_MS) await this.sessions.touch(session.id, now);
    return { session, user, caughtUp: true };
  }

  revoke(sessionId: string): Promise<void> {
    return this.sessions.revoke(sessionId, this.clock.now());
  }

  revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
    return this.sessions.revokeAllForUser(userId, this.clock.now(), exceptSessionId);
  }

  setActiveAccount(sessionId: string, accountId: string): Promise<void> {
    return this.sessions.setActiveAccount(sessionId, accountId);
  }
}
