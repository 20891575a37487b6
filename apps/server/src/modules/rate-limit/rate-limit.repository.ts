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

  async count(bucket: string, windowStart: number): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('bucket', '=', bucket)
      .where('window_start', '=', windowStart)
      .executeTakeFirst();
    return row?.hits ?? 0;
  }

  async reset(bucket: string, windowStart: number): Promise<void> {
    await this.db
      .deleteFrom('rate_limits')
      .where('bucket', '=', bucket)
      .where('window_start', '=', windowStart)
      .execute();
  }

  async deleteOlderThan(time: number): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('window_start', '<', time).execute();
  }
}
