import { z } from 'zod';
import { timestampField } from './fields';

// SMS sending (spec part 1 §3 SMS-SEND-ATTEMPT, §5 "SMS sending", §7 send and
// get-sent-sms-info, §8 messages). The server builds every message from these choices: the browser
// never says whose quota pays or what a message costs.

const ids = (max: number) => z.array(z.string().min(1).max(40)).max(max);

/** What the compose screen sends, for a preview and then for the send itself. */
export const smsComposeSchema = z.object({
  text: z.string().max(2000).describe('The message; hashtags are removed before it is sent'),
  classroomIds: ids(200).default([]).describe('Whole classrooms: their accepted students'),
  studentIds: ids(10_000).default([]).describe("Students picked one by one (the list's bulk select)"),
  to: z
    .object({
      student: z.boolean().default(true),
      parent1: z.boolean().default(false),
      parent2: z.boolean().default(false),
    })
    .default({ student: true, parent1: false, parent2: false })
    .describe('Which phones of each picked student receive it'),
  numbers: z.string().max(20_000).default('').describe('Numbers typed in, split by commas or spaces'),
  urgent: z
    .boolean()
    .default(false)
    .describe('Transactional (attendance, payment): not held back by the 00:00–08:00 quiet hours'),
  sendAt: timestampField.nullable().default(null).describe('Send later at this time; null sends now'),
});
export type SmsCompose = z.output<typeof smsComposeSchema>;

const warningSchema = z.object({
  code: z.enum(['MASKED_NOT_BANGLA', 'OUTSIDE_BMP']),
  characters: z.array(z.string()).default([]),
});

/** What a send would be: recipients, parts, cost and quota, before anything is sent. */
export const smsPreviewSchema = z.object({
  text: z.string().describe('The text as it will go out (hashtags removed)'),
  partsEach: z
    .number()
    .int()
    .describe('SMS of one message: 160 characters an SMS, a Bangla letter counting double (smsCount)'),
  recipients: z.number().int().describe('Numbers it goes to, each once'),
  sample: z
    .array(
      z.object({
        phone: z.string(),
        name: z.string(),
        source: z.enum(['student', 'parent1', 'parent2', 'typed']),
      }),
    )
    .describe('The first recipients, for the confirmation'),
  invalid: z
    .array(z.object({ name: z.string(), id: z.string(), phone: z.string(), message: z.string() }))
    .describe("Left out with the spec's 'Invalid Phone' warning"),
  invalidTyped: z.array(z.string()).describe('Typed pieces that are not phone numbers'),
  parts: z.number().int().describe('SMS parts of the whole send: what the quota is debited'),
  costPaisa: z.number().int(),
  quota: z.number().int().describe('Quota of the account that would pay'),
  sharedQuota: z.boolean().describe('The shared account (SMS-Shared-From) would pay'),
  quotaMessage: z.string().nullable().describe("'Not Enough SMS Quota' when short, else null"),
  warnings: z.array(warningSchema),
  runAt: timestampField.describe('When it will go out: now, the chosen time, or 08:00 after quiet hours'),
  heldForQuietHours: z.boolean(),
});
export type SmsPreview = z.output<typeof smsPreviewSchema>;

/**
 * What every send written per recipient (templates, dues reminders, result SMS) confirms before it
 * goes: its cost against the quota, warnings, when it runs, and problems that stop it. Each adds
 * its own counts and sample messages.
 */
export const writtenSendPreviewSchema = smsPreviewSchema
  .pick({
    costPaisa: true,
    quota: true,
    sharedQuota: true,
    quotaMessage: true,
    warnings: true,
    runAt: true,
    heldForQuietHours: true,
  })
  .extend({ problems: z.array(z.object({ code: z.string(), message: z.string() })) });
export type WrittenSendPreview = z.output<typeof writtenSendPreviewSchema>;

/** The first messages of a send written per student, as they will go out. */
export const studentMessageSampleSchema = z.array(
  z.object({ name: z.string(), phone: z.string(), text: z.string(), parts: z.number().int() }),
);

/** A scheduled send changed before it runs: its text (unless built from a sheet) and its time. */
export const smsEditScheduledSchema = z.object({
  text: z.string().max(2000),
  sendAt: timestampField,
});
export type SmsEditScheduled = z.output<typeof smsEditScheduledSchema>;

/** A send accepted into the queue. */
export const smsQueuedSchema = z.object({
  sendId: z.string(),
  recipients: z.number().int(),
  parts: z.number().int(),
  quotaAfter: z.number().int(),
  runAt: timestampField,
});
export type SmsQueued = z.output<typeof smsQueuedSchema>;

export const SMS_MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'cancelled',
] as const;
export const SMS_SEND_STATUSES = ['scheduled', 'queued', 'done', 'cancelled'] as const;

const statusCounts = z.partialRecord(z.enum(SMS_MESSAGE_STATUSES), z.number().int());

