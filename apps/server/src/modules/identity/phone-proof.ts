import { SIGN_IN_CODE_MAX_ATTEMPTS, SIGN_IN_CODE_TTL_MS } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { VerificationCodesTable } from '../../db/schema-auth';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { CodesRepository } from '../auth/codes.repository';
import { digest, randomCode, sameDigest } from '../auth/tokens';
import type { JobQueue } from '../jobs/jobs.service';

type Purpose = VerificationCodesTable['purpose'];
type CodeRow = VerificationCodesTable;

/**
 * Codes of one target open at once that a guess is compared with. Codes are sent at most a few
 * minutes apart once the first few are out (auth.limits.ts CODE_SEND_BACKOFF), so a 10-minute
 * code life holds only a handful.
 */
const OPEN_CODES = 10;

/**
 * A code that proves someone holds a phone (IDENTITY.md): six digits by SMS, stored as a digest,
 * valid 10 minutes, 5 guesses per code, used once. A newer code does not cancel the older ones:
 * whoever asked for it, every code went to the phone, so a stranger asking for codes never
 * invalidates the one its owner is typing. `target` says what the proof is for (a phone to sign
 * in with, or one user's new phone), so a code sent for one purpose proves nothing else. Call
 * inside the transaction that queues other work with it.
 */
export async function sendPhoneProof(
  trx: Kysely<Database>,
  jobs: JobQueue,
  proof: { purpose: Purpose; target: string; phone: string; text: (code: string) => string },
  now: number,
): Promise<void> {
  const code = randomCode();
  await new CodesRepository(trx).insert({
    id: newId(now),
    purpose: proof.purpose,
    target: proof.target,
    code_hash: digest(code),
    attempts: 0,
    created_at: now,
    expires_at: now + SIGN_IN_CODE_TTL_MS,
    consumed_at: null,
  });
  await jobs.enqueue('sms.send', { to: proof.phone, text: proof.text(code) }, { trx });
}

/**
 * Spends the open code of the target that was entered, or refuses with the catalogue's reason:
 * 401 where the code is a sign-in, 400 where a signed-in person proves a phone (their session
 * stays good). A guess is counted on every open code it is compared with, each in one statement
 * before comparing, so parallel guesses cannot pass a code's limit; the right code spends all the
 * target's codes.
 */
export async function spendPhoneProof(
  db: Kysely<Database>,
  proof: { purpose: Purpose; target: string; code: string; refusal: 400 | 401 },
  now: number,
): Promise<void> {
  const { purpose, target, code, refusal } = proof;
  const codes = new CodesRepository(db);
  const open = await codes.live(purpose, target, now, OPEN_CODES);
  if (open.length === 0) {
    const stored = await codes.latest(purpose, target);
    if (stored?.consumed_at) throw failure(refusal, 'CODE_USED');
    if (stored && stored.expires_at <= now) throw failure(refusal, 'CODE_EXPIRED');
    throw failure(refusal, 'CODE_INVALID');
  }
  const counted: CodeRow[] = [];
  for (const stored of open) {
    if (await codes.countAttempt(stored.id, SIGN_IN_CODE_MAX_ATTEMPTS)) counted.push(stored);
  }
  if (counted.length === 0) throw failure(429, 'CODE_TOO_MANY_ATTEMPTS');
  const match = counted.find((stored) => sameDigest(code, stored.code_hash));
  if (!match) {
    const spent = counted.every((stored) => stored.attempts + 1 >= SIGN_IN_CODE_MAX_ATTEMPTS);
    throw failure(refusal, spent ? 'CODE_TOO_MANY_ATTEMPTS' : 'CODE_INVALID');
  }
  if (!(await codes.consume(match.id, now))) throw failure(refusal, 'CODE_USED');
  await codes.consumeAll(purpose, target, now);
}
