import { z } from 'zod';
import { domainError } from '../messages';
import { isBangladeshDay } from '../money/days';
import { PUNCH_DIRECTIONS, PUNCH_VIAS } from './attendance';
import { addDomainIssue, phoneField, requiredText, timestampField } from './fields';

// The account's other users (part 1 §1 /qr-code-other-user, /all-external-users-access-codes):
// staff, guards and visitors who pass the gate. Each has an access code (typed at the kiosk, and
// the PIN a ZKTeco device knows them by) and a QR code; their punches go to the entry/exit log
// only (no student attendance, no parent SMS).

export const OTHER_USER_ROLES = ['staff', 'guard', 'visitor'] as const;
export type OtherUserRole = (typeof OTHER_USER_ROLES)[number];
/** Other users an account may keep (a gate's staff and the week's visitors, with room to spare). */
export const OTHER_USERS_MAX = 500;
export const OTHER_USER_NAME_MAX = 80;

/**
 * An access code: eight digits, never starting with 0. It is typed at the kiosk and is the PIN on
 * ZKTeco devices (which take up to nine digits); students' PINs count up from 1, so the two never
 * meet.
 */
export const OTHER_USER_CODE_MIN = 10_000_000;
export const OTHER_USER_CODE_MAX = 99_999_999;

/** What an other user's QR code holds: `BW1:O:{otherUserId}` (beside students' `BW1:S:`). */
export const OTHER_USER_QR_PREFIX = 'BW1:O:';

/** The other user's id in a QR payload, or null when the text is not an other user's code. */
export function otherUserIdFromQr(payload: string): string | null {
  const text = payload.trim();
  if (!text.toUpperCase().startsWith(OTHER_USER_QR_PREFIX)) return null;
  const id = text.slice(OTHER_USER_QR_PREFIX.length);
  return /^[0-9A-Za-z]{1,64}$/.test(id) ? id : null;
}

/** The access code a typed or scanned text is, or null (eight digits, spaces ignored). */
export function otherUserCodeOf(text: string): number | null {
  const digits = text.replace(/\s+/g, '');
  if (!/^\d{8}$/.test(digits)) return null;
  const code = Number(digits);
  return code >= OTHER_USER_CODE_MIN && code <= OTHER_USER_CODE_MAX ? code : null;
}

/** Whether a person valid from/to these days (either open) may pass on `day`. */
export function otherUserValidOn(
  validity: { validFrom: string | null; validTo: string | null },
  day: string,
): boolean {
  return (
    (validity.validFrom === null || validity.validFrom <= day) &&
    (validity.validTo === null || day <= validity.validTo)
  );
}

const optionalDay = z
  .union([z.string(), z.null()])
  .optional()
  .transform((text) => (text ?? '').trim() || null)
  .refine((day) => day === null || isBangladeshDay(day), 'must be a day written YYYY-MM-DD')
  .describe('A day in Bangladesh time, YYYY-MM-DD; empty or null: no limit');

export const otherUserInputSchema = z
  .object({
    name: requiredText('OTHER_USER_NAME_REQUIRED').pipe(z.string().max(OTHER_USER_NAME_MAX)),
    phone: phoneField(),
    role: z.enum(OTHER_USER_ROLES),
    validFrom: optionalDay,
    validTo: optionalDay,
  })
  .superRefine((input, ctx) => {
    if (input.validFrom && input.validTo && input.validTo < input.validFrom) {
      addDomainIssue(ctx, domainError('OTHER_USER_VALIDITY_ORDER'));
    }
  });
export type OtherUserInput = z.input<typeof otherUserInputSchema>;

export const otherUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().describe('+880…, or empty'),
  role: z.enum(OTHER_USER_ROLES),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  code: z.string().describe('Eight digits: typed at the kiosk, and the PIN on ZKTeco devices'),
  qrPayload: z.string().describe(`${OTHER_USER_QR_PREFIX}{id}: what the QR code holds`),
  createdAt: timestampField,
});
export type OtherUser = z.output<typeof otherUserSchema>;

export const otherUserListSchema = z.object({
  items: z.array(otherUserSchema).describe('By name'),
  institution: z.string(),
});
export type OtherUserList = z.output<typeof otherUserListSchema>;

export const otherUserLogQuerySchema = z.object({
  day: z.string().refine(isBangladeshDay, 'must be a day written YYYY-MM-DD').optional(),
});

export const otherUserPunchSchema = z.object({
  id: z.string(),
  otherUserId: z.string(),
  name: z.string(),
  role: z.enum(OTHER_USER_ROLES),
  direction: z.enum(PUNCH_DIRECTIONS),
  at: timestampField,
  via: z.enum(PUNCH_VIAS),
  deviceName: z.string().nullable(),
});
export type OtherUserPunch = z.output<typeof otherUserPunchSchema>;

export const otherUserLogSchema = z.object({
  day: z.string(),
  items: z.array(otherUserPunchSchema).describe('Newest first'),
});
export type OtherUserLog = z.output<typeof otherUserLogSchema>;
