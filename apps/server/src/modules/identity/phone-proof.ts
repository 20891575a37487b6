import { SIGN_IN_CODE_MAX_ATTEMPTS, SIGN_IN_CODE_TTL_MS } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database, VerificationCodesTable } from '../../db/schema';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { CodesRepository } from '../auth/codes.repository';
import { digest, randomCode, sameDigest } from '../auth/tokens';
import type { JobQueue } from '../jobs/jobs.service';

type Purpose = VerificationCodesTable['purpose'];

/**
 * A code that proves someone holds a phone (IDENTITY.md): six digits by SMS, stored as a digest,
 * valid 10 minutes, 5 guesses, used once; a newer code replaces the older ones. `target` says
 * what the proof is for (a phone to sign in with, or one user's new phone), so a code sent for
 * one purpose proves nothing else. Call inside the transaction that queues other work with it.
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
 * Spends the newest code for the target, or refuses with the catalogue's reason: 401 where the
 * code is a sign-in, 400 where a signed-in person proves a phone (their session stays good).
 */
export async function spendPhoneProof(
  db: Kysely<Database>,
  proof: { purpose: Purpose; target: string; code: string; refusal: 400 | 401 },
  now: number,
): Promise<void> {
  const { purpose, target, code, refusal } = proof;
  const codes = new CodesRepository(db);
  const stored = await codes.latest(purpose, target);
  if (!stored) throw failure(refusal, 'CODE_INVALID');
  if (stored.consumed_at) throw failure(refusal, 'CODE_USED');
  if (stored.expires_at <= now) throw failure(refusal, 'CODE_EXPIRED');
  // Counted in one statement before comparing, so parallel guesses cannot pass the limit.
  if (!(await codes.countAttempt(stored.id, SIGN_IN_CODE_MAX_ATTEMPTS))) {
    throw failure(429, 'CODE_TOO_MANY_ATTEMPTS');
  }
  if (!sameDigest(code, stored.code_hash)) {
    throw failure(
      refusal,
      stored.attempts + 1 >= SIGN_IN_CODE_MAX_ATTEMPTS ? 'CODE_TOO_MANY_ATTEMPTS' : 'CODE_INVALID',
    );
  }
  if (!(await codes.consume(stored.id, now))) throw failure(refusal, 'CODE_USED');
}
