import type { Clock } from '../../lib/clock';
import { tooMany } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { EventStreamsRepository } from './event-streams.repository';

export interface StreamLimits {
  /** Open streams per signed-in user: a few tabs and devices. */
  perUser: number;
  /**
   * Open streams of visitors who are not signed in, per address. Signed-in streams are counted
   * per user only: Bangladeshi mobile operators put many subscribers behind one carrier-grade NAT
   * address, and a school shares one router, so an address limit would shut out real users.
   */
  perIp: number;
}

export const STREAM_LIMITS: StreamLimits = { perUser: 5, perIp: 50 };

/** What a refused stream should wait: a tab closing frees a place. */
export const STREAM_RETRY_AFTER_S = 30;

interface RegistryOptions {
  /** A lease ends this long after its last renewal. */
  leaseMs: number;
  /** How often this process renews its leases (the stream heartbeat). */
  renewEveryMs: number;
  limits?: StreamLimits;
  onError: (err: unknown) => void;
}

/**
 * Counts open live-update streams across every API process on one database: each stream holds a
 * row (a lease) that its process renews on the heartbeat and deletes on close. A process that
 * dies stops renewing, so its rows expire and stop counting.
 *
 * A new stream inserts its row first and counts after: of two streams racing for the last place
 * at least the later one sees the other, so the limit is never exceeded (both may be refused,
 * and try again). This needs no lock and behaves alike on SQLite and PostgreSQL.
 */
export class StreamRegistry {
  private readonly instanceId = newId();
  private readonly held = new Set<string>();
  private readonly limits: StreamLimits;
  private readonly timer: NodeJS.Timeout;
  private renewing: Promise<void> = Promise.resolve();
  /** Places being given back; stopping waits for them, so none runs after the database closes. */
  private readonly closing = new Set<Promise<void>>();

  constructor(
    private readonly repo: EventStreamsRepository,
    private readonly clock: Clock,
    private readonly options: RegistryOptions,
  ) {
    this.limits = options.limits ?? STREAM_LIMITS;
    this.timer = setInterval(() => {
      this.renewing = this.renew().catch(options.onError);
    }, options.renewEveryMs);
    this.timer.unref();
  }

  /** Takes a place for a new stream, or refuses with 429; returns the lease to give back. */
  async open(owner: { userId: string | null; ip: string }): Promise<string> {
    const now = this.clock.now();
    const id = newId(now);
    await this.repo.insert({
      id,
      instance_id: this.instanceId,
      user_id: owner.userId,
      ip: owner.ip,
      opened_at: now,
      expires_at: now + this.options.leaseMs,
    });
    this.held.add(id);
    try {
      const byUser = owner.userId ? await this.repo.countForUser(owner.userId, now) : 0;
      const byIp = owner.userId ? 0 : await this.repo.countAnonymousForIp(owner.ip, now);
      const wait = STREAM_RETRY_AFTER_S * 1000;
      if (byUser > this.limits.perUser) {
        throw tooMany('LIVE_UPDATES_USER_LIMIT', wait, { max: this.limits.perUser });
      }
      if (byIp > this.limits.perIp) throw tooMany('LIVE_UPDATES_IP_LIMIT', wait, { max: this.limits.perIp });
    } catch (err) {
      await this.close(id);
      throw err;
    }
    return id;
  }

  /** Gives a stream's place back. */
  async close(id: string): Promise<void> {
    if (!this.held.delete(id)) return;
    const removal = this.repo.remove(id);
    this.closing.add(removal);
    try {
      await removal;
    } finally {
      this.closing.delete(removal);
    }
  }

  /**
   * This process stops serving streams: its places are given back at once, not at expiry. Never
   * fails: should the database be gone already, the leases expire by themselves.
   */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.allSettled([this.renewing, ...this.closing]);
    if (this.held.size === 0) return;
    this.held.clear();
    await this.repo.removeInstance(this.instanceId).catch(this.options.onError);
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    const now = this.clock.now();
    await this.repo.renew(this.instanceId, now + this.options.leaseMs);
    await this.repo.removeExpired(now);
  }
}
