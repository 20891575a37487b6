import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The only SQL of the tools module: installs (`account_tools`), used trials and admins of accounts. */
export class ToolsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  installs(accountIds: readonly string[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('account_tools')
      .select(['account_id', 'tool_key', 'expires_at', 'pinned', 'installed_at'])
      .where('account_id', 'in', accountIds)
      .orderBy('installed_at')
      .execute();
  }

  async adminAccountOf(teacherAccountId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('admin_teachers')
      .select('admin_account_id')
      .where('teacher_account_id', '=', teacherAccountId)
      .executeTakeFirst();
    return row?.admin_account_id;
  }

  async trials(accountId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tool_trials')
      .select('tool_key')
      .where('account_id', '=', accountId)
      .execute();
    return rows.map((r) => r.tool_key);
  }

  /** Installs or re-installs (a trial becoming the plan's, or the reverse) the tool. */
  async install(row: {
    account_id: string;
    tool_key: string;
    route: string;
    expires_at: number | null;
    installed_at: number;
  }): Promise<void> {
    await this.db
      .insertInto('account_tools')
      .values({ ...row, pinned: 0 })
      .onConflict((oc) =>
        oc.columns(['account_id', 'tool_key']).doUpdateSet({
          expires_at: row.expires_at,
          installed_at: row.installed_at,
          route: row.route,
        }),
      )
      .execute();
  }

  /** Records the account's one trial of a tool; false when it was already used. */
  async startTrial(accountId: string, toolKey: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('tool_trials')
      .values({ account_id: accountId, tool_key: toolKey, started_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'tool_key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async remove(accountId: string, toolKey: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('account_tools')
      .where('account_id', '=', accountId)
      .where('tool_key', '=', toolKey)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async pin(accountId: string, toolKey: string, pinned: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('account_tools')
      .set({ pinned: pinned ? 1 : 0 })
      .where('account_id', '=', accountId)
      .where('tool_key', '=', toolKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
