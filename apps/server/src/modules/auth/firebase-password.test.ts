import { describe, expect, it } from 'vitest';
import { firebasePasswordHash, verifyFirebasePassword } from './firebase-password';

// The official vector (firebase/scrypt README): project parameters, the account's salt and hash.
const PROJECT = {
  signerKey: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
  saltSeparator: 'Bw==',
  rounds: 8,
  memCost: 14,
};
const SALT = '42xEC+ixf3L2lw==';
const HASH = 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==';

describe('Firebase Auth password hashes', () => {
  it('verifies the official test vector and refuses a wrong password', async () => {
    const stored = firebasePasswordHash(PROJECT, SALT, HASH);
    expect(await verifyFirebasePassword('user1password', stored)).toBe(true);
    expect(await verifyFirebasePassword('user1Password', stored)).toBe(false);
    expect(await verifyFirebasePassword('user1password', stored.replace('Bw==', 'Cw=='))).toBe(false);
  });
});
