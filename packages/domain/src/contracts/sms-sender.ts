import { z } from 'zod';
import { normaliseSenderName, SENDER_NAME_MAX } from '../sms/sender-name';

// An institution's SMS masking name, asked for by its owners and decided by platform staff
// (research/integrations.md §3.6), and an owner's SMS quota shared with their teachers and
// assistants (spec part 1 §3 `SMS-Shared-From`).

export const senderNameStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type SenderNameStatus = z.output<typeof senderNameStatusSchema>;

export const senderNameRequestSchema = z.object({
  name: z
    .string()
    .max(SENDER_NAME_MAX * 4)
    .transform(normaliseSenderName)
    .describe('3 to 11 English letters, digits, spaces, dots or hyphens, with a letter'),
});

export const senderNameSchema = z.object({
  name: z.string(),
  status: senderNameStatusSchema,
  /** Why staff turned it down. */
  reason: z.string().nullable(),
  requestedAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type SenderName = z.output<typeof senderNameSchema>;

export const accountSenderSchema = z.object({
  request: senderNameSchema.nullable(),
  /** The configured gateway sends under an institution's own name; if not, the platform's sender. */
  gatewaySupportsMasking: z.boolean(),
});
export type AccountSender = z.output<typeof accountSenderSchema>;

export const staffSenderNamesSchema = z.object({
  requests: z.array(
    senderNameSchema.extend({ accountId: z.string(), institution: z.string(), ownerName: z.string() }),
  ),
});
export type StaffSenderNames = z.output<typeof staffSenderNamesSchema>;

export const senderNameDecisionSchema = z
  .object({
    approve: z.boolean(),
    reason: z.string().trim().max(300).optional(),
  })
  .refine((d) => d.approve || (d.reason?.length ?? 0) > 0, {
    message: 'A rejection needs a reason',
    path: ['reason'],
  });

export const smsSharingSchema = z.object({
  members: z.array(
    z.object({
      accountId: z.string(),
      name: z.string(),
      institution: z.string(),
      /** `former`: no longer the owner's teacher or assistant, still sharing until switched off. */
      relation: z.enum(['teacher', 'assistant', 'former']),
      /** Their sends draw on this account's quota when their own is short. */
      shared: z.boolean(),
    }),
  ),
});
export type SmsSharing = z.output<typeof smsSharingSchema>;

export const smsShareSchema = z.object({ shared: z.boolean() });
