import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  accountsWithOwners(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select([
        'accounts.id',
        'accounts.kind',
        'accounts.institution',
        'accounts.app_mode',
        'accounts.preferences',
        'accounts.logo_key',
        'accounts.sms_quota',
        'accounts.sms_rate_paisa',
        'accounts.sms_shared_from',
        'users.name as owner_name',
      ])
      .where('accounts.id', 'in', ids)
      .execute();
  }

  async hasPendingInvitation(
    user: { email: string | null; phone: string | null },
    now: number,
  ): Promise<boolean> {
    if (!user.email && !user.phone) return false;
    const row = await this.db
      .selectFrom('invitations')
      .select('id')
      .where((eb) =>
        eb.or([
          ...(user.email ? [eb('invitee_email', '=', user.email)] : []),
          ...(user.phone ? [eb('invitee_phone', '=', user.phone)] : []),
        ]),
      )
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  tools(accountIds: readonly string[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('account_tools')
      .select(['tool_key', 'route', 'expires_at'])
      .where('account_id', 'in', accountIds)
      .orderBy('installed_at')
      .execute();
  }
}
