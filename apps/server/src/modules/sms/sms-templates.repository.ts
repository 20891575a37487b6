import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SmsTemplatesTable } from '../../db/schema-sms';

/** Saved message templates of an account (db/schema-sms.ts SmsTemplatesTable). */
export class SmsTemplatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(accountId: string) {
    return this.db
      .selectFrom('sms_templates')
      .select(['id', 'name', 'body', 'updated_at'])
      .where('account_id', '=', accountId)
      .orderBy('name_key')
      .execute();
  }

  async count(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('sms_templates')
      .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The template of this account whose name reads the same, if any. */
  findByName(accountId: string, nameKey: string) {
    return this.db
      .selectFrom('sms_templates')
      .select('id')
      .where('account_id', '=', accountId)
      .where('name_key', '=', nameKey)
      .executeTakeFirst();
  }

  async insert(row: Insertable<SmsTemplatesTable>): Promise<void> {
    await this.db.insertInto('sms_templates').values(row).execute();
  }

  /** Changes a template of the account; false when it has no such template. */
  async update(
    accountId: string,
    id: string,
    changes: Pick<SmsTemplatesTable, 'name' | 'name_key' | 'body' | 'updated_at'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('sms_templates')
      .set(changes)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sms_templates')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
