import { z } from 'zod';
import { SIGN_UP_ACCOUNT_TYPES } from '../access/profession';
import { domainError } from '../messages';
import { addDomainIssue, phoneField, requiredText } from './fields';

/** OWASP ASVS level 2: at least 8 characters, at most 128, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Sign-in codes sent by SMS: six digits, valid for ten minutes, five guesses. */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** How long the link that finishes a sign-up works. */
export const SIGN_UP_CONFIRM_TTL_MS = 24 * 60 * 60_000;

// A pragmatic address check (WHATWG's input[type=email] rule): one @, no spaces, a dot-free
// local part is fine, the domain has at least one dot.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** A required e-mail address, trimmed and lower-cased. */
export const emailField = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') addDomainIssue(ctx, domainError('EMAIL_REQUIRED'));
    else if (value.length > 254 || !EMAIL.test(value)) addDomainIssue(ctx, domainError('EMAIL_INVALID'));
  })
  .transform((value) => value.toLowerCase());

/** A new password: length rules here; the server also refuses common passwords. */
export const newPasswordField = z.string().superRefine((value, ctx) => {
  const length = [...value].length;
  if (length === 0) addDomainIssue(ctx, domainError('PASSWORD_REQUIRED'));
  else if (length < PASSWORD_MIN_LENGTH) {
    addDomainIssue(ctx, domainError('PASSWORD_TOO_SHORT', { min: PASSWORD_MIN_LENGTH }));
  } else if (length > PASSWORD_MAX_LENGTH) {
    addDomainIssue(ctx, domainError('PASSWORD_TOO_LONG', { max: PASSWORD_MAX_LENGTH }));
  }
});

/** Sign-up of a Teacher or Admin account (spec part 1 §3 "Sign-up inputs"). */
export const signUpSchema = z.object({
  accountType: z.enum(SIGN_UP_ACCOUNT_TYPES).describe('Teacher or Admin'),
  businessAccount: z.boolean().default(false).describe('Business accounts run in SMS_GATEWAY mode'),
  name: requiredText('NAME_REQUIRED').pipe(z.string().max(100)).describe("The person's name"),
  email: emailField.describe('Sign-in e-mail, unique'),
  password: newPasswordField.describe('8 to 128 characters, not a common password'),
  phone: phoneField({ required: 'PHONE_REQUIRED' }).describe(
    'Bangladeshi mobile number, normalised to +8801…',
  ),
  institution: requiredText('INSTITUTION_REQUIRED').pipe(z.string().max(150)).describe('Institution name'),
  referralId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe('Referral code of the account that referred this one'),
  meetingApp: z
    .boolean()
    .default(false)
    .describe('Signed up through the video-meeting app (installs zoom-meeting)'),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpRequest = z.output<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailField.describe('Sign-in e-mail'),
  password: z
    .string()
    .superRefine((value, ctx) => {
      if (value === '') addDomainIssue(ctx, domainError('PASSWORD_REQUIRED'));
    })
    .pipe(z.string().max(PASSWORD_MAX_LENGTH * 4))
    .describe('Password'),
});
export type SignInRequest = z.output<typeof signInSchema>;

export const phoneCodeRequestSchema = z.object({
  phone: phoneField({ required: 'PHONE_REQUIRED' }).describe('The phone to send the code to'),
});

/** A 6-digit code sent by SMS to prove a phone. */
export const smsCodeField = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') addDomainIssue(ctx, domainError('LOGIN_CONFIRMATION_EMPTY'));
    else if (!/^\d{6}$/.test(value)) addDomainIssue(ctx, domainError('CODE_INVALID'));
  });

export const phoneCodeVerifySchema = z.object({
  phone: phoneField({ required: 'PHONE_REQUIRED' }).describe('The phone the code was sent to'),
  code: smsCodeField.describe('The 6-digit code from the SMS'),
});

export const forgotPasswordSchema = z.object({ email: emailField.describe('The account e-mail') });

/** The link mailed at sign-up: opening it makes the account and signs in. */
export const signUpConfirmSchema = z.object({
  token: z.string().min(20).max(200).describe('The token from the sign-up link'),
});

export const resetPasswordSchema = z.object({
  token: z.string().min(20).max(200).describe('The token from the reset link'),
  password: newPasswordField.describe('The new password'),
});

/** Answer of the sign-in calls: where the user goes next. */
export const signedInSchema = z.object({
  userId: z.string(),
  homePath: z.string().describe('e.g. /teacher/dashboard'),
});
export type SignedIn = z.output<typeof signedInSchema>;

/** A plain confirmation with a catalogue code the web can translate. */
export const noticeSchema = z.object({
  code: z.string().describe('Catalogue code of the notice'),
  message: z.string().describe('The English text'),
});
