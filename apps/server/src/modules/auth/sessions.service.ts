import type { SessionRow } from '../../db/schema';
import { type Principal, rolesOf } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { deepFreeze } from '../../lib/serializer';
import { StampedCache, type TableStamps } from '../../lib/stamped-cache';
import type { SessionsRepository } from './sessions.repository';
import { digest, randomToken } from './tokens';

export interface SessionPolicy {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however busy. */
  maxAgeMs: number;
}

// Writing last_seen_at on every request would turn every read into a write; a minute is
// precise enough for an idle timeout measured in hours.
const TOUCH_EVERY_MS = 60_000;

/** Sessions that just ended: one session, or every session of a user (but one, if given). */
export type EndedSessions = { sessionId: string } | { userId: string; exceptSessionId?: string };

export class SessionService {
  /**
   * Every signed-in request resolves its cookie: the caller is kept until the sessions or users
   * table changes, so signing out, revoking, disabling or a password change end access at once.
   * Keyed by the token itself, in memory only, so a kept caller costs no digest; the database
   * holds only digests.
   */
  private readonly live: StampedCache<Principal | undefined>;
  /** Told when sessions end, so live-update streams (modules/events) can close at once. */
  private readonly endListeners: ((ended: EndedSessions) => Promise<unknown>)[] = [];

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
    readonly policy: SessionPolicy,
    private readonly changes?: TableStamps,
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
   * The caller behind a cookie token, at once, when it is kept, unchanged and nothing needs
   * writing (no expiry to record, no last-seen to move on). Otherwise undefined: ask `resolve`.
   * Most requests take this path, so they are authenticated without waiting on a promise.
   */
  known(token: string): Principal | undefined {
    const principal = this.live.peek(token);
    return principal && this.standing(principal) === 'fresh' ? principal : undefined;
  }

  /**
   * The caller behind a cookie token, or undefined when the token is unknown, the session ended
   * or the user may not sign in. Shared between requests and frozen: do not change it.
   * `touch: false` leaves last-seen alone: an open live-update stream re-checks its session, and
   * an idle tab must not keep it alive. `account`: the account the request is about (its path's),
   * whose list versions are read with the stamps (db/pg-table-stamps.ts).
   */
  async resolve(
    token: string,
    options: { touch?: boolean; account?: string } = {},
  ): Promise<Principal | undefined> {
    if (this.changes?.immediate !== false) return this.resolveKept(token, options);
    // Stamps read from the database (PostgreSQL): the request gets a principal of its own, which
    // carries the stamps read for its session to its scope reads (lib/stamped-cache.ts).
    const request = {};
    this.changes.begin(request, options.account);
    const principal = await this.resolveKept(token, options, request);
    if (!principal) return undefined;
    const own = Object.freeze({ ...principal });
    this.changes.carry(request, own);
    return own;
  }

  private async resolveKept(
    token: string,
    { touch = true }: { touch?: boolean },
    request?: object,
  ): Promise<Principal | undefined> {
    const principal = await this.live.get(
      token,
      async () => {
        const found = await this.sessions.findLive(digest(token));
        return found && deepFreeze({ ...found, roles: rolesOf(found.user) });
      },
      request,
    );
    if (!principal) return undefined;
    switch (this.standing(principal)) {
      case 'ended':
        await this.sessions.revoke(principal.session.id, this.clock.now());
        return undefined;
      case 'disabled':
        return undefined;
      case 'stale': {
        if (!touch) return principal;
        const now = this.clock.now();
        await this.sessions.touch(principal.session.id, now);
        // The touch moves no stamp (sessions.repository.ts): the kept caller is moved on instead.
        const touched = deepFreeze({ ...principal, session: { ...principal.session, last_seen_at: now } });
        this.live.replace(token, principal, touched);
        return touched;
      }
      case 'fresh':
        return principal;
    }
  }

  private standing({ session, user }: Principal): 'ended' | 'disabled' | 'stale' | 'fresh' {
    const now = this.clock.now();
    if (session.expires_at <= now || session.last_seen_at + this.policy.idleMs <= now) return 'ended';
    if (user.disabled_at) return 'disabled';
    return now - session.last_seen_at >= TOUCH_EVERY_MS ? 'stale' : 'fresh';
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId, this.clock.now());
    await this.announce({ sessionId });
  }

  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
    await this.sessions.revokeAllForUser(userId, this.clock.now(), exceptSessionId);
    await this.announce({ userId, exceptSessionId });
  }

  onEnded(listener: (ended: EndedSessions) => Promise<unknown>): void {
    this.endListeners.push(listener);
  }

  /** The sessions have ended whatever a listener does: its failure is not the caller's. */
  private async announce(ended: EndedSessions): Promise<void> {
    await Promise.allSettled(this.endListeners.map(async (listener) => listener(ended)));
  }

  setActiveAccount(sessionId: string, accountId: string): Promise<void> {
    return this.sessions.setActiveAccount(sessionId, accountId);
  }
}
