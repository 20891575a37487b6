import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Deletes sign-in rows that can no longer be used (see expired-credentials-prune.ts). */
export class ExpiredCredentialsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Rows deleted per table. `codesBefore` is the expiry before which codes go. */
  async prune(now: number, codesBefore: number): Promise<Record<string, number>> {
    const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
    return {
      sessions: count(
        await this.db
          .deleteFrom('sessions')
          .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
          .executeTakeFirst(),
      ),
      codes: count(
        await this.db
          .deleteFrom('verification_codes')
          .where('expires_at', '<=', codesBefore)
          .executeTakeFirst(),
      ),
      signUpLinks: count(
        await this.db.deleteFrom('sign_up_confirmations').where('expires_at', '<=', now).executeTakeFirst(),
      ),
      knownDevices: count(
        await this.db.deleteFrom('known_devices').where('expires_at', '<=', now).executeTakeFirst(),
      ),
    };
  }
}
