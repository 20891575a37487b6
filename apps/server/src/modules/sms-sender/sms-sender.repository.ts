import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { SmsSenderNamesTable } from '../../db/schema-referrals';

/** The only SQL of masking names and quota sharing (sms_sender_names; accounts.sms_shared_from). */
export class SmsSenderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(accountId: string) {
    return this.db
      .selectFrom('sms_sender_names')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async approvedName(accountId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('sms_sender_names')
      .select('name')
      .where('account_id', '=', accountId)
      .where('status', '=', 'approved')
      .executeTakeFirst();
    return row?.name ?? null;
  }

  /** A new request replaces the account's earlier one, whatever its state. */
  async request(row: Omit<SmsSenderNamesTable, 'reason' | 'decided_by' | 'decided_at' | 'status'>) {
    const values = { ...row, status: 'pending' as const, reason: null, decided_by: null, decided_at: null };
    await this.db
      .insertInto('sms_sender_names')
      .values(values)
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
  }

  /** Decides a waiting request; false when there is none waiting. */
  async decide(accountId: string, values: Updateable<SmsSenderNamesTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('sms_sender_names')
      .set(values)
      .where('account_id', '=', accountId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Every request with its institution and owner: waiting ones first, then the newest. */
  listForStaff(limit: number) {
    return this.db
      .selectFrom('sms_sender_names')
      .innerJoin('accounts', 'accounts.id', 'sms_sender_names.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .selectAll('sms_sender_names')
      .select(['accounts.institution', 'users.name as owner_name'])
      .orderBy((eb) => eb.case().when('sms_sender_names.status', '=', 'pending').then(0).else(1).end())
      .orderBy('sms_sender_names.requested_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** An admin's teachers' accounts (admin_teachers), with who owns them and whose quota they share. */
  adminTeachers(adminAccountId: string) {
    return this.db
      .selectFrom('admin_teachers')
      .innerJoin('accounts', 'accounts.id', 'admin_teachers.teacher_account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select(['accounts.id', 'accounts.institution', 'accounts.sms_shared_from', 'users.name'])
      .where('admin_teachers.admin_account_id', '=', adminAccountId)
      .orderBy('admin_teachers.position')
      .execute();
  }

  /**
   * The accounts of the account's accepted assistants who have one of their own (an assistant
   * who is a teacher elsewhere); an assistant without one already sends from this account.
   */
  assistantAccounts(accountId: string) {
    return this.db
      .selectFrom('moderators')
      .innerJoin('accounts', 'accounts.owner_user_id', 'moderators.user_id')
      .innerJoin('users', 'users.id', 'moderators.user_id')
      .select(['accounts.id', 'accounts.institution', 'accounts.sms_shared_from', 'users.name'])
      .distinct()
      .where('moderators.account_id', '=', accountId)
      .where('moderators.status', '=', 'accepted')
      .where('accounts.id', '!=', accountId)
      .orderBy('users.name')
      .execute();
  }

  /** Accounts whose sends draw on this account's quota now, members or not. */
  sharingFrom(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select(['accounts.id', 'accounts.institution', 'accounts.sms_shared_from', 'users.name'])
      .where('accounts.sms_shared_from', '=', accountId)
      .orderBy('users.name')
      .execute();
  }

  /** Points a member's quota at the owner's (shared) or back at its own, only if it was the owner's. */
  async setSharedFrom(memberAccountId: string, ownerAccountId: string, shared: boolean): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ sms_shared_from: shared ? ownerAccountId : null })
      .where('id', '=', memberAccountId)
      .$if(!shared, (q) => q.where('sms_shared_from', '=', ownerAccountId))
      .execute();
  }
}
