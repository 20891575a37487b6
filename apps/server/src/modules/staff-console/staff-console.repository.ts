import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AccountLabelsTable, AccountSuspensionsTable } from '../../db/schema-staff-console';

/** Rows a search answers at most: staff narrow the words rather than page. */
export const SEARCH_ROWS = 50;

/** What staff search on: each finds accounts through one path. */
export interface AccountSearch {
  /**
   * Words: the institution, the owner's name or e-mail or an assistant's e-mail contains them, or
   * they are exactly an account id, the owner's user id or a referral code.
   */
  text?: string;
  /** +8801XXXXXXXXX: the owner's or an assistant's phone */
  phone?: string;
  labelId?: string;
}

/**
 * The staff console's SQL: accounts across the whole platform (staff only; the service checks),
 * their suspension and labels.
 */
export class StaffConsoleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  search(input: AccountSearch) {
    let query = this.db
      .selectFrom('accounts')
      .innerJoin('users as owner', 'owner.id', 'accounts.owner_user_id')
      .leftJoin('account_suspensions as s', 's.account_id', 'accounts.id')
      .select([
        'accounts.id',
        'accounts.kind',
        'accounts.institution',
        'accounts.referral_code',
        'accounts.plan_id',
        'accounts.plan_ends_at',
        'accounts.created_at',
        'owner.name as owner_name',
        'owner.email as owner_email',
        'owner.phone as owner_phone',
        's.account_id as suspended',
      ]);
    if (input.labelId) {
      const labelled = this.db
        .selectFrom('account_label_links')
        .select('account_id')
        .where('label_id', '=', input.labelId);
      query = query.where('accounts.id', 'in', labelled);
    }
    if (input.phone) {
      const members = this.db
        .selectFrom('moderators')
        .innerJoin('users', 'users.id', 'moderators.user_id')
        .select('moderators.account_id')
        .where('users.phone', '=', input.phone);
      query = query.where((eb) =>
        eb.or([eb('owner.phone', '=', input.phone!), eb('accounts.id', 'in', members)]),
      );
    }
    if (input.text) {
      const exact = input.text;
      const like = `%${exact.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const contains = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '\\'`;
      const members = this.db
        .selectFrom('moderators')
        .innerJoin('users', 'users.id', 'moderators.user_id')
        .select('moderators.account_id')
        .where(contains('users.email'));
      query = query.where((eb) =>
        eb.or([
          contains('accounts.institution'),
          contains('owner.email'),
          contains('owner.name'),
          eb('accounts.id', 'in', members),
          eb('accounts.id', '=', exact),
          eb('accounts.owner_user_id', '=', exact),
          eb(eb.fn('upper', ['accounts.referral_code']), '=', exact.toUpperCase()),
        ]),
      );
    }
    return query.orderBy('accounts.created_at', 'desc').limit(SEARCH_ROWS).execute();
  }

  labelsOf(accountIds: readonly string[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('account_label_links')
      .innerJoin('account_labels', 'account_labels.id', 'account_label_links.label_id')
      .select(['account_label_links.account_id', 'account_labels.id', 'account_labels.name'])
      .where('account_label_links.account_id', 'in', accountIds)
      .orderBy('account_labels.name')
      .execute();
  }

  suspension(accountId: string) {
    return this.db
      .selectFrom('account_suspensions')
      .innerJoin('users', 'users.id', 'account_suspensions.suspended_by')
      .select(['account_suspensions.reason', 'account_suspensions.suspended_at', 'users.name as by_name'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** The suspension that stops a write: of the account written to, or of one the writer owns. */
  blockingSuspension(accountId: string | undefined, userId: string) {
    return this.db
      .selectFrom('account_suspensions')
      .innerJoin('accounts', 'accounts.id', 'account_suspensions.account_id')
      .select(['account_suspensions.reason'])
      .where((eb) =>
        eb.or([
          eb('accounts.owner_user_id', '=', userId),
          ...(accountId ? [eb('account_suspensions.account_id', '=', accountId)] : []),
        ]),
      )
      .executeTakeFirst();
  }

  suspensionsOf(accountIds: readonly string[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('account_suspensions')
      .innerJoin('accounts', 'accounts.id', 'account_suspensions.account_id')
      .select([
        'account_suspensions.account_id',
        'account_suspensions.reason',
        'account_suspensions.suspended_at',
        'accounts.institution',
      ])
      .where('account_suspensions.account_id', 'in', accountIds)
      .execute();
  }

  /** False when the account was already suspended (the primary key holds one row). */
  async suspend(row: AccountSuspensionsTable): Promise<boolean> {
    const result = await this.db
      .insertInto('account_suspensions')
      .values(row)
      .onConflict((oc) => oc.column('account_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async restore(accountId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('account_suspensions')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  labels() {
    return this.db
      .selectFrom('account_labels')
      .leftJoin('account_label_links', 'account_label_links.label_id', 'account_labels.id')
      .select((eb) => [
        'account_labels.id',
        'account_labels.name',
        eb.fn.count<number>('account_label_links.account_id').as('accounts'),
      ])
      .groupBy(['account_labels.id', 'account_labels.name'])
      .orderBy('account_labels.name')
      .execute();
  }

  label(id: string) {
    return this.db
      .selectFrom('account_labels')
      .select(['id', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** False when a label of that name (any case) exists. */
  async createLabel(row: AccountLabelsTable): Promise<boolean> {
    const result = await this.db
      .insertInto('account_labels')
      .values(row)
      .onConflict((oc) => oc.column('name_key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async deleteLabel(id: string): Promise<boolean> {
    await this.db.deleteFrom('account_label_links').where('label_id', '=', id).execute();
    const result = await this.db.deleteFrom('account_labels').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async attach(labelId: string, accountId: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('account_label_links')
      .values({ label_id: labelId, account_id: accountId, created_at: now })
      .onConflict((oc) => oc.columns(['label_id', 'account_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async detach(labelId: string, accountId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('account_label_links')
      .where('label_id', '=', labelId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
