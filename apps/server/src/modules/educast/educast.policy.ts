import { randomInt } from 'node:crypto';
import { EDUCAST_CODE_ALPHABET, EDUCAST_LIMITS } from '@batchwise/domain';
import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// Who works with EduCast.
//
// Staff: the account's teacher and the admins over it record, trim, publish and delete the
// account's recordings, as they manage its lesson videos (video.policy.ts); assistants are
// refused. A recording of another account is "not found" (AccessPolicy.requireAccount and every
// query naming the account).
//
// Families: a join code is looked up only within the account of the child the caller names (the
// portal's guardian-of / self policy), so a code of another institution reads as unknown; the
// lesson video it became is then played under the private course's own rules (students of the
// course's classrooms whose VideoPermission is "Allowed", video-family.service.ts).

export function requireEducastManager(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}

/** Which states may still change: trimming and publishing need a stopped recording. */
export function requireEditable(state: string): void {
  if (state !== 'recorded') throw failure(409, 'EDUCAST_NOT_EDITABLE');
}

/** At least a second of the recording must survive the trim. */
export function requireTrimFits(durationMs: number, trimStartS: number, trimEndS: number): void {
  if ((trimStartS + trimEndS + 1) * 1000 > durationMs) throw failure(400, 'EDUCAST_TRIM_TOO_LONG');
}

/** A short code to type from a board or a message: unguessable enough, unique by the database. */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < EDUCAST_LIMITS.codeLength; i++) {
    code += EDUCAST_CODE_ALPHABET[randomInt(EDUCAST_CODE_ALPHABET.length)];
  }
  return code;
}
