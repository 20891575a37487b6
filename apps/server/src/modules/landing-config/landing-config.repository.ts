import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The one row of the landing page's content. */
const ROW_ID = 'landing';

export class LandingConfigRepository {
  constructor(private readonly db: Kysely<Database>) {}

  get() {
    return this.db
      .selectFrom('landing_config as l')
      .leftJoin('users as u', 'u.id', 'l.updated_by')
      .select(['l.config', 'l.updated_at', 'u.name as updated_by_name'])
      .where('l.id', '=', ROW_ID)
      .executeTakeFirst();
  }

  async save(config: string, now: number, userId: string): Promise<void> {
    await this.db
      .insertInto('landing_config')
      .values({ id: ROW_ID, config, updated_at: now, updated_by: userId })
      .onConflict((oc) => oc.column('id').doUpdateSet({ config, updated_at: now, updated_by: userId }))
      .execute();
  }
}
