import {
  type FirebaseHashParameters,
  firebasePasswordHash,
  isFirebasePasswordHash,
} from '../auth/firebase-password';
import { type ImportContext, type Tree, text } from './firebase-values';

/**
 * One user of a Firebase Auth export (`firebase auth:export`: localId, passwordHash, salt): an
 * e-mail user's password hash, kept with the project's parameters so the old password signs in
 * and is rehashed to ours at once (auth/password.ts). A user who has set a password here since
 * keeps it; phone and provider users sign in by code as usual.
 */
export async function importSignIn(
  ctx: ImportContext,
  params: FirebaseHashParameters,
  user: Tree,
): Promise<void> {
  const localId = text(user.localId);
  ctx.report.read('signIns');
  const hash = text(user.passwordHash);
  const salt = text(user.salt);
  if (!hash || !salt) {
    ctx.report.skip('signIns', localId, 'IMPORT_NO_PASSWORD');
    return;
  }
  const userId = await ctx.repo.ourId('user', localId);
  if (!userId) {
    ctx.report.skip('signIns', localId, 'IMPORT_SIGN_IN_WITHOUT_USER');
    return;
  }
  const current = await ctx.repo.passwordHash(userId);
  if (current && !isFirebasePasswordHash(current)) {
    ctx.report.wrote('signIns', 'unchanged');
    return;
  }
  const outcome = await ctx.repo.syncWhere(
    'users',
    { id: userId },
    { password_hash: firebasePasswordHash(params, salt, hash) },
    {},
  );
  ctx.report.wrote('signIns', outcome);
}
