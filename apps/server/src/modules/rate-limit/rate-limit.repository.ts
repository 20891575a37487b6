import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export class RateLimitRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds one hit to the bucket's window and returns the window's total, atomically. */
  async hit(bucket: string, windowStart: number): Promise<number> {
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, hits: 1 })
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
  async take(bucket: string, windowStart: number, max: number): Promise<boolean> {
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, hits: 1 })
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
  ): Promise<boolean> {
    // Literals, not parameters: PostgreSQL cannot infer the type of a parameter in a CASE branch.
    const wait = sql.join(
      delays.map((ms, tries) => sql`WHEN ${sql.lit(tries)} THEN ${sql.lit(ms)}`),
      sql` `,
    );
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, hits: 1, last_hit_at: now })
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
}
