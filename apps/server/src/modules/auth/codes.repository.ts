import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { VerificationCodesTable } from '../../db/schema-auth';

type CodeRow = VerificationCodesTable;

export class CodesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: CodeRow): Promise<void> {
    await this.db.insertInto('verification_codes').values(row).execute();
  }

  /** The newest code for a target, open or not: what a refusal of its proof names. */
  latest(purpose: CodeRow['purpose'], target: string): Promise<CodeRow | undefined> {
    return this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The target's codes still open (not used, not expired), newest first. */
  live(purpose: CodeRow['purpose'], target: string, now: number, limit: number): Promise<CodeRow[]> {
    return this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  findByHash(purpose: CodeRow['purpose'], codeHash: string): Promise<CodeRow | undefined> {
    return this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
  }

  /**
   * Counts a guess only while guesses remain; in one statement, so parallel guesses cannot
   * exceed the limit. Returns false when none remained.
   */
  async countAttempt(id: string, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Spends every open code of a target and purpose (e.g. all reset links once the password changes). */
  async consumeAll(purpose: CodeRow['purpose'], target: string, now: number): Promise<void> {
    await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('consumed_at', 'is', null)
      .execute();
  }

  /** Marks the code used; false when it was already used (by a parallel request). */
  async consume(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
