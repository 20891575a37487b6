import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PlatformMaintenanceTable } from '../../db/schema-staff-console';

const ROW_ID = 'platform';

/** The maintenance switch: one row while it is on. */
export class MaintenanceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  current() {
    return this.db
      .selectFrom('platform_maintenance')
      .select(['message', 'started_at'])
      .where('id', '=', ROW_ID)
      .executeTakeFirst();
  }

  /** Switches it on, or changes the message while it is on. */
  async start(row: Omit<PlatformMaintenanceTable, 'id'>): Promise<void> {
    await this.db
      .insertInto('platform_maintenance')
      .values({ id: ROW_ID, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet({ message: row.message }))
      .execute();
  }

  /** False when it was already off. */
  async stop(): Promise<boolean> {
    const result = await this.db
      .deleteFrom('platform_maintenance')
      .where('id', '=', ROW_ID)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
