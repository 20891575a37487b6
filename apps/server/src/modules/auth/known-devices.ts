import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { KnownDevicesRepository } from './known-devices.repository';
import { digest, randomToken } from './tokens';

/** The cookie that marks a browser as one its user signed in from (plugins/authenticate.ts). */
export const DEVICE_COOKIE = 'bw_device';
/** A device stays known this long after its last sign-in. */
export const DEVICE_TTL_MS = 365 * 24 * 3_600_000;

/**
 * Browsers a user signed in from before (OWASP "Slow Down Online Guessing Attacks with Device
 * Cookies"): password guessing from elsewhere never holds up a user's own browser
 * (IDENTITY.md "Abuse limits"). The cookie holds a random token; only its digest is stored, tied
 * to the one user it was given for.
 */
export class KnownDevices {
  private readonly repo: KnownDevicesRepository;

  constructor(db: Kysely<Database>) {
    this.repo = new KnownDevicesRepository(db);
  }

  /** Whether the token was given to this user and is still good. */
  knows(token: string | undefined, userId: string, now: number): Promise<boolean> {
    return token ? this.repo.isKnown(digest(token), userId, now) : Promise.resolve(false);
  }

  /**
   * After a sign-in that proved the user (or a reset that proved their e-mail): the token the
   * browser should keep. Its own token when it was this user's (its life starts again), else a new
   * one: a browser shared by two people is known to the last one who signed in.
   */
  async remember(token: string | undefined, userId: string, now: number): Promise<string> {
    if (token && (await this.repo.extend(digest(token), userId, now + DEVICE_TTL_MS))) return token;
    const fresh = randomToken();
    await this.repo.insert({
      token_hash: digest(fresh),
      user_id: userId,
      created_at: now,
      expires_at: now + DEVICE_TTL_MS,
    });
    return fresh;
  }
}
