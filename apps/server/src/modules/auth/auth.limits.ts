import type { Backoff, Limit } from '../rate-limit/rate-limit.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Abuse limits of sign-in (OWASP Authentication Cheat Sheet). A hard lock per account would let
 * anyone lock its owner out with a few wrong guesses, so limits that name an account or phone
 * also name the address: the guessing address slows down, the owner elsewhere does not notice.
 * Per-address limits stop spraying many accounts, and a per-account ceiling that one address
 * cannot reach stops a guesser with many addresses; the owner's known device and a reset are never
 * held up by it, and a phone's codes back off instead of stopping (IDENTITY.md "Abuse limits").
 */
export const AUTH_LIMITS = {
  /** Wrong passwords from any one address, whatever the account. */
  signInFailuresPerIp: { name: 'sign-in-fail:ip', max: 50, windowMs: 15 * MINUTE },
  /** Wrong passwords for one account from everywhere; one address gets ~15 an hour (below). */
  signInFailuresPerAccount: { name: 'sign-in-fail:account', max: 100, windowMs: HOUR },
  /**
   * Per address, sized for a carrier-grade NAT address shared by hundreds of subscribers (a
   * centre's teachers signing up on one mobile network): it bounds the password hashing one
   * address can cause. What protects a person is per e-mail and per phone (IDENTITY.md, "Limits
   * for shared addresses").
   */
  signUpPerIp: { name: 'sign-up:ip', max: 300, windowMs: HOUR },
  /** Sign-up attempts naming one e-mail, from anywhere: at most this many links or notices mailed to it. */
  signUpPerEmail: { name: 'sign-up:email', max: 5, windowMs: HOUR },
  /**
   * Teachers an admin's form refused for details already in use (teams.service.ts): each one hints
   * that an account exists. Sign-up itself answers alike, so it has no such limit.
   */
  signUpRefusalsPerIp: { name: 'sign-up-refused:ip', max: 30, windowMs: HOUR },
  /** Per address, sized like sign-ups; the per-phone limits below keep one phone from a flood. */
  codesPerIp: { name: 'code-send:ip', max: 600, windowMs: HOUR },
  codesPerPhoneFromIp: { name: 'code-send:phone-ip', max: 3, windowMs: 15 * MINUTE },
  codesPerPhoneFromIpDaily: { name: 'code-send:phone-ip-day', max: 6, windowMs: DAY },
  /**
   * Wrong sign-in codes from one address, whatever the phone (a right code gives its try back):
   * sized for the typos of a carrier address shared by hundreds of families signing in; each code
   * also takes only a few tries (SIGN_IN_CODE_MAX_ATTEMPTS, identity/phone-proof.ts).
   */
  codeGuessesPerIp: { name: 'code-guess:ip', max: 200, windowMs: HOUR },
  resetsPerEmailFromIp: { name: 'reset:email-ip', max: 3, windowMs: HOUR },
  resetsPerEmail: { name: 'reset:email', max: 10, windowMs: HOUR },
  resetsPerIp: { name: 'reset:ip', max: 30, windowMs: HOUR },
  /** Wrong current passwords at "change password": a stolen session must not become an oracle. */
  passwordChangeFailuresPerUser: { name: 'password-change-fail:user', max: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * Wrong passwords for one account from one address: three at once, then 2 s, 4 s, 8 s … up to
 * 15 minutes between tries (about 15 tries in the first hour), forgotten at the right password.
 */
export const SIGN_IN_BACKOFF = {
  name: 'sign-in-backoff:ip-account',
  free: 3,
  firstDelayMs: 2_000,
  maxDelayMs: 15 * MINUTE,
  windowMs: DAY,
} as const satisfies Backoff;

/**
 * Codes sent to one phone, from anywhere: three at once, then 1, 2 and 4 minutes apart, then at
 * most every 5 minutes (about 12 an hour at worst, which also caps SMS spend). Not a lock: the
 * longest wait is half a code's 10-minute life, so whoever is told to wait holds a code sent
 * within it, still good (older codes stay good too: identity/phone-proof.ts). Forgotten when the
 * phone signs in.
 */
export const CODE_SEND_BACKOFF = {
  name: 'code-send-backoff:phone',
  free: 3,
  firstDelayMs: MINUTE,
  maxDelayMs: 5 * MINUTE,
  windowMs: DAY,
} as const satisfies Backoff;

/**
 * Wrong passwords given from a browser that signed in to the account before (its device cookie,
 * auth/known-devices.ts): its own backoff, instead of the address and account limits that
 * strangers' guesses fill, so they never hold up the owner on their usual device.
 */
export const KNOWN_DEVICE_BACKOFF = {
  name: 'sign-in-backoff:device',
  free: 5,
  firstDelayMs: 2_000,
  maxDelayMs: 15 * MINUTE,
  windowMs: DAY,
} as const satisfies Backoff;
