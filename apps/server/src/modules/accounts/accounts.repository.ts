import type { Insertable, Kysely } from 'kysely';
import type { AccountRow, AccountsTable, AccountToolsTable, Database } from '../../db/schema';

export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<AccountsTable>): Promise<void> {
    await this.db.insertInto('accounts').values(row).execute();
  }

  findById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByOwner(userId: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('owner_user_id', '=', userId).executeTakeFirst();
  }

  findByReferralCode(code: string): Promise<Pick<AccountRow, 'id'> | undefined> {
    return this.db.selectFrom('accounts').select('id').where('referral_code', '=', code).executeTakeFirst();
  }

  async installTool(row: Insertable<AccountToolsTable>): Promise<void> {
    await this.db.insertInto('account_tools').values(row).execute();
  }
}
