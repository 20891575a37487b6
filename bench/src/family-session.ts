import type { Insertable } from 'kysely';
import type { SessionsTable } from '../../apps/server/src/db/schema-auth';
import { newId } from '../../apps/server/src/lib/ids';
import { digest, randomToken } from '../../apps/server/src/modules/auth/tokens';

const DAY = 86_400_000;

/**
 * A signed-in session for a phone user, as the server stores one after a code sign-in: the
 * token kept for the bench's cookie, only its digest in the row. The code itself goes by SMS,
 * which a bench cannot read, so parents' sessions are written straight into the database.
 */
export function familySession(
  userId: string,
  now: number,
): { cookie: string; row: Insertable<SessionsTable> } {
  const token = randomToken();
  return {
    cookie: `bw_session=${token}`,
    row: {
      id: newId(now),
      token_hash: digest(token),
      user_id: userId,
      impersonator_id: null,
      active_account_id: null,
      created_at: now,
      last_seen_at: now,
      expires_at: now + 30 * DAY,
      ip: null,
      user_agent: 'bench',
      revoked_at: null,
    },
  };
}
