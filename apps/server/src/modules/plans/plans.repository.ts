import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { PlansTable } from '../../db/schema-plans';

export type PlanRowDb = Selectable<PlansTable>;

/** The only SQL of the plans module: the plan table and the plan an account is on. */
export class PlansRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<PlanRowDb[]> {
    return this.db.selectFrom('plans').selectAll().orderBy('position').execute();
  }

  find(id: string): Promise<PlanRowDb | undefined> {
    return this.db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(id: string, values: Updateable<PlansTable>): Promise<void> {
    await this.db.updateTable('plans').set(values).where('id', '=', id).execute();
  }

  accountPlan(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .select(['plan_id', 'plan_ends_at'])
      .where('id', '=', accountId)
      .executeTakeFirst();
  }
}
