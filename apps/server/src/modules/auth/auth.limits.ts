import type { Limit } from '../rate-limit/rate-limit.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Abuse limits of sign-in (OWASP Authentication Cheat Sheet). Failures are counted per account
 * and per address, codes per phone and per address, so one attacker can neither guess one
 * account's password nor spray many accounts, nor make us send unlimited SMS.
 */
export const AUTH_LIMITS = {
  signInFailuresPerAccount: { name: 'sign-in-fail:account', max: 10, windowMs: 15 * MINUTE },
  signInFailuresPerIp: { name: 'sign-in-fail:ip', max: 50, windowMs: 15 * MINUTE },
  signUpPerIp: { name: 'sign-up:ip', max: 20, windowMs: HOUR },
  codesPerPhone: { name: 'code-send:phone', max: 3, windowMs: 15 * MINUTE },
  codesPerPhoneDaily: { name: 'code-send:phone-day', max: 10, windowMs: 24 * HOUR },
  codesPerIp: { name: 'code-send:ip', max: 30, windowMs: HOUR },
  codeGuessesPerIp: { name: 'code-guess:ip', max: 60, windowMs: HOUR },
  resetsPerEmail: { name: 'reset:email', max: 3, windowMs: HOUR },
  resetsPerIp: { name: 'reset:ip', max: 30, windowMs: HOUR },
} as const satisfies Record<string, Limit>;
