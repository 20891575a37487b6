import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DuesReminderRunsTable, DuesReminderSettingsTable } from '../../db/schema-dues-reminders';

/** SQL of dues reminders (db/schema-dues-reminders.ts). */
export class DuesRemindersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  settings(accountId: string) {
    return this.db
      .selectFrom('dues_reminder_settings')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async saveSettings(row: Insertable<DuesReminderSettingsTable>): Promise<void> {
    const { account_id: _, ...changes } = row;
    await this.db
      .insertInto('dues_reminder_settings')
      .values(row)
      .onConflict((oc) => oc.column('account_id').doUpdateSet(changes))
      .execute();
  }

  lastRun(accountId: string) {
    return this.db
      .selectFrom('dues_reminder_runs')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('month', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Claims the account's reminder of a month: false when it already ran (or another worker holds
   * it in a transaction not yet committed, which this waits for on PostgreSQL).
   */
  async claimRun(row: Insertable<DuesReminderRunsTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('dues_reminder_runs')
      .values(row)
      .onConflict((oc) => oc.columns(['account_id', 'month']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async setRunSend(accountId: string, month: string, sendId: string): Promise<void> {
    await this.db
      .updateTable('dues_reminder_runs')
      .set({ send_id: sendId })
      .where('account_id', '=', accountId)
      .where('month', '=', month)
      .execute();
  }

  /** Accounts whose reminder is on, whose day has come this month, and that have not had it. */
  dueAccounts(month: string, dayOfMonth: number) {
    return this.db
      .selectFrom('dues_reminder_settings as s')
      .select('s.account_id')
      .where('s.enabled', '=', 1)
      .where('s.day_of_month', '<=', dayOfMonth)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('dues_reminder_runs as r')
              .select('r.account_id')
              .whereRef('r.account_id', '=', 's.account_id')
              .where('r.month', '=', month),
          ),
        ),
      )
      .orderBy('s.account_id')
      .execute();
  }

  /** The institution's name and owner (the automatic reminder is sent in the owner's name). */
  account(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .select(['institution', 'owner_user_id'])
      .where('id', '=', accountId)
      .executeTakeFirst();
  }

  /** The phones of these students of the account. */
  phonesOf(accountId: string, studentIds: readonly string[]) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('students')
      .select(['id', 'name', 'custom_id', 'phone', 'parent1_phone', 'parent2_phone'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...studentIds])
      .execute();
  }
}
