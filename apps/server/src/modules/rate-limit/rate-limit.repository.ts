import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export class RateLimitRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds one hit to the bucket's window and returns the window's total, atomically. */
  async hit(bucket: string, windowStart: number, expiresAt: number): Promise<number> {
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, hits: 1, expires_at: expiresAt })
      .onConflict((oc) =>
        oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return row.hits;
  }

  /**
   * Takes one of the window's `max` slots in a single statement: the upsert adds the hit only
   * while the window holds fewer than `max`, so parallel requests (in any process) can never take
   * more slots than there are. False when the window was already full (nothing is added).
   */
  async take(bucket: string, windowStart: number, max: number, expiresAt: number): Promise<boolean> {
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, hits: 1, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .columns(['bucket', 'window_start'])
          .doUpdateSet({ hits: sql`rate_limits.hits + 1` })
          .where('rate_limits.hits', '<', max),
      )
      .returning('hits')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives a taken slot back (the attempt turned out not to count). */
  async giveBack(bucket: string, windowStart: number): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ hits: sql`hits - 1` })
      .where('bucket', '=', bucket)
      .where('window_start', '=', windowStart)
      .where('hits', '>', 0)
      .execute();
  }

  /**
   * Counts one more try in a single statement, but only once the wait earned by the tries so far
   * has passed since the last one: `delays[n]` ms after the n-th try (`longest` beyond the list).
   * False when the caller must still wait (nothing is counted).
   */
  async takeAfterDelay(
    bucket: string,
    windowStart: number,
    now: number,
    delays: readonly number[],
    longest: number,
    expiresAt: number,
  ): Promise<boolean> {
    // Literals, not parameters: PostgreSQL cannot infer the type of a parameter in a CASE branch.
    const wait = sql.join(
      delays.map((ms, tries) => sql`WHEN ${sql.lit(tries)} THEN ${sql.lit(ms)}`),
      sql` `,
    );
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, hits: 1, last_hit_at: now, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .columns(['bucket', 'window_start'])
          .doUpdateSet({ hits: sql`rate_limits.hits + 1`, last_hit_at: now })
          .where(
            sql<boolean>`coalesce(rate_limits.last_hit_at, 0) + (CASE rate_limits.hits ${wait} ELSE ${sql.lit(longest)} END) <= ${now}`,
          ),
      )
      .returning('hits')
      .executeTakeFirst();
    return row !== undefined;
  }

  state(
    bucket: string,
    windowStart: number,
  ): Promise<{ hits: number; last_hit_at: number | null } | undefined> {
    return this.db
      .selectFrom('rate_limits')
      .select(['hits', 'last_hit_at'])
      .where('bucket', '=', bucket)
      .where('window_start', '=', windowStart)
      .executeTakeFirst();
  }

  async reset(bucket: string, windowStart: number): Promise<void> {
    await this.db
      .deleteFrom('rate_limits')
      .where('bucket', '=', bucket)
      .where('window_start', '=', windowStart)
      .execute();
  }

  /**
   * Reserves the next turn of a shared pace in one statement: the turn is at `now` or at the one
   * after the last reserved, whichever is later, and the next is a `gapMs` after it. Returns when
   * this turn is; every process reserving under the same bucket gets its own.
   */
  async reserveTurn(bucket: string, now: number, gapMs: number, expiresAt: number): Promise<number> {
    // Literals: PostgreSQL cannot infer the type of a parameter in a CASE branch. All are our own integers.
    const [at, gap] = [sql.lit(Math.trunc(now)), sql.lit(Math.ceil(gapMs))];
    const row = await this.db
      .insertInto('rate_limits')
      .values({
        bucket,
        window_start: 0,
        hits: 1,
        last_hit_at: now + Math.ceil(gapMs),
        expires_at: expiresAt,
      })
      .onConflict((oc) =>
        oc.columns(['bucket', 'window_start']).doUpdateSet({
          hits: sql`rate_limits.hits + 1`,
          last_hit_at: sql`(CASE WHEN rate_limits.last_hit_at > ${at} THEN rate_limits.last_hit_at ELSE ${at} END) + ${gap}`,
          expires_at: expiresAt,
        }),
      )
      .returning('last_hit_at')
      .executeTakeFirstOrThrow();
    return Number(row.last_hit_at) - Math.ceil(gapMs);
  }

  /** Moves a shared pace's next turn to `until` at the earliest (the gateway asked for a pause). */
  async holdOff(bucket: string, until: number): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ last_hit_at: until })
      .where('bucket', '=', bucket)
      .where('window_start', '=', 0)
      .where('last_hit_at', '<', until)
      .execute();
  }

  /** Deletes the rows of windows that have ended; rows from before windows were kept go after two days. */
  async prune(now: number, legacyBefore: number): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_limits')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now),
          eb.and([eb('expires_at', 'is', null), eb('window_start', '<', legacyBefore)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
