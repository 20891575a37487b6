import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SignUpConfirmationsTable } from '../../db/schema-abuse-guards';

export class SignUpConfirmationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: SignUpConfirmationsTable): Promise<void> {
    await this.db.insertInto('sign_up_confirmations').values(row).execute();
  }

  findOpen(tokenHash: string, now: number): Promise<SignUpConfirmationsTable | undefined> {
    return this.db
      .selectFrom('sign_up_confirmations')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Spends a link; false when another request spent it first. */
  async spend(tokenHash: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sign_up_confirmations')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Once the e-mail has its account, its other links are spent too. */
  async spendAllFor(email: string): Promise<void> {
    await this.db.deleteFrom('sign_up_confirmations').where('email', '=', email).execute();
  }
}