/** One send in the history (get-sent-sms-info). */
export const smsSendSummarySchema = z.object({
  id: z.string(),
  text: z.string(),
  senderName: z.string(),
  status: z.enum(SMS_SEND_STATUSES),
  recipients: z.number().int(),
  parts: z.number().int(),
  costPaisa: z.number().int(),
  urgent: z.boolean(),
  runAt: timestampField,
  createdAt: timestampField,
  counts: statusCounts.describe('Messages by status'),
});
export type SmsSendSummary = z.output<typeof smsSendSummarySchema>;

export const smsHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(SMS_MESSAGE_STATUSES).optional().describe('Sends with at least one message in this status'),
  classroomId: z
    .string()
    .regex(/^[0-9A-Za-z-]{1,40}$/)
    .optional()
    .describe('Sends composed for this classroom'),
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
});
export type SmsHistoryQuery = z.output<typeof smsHistoryQuerySchema>;

export const smsHistorySchema = z.object({
  items: z.array(smsSendSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SmsHistory = z.output<typeof smsHistorySchema>;

/** One send with every message (its recipients and their statuses). */
export const smsSendDetailSchema = smsSendSummarySchema.extend({
  messages: z.array(
    z.object({
      id: z.string(),
      phone: z.string(),
      source: z.enum(['student', 'parent1', 'parent2', 'typed']),
      studentName: z.string().nullable(),
      parts: z.number().int(),
      status: z.enum(SMS_MESSAGE_STATUSES),
      error: z.string().nullable(),
      sentAt: timestampField.nullable(),
    }),
  ),
});
export type SmsSendDetail = z.output<typeof smsSendDetailSchema>;

/** The account's quota, who pays, and its ledger (owners and admins). */
export const smsQuotaSchema = z.object({
  balance: z.number().int(),
  ratePaisa: z.number().int(),
  sharedFrom: z.object({ institution: z.string(), balance: z.number().int() }).nullable(),
  ledger: z.array(
    z.object({
      id: z.string(),
      delta: z.number().int(),
      balanceAfter: z.number().int(),
      reason: z.enum([
        'opening',
        'signup-grant',
        'top-up',
        'purchase',
        'correction',
        'send',
        'refund',
        'link',
        'invitation',
        'referral',
      ]),
      actorName: z.string().nullable(),
      note: z.string().nullable(),
      createdAt: timestampField,
    }),
  ),
  usage: z.object({
    byDay: z
      .array(z.object({ day: z.string(), parts: z.number().int() }))
      .describe('Last 30 days, YYYY-MM-DD'),
    byMonth: z
      .array(z.object({ month: z.string(), parts: z.number().int() }))
      .describe('Last 12 months, YYYY-MM'),
  }),
});
export type SmsQuota = z.output<typeof smsQuotaSchema>;

/** Platform staff add SMS to an account, found by its owner, or take some back: always with a reason. */
export const smsTopUpSchema = z.object({
  owner: z.string().trim().min(1).max(200).describe("The account owner's e-mail or user id"),
  count: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0)
    .describe('SMS to add; negative to correct a mistake'),
  note: z.string().trim().min(1).max(300).describe('Why: the payment reference, the correction…'),
});
export type SmsTopUp = z.output<typeof smsTopUpSchema>;

export const smsToppedUpSchema = z.object({ institution: z.string(), balance: z.number().int() });
export type SmsToppedUp = z.output<typeof smsToppedUpSchema>;

/**
 * The welcome SMS (part 1 §3 WelcomeSMS): who receives it when a student joins, and the message,
 * with {name}, {id}, {institution} and {classroom} placeholders. Nothing is sent while no one is
 * included or the message is empty.
 */
export const welcomeSmsSettingsSchema = z.object({
  includeStudent: z.boolean().default(false),
  includeParent1: z.boolean().default(false),
  includeParent2: z.boolean().default(false),
  message: z.string().trim().max(500).default(''),
});
export type WelcomeSmsSettings = z.output<typeof welcomeSmsSettingsSchema>;

/**
 * Delivery reports a gateway pushes (the SMS capability's "Dispatch": delivered / undelivered where the
 * gateway reports it). Neither BulkSMSBD nor SSL Wireless documents a report API, so the shape is
 * the common webhook one (Infobip's "outbound SMS message report", research/integrations.md §3):
 * up to 100 results, each naming our message id (the csms_id we sent) and a status group.
 */
export const smsDeliveryReportsSchema = z.object({
  results: z
    .array(
      z.object({
        messageId: z.string().min(1).max(100),
        status: z.object({
          groupName: z.string().max(40).describe('DELIVERED, UNDELIVERABLE, EXPIRED, REJECTED or PENDING'),
          description: z.string().max(500).optional(),
        }),
      }),
    )
    .max(100),
});
export type SmsDeliveryReports = z.output<typeof smsDeliveryReportsSchema>;
