import { z } from 'zod';
import { accountSummarySchema } from './accounts';
import { requiredText } from './fields';
import { planIdSchema } from './plans';

// The staff console (`/Batchwise-Staff-Admin`, `/account-labeler`) and maintenance mode
// (`/under-maintenance`): what platform staff read and do across accounts.

/** Why staff act: required, kept in the activity log with the action. */
export const staffReasonField = requiredText('STAFF_REASON_REQUIRED')
  .pipe(z.string().max(500))
  .describe('Why (kept in the activity log)');

export const labelSchema = z.object({ id: z.string(), name: z.string() });
export type AccountLabel = z.output<typeof labelSchema>;

export const staffAccountSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .default('')
    .describe('E-mail, phone (any Bangladeshi form), institution, account or user id, or referral code'),
  labelId: z.string().max(40).optional().describe('Only accounts with this label'),
});

export const staffAccountRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['Teacher', 'Admin']),
  institution: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string().nullable(),
  ownerPhone: z.string().nullable(),
  referralCode: z.string(),
  planId: planIdSchema,
  planEndsAt: z.number().nullable(),
  suspended: z.boolean(),
  labels: z.array(labelSchema),
  createdAt: z.number(),
});
export type StaffAccountRow = z.output<typeof staffAccountRowSchema>;

export const staffAccountSearchSchema = z.object({
  accounts: z.array(staffAccountRowSchema).describe('At most 50, newest first'),
});

export const accountSuspensionSchema = z.object({
  reason: z.string(),
  suspendedAt: z.number(),
  suspendedBy: z.string().describe('Name of the staff member'),
});

export const staffAccountDetailSchema = staffAccountRowSchema.extend({
  ownerId: z.string(),
  planDiscountPercent: z.number(),
  suspension: accountSuspensionSchema.nullable(),
  usage: z.object({
    students: z.number(),
    classrooms: z.number().describe('Open classrooms'),
    smsSent: z.number().describe('SMS messages sent from the account (all time)'),
    smsBalance: z.number(),
    onlinePayments: z.number().describe('Paid online payments'),
    onlinePaidPaisa: z.number().describe('What they brought in, in paisa'),
  }),
  team: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      role: z.enum(['owner', 'teacher', 'admin', 'assistant']),
    }),
  ),
  devices: z.array(
    z.object({
      userName: z.string(),
      userAgent: z.string().nullable(),
      lastSeenAt: z.number(),
    }),
  ),
  activity: accountSummarySchema.shape.recentActivity,
  errors: z
    .array(
      z.object({
        method: z.string(),
        route: z.string().describe('The route pattern, e.g. /api/accounts/:accountId/students'),
        status: z.number().int(),
        code: z.string().nullable(),
        errorName: z.string(),
        count: z.number().int(),
        firstAt: z.number(),
        lastAt: z.number(),
      }),
    )
    .describe("Server errors (5xx) of the account's routes, grouped as the error reports are; newest first"),
});
export type StaffAccountDetail = z.output<typeof staffAccountDetailSchema>;

export const suspensionChangeSchema = z.object({
  suspended: z.boolean().describe('true: suspend; false: restore'),
  reason: staffReasonField,
});
export type SuspensionChange = z.input<typeof suspensionChangeSchema>;

export const labelInputSchema = z.object({
  name: requiredText('LABEL_NAME_REQUIRED')
    .pipe(z.string().max(40))
    .describe('e.g. pilot, reseller, at risk'),
});

export const labelListSchema = z.object({
  labels: z.array(labelSchema.extend({ accounts: z.number().describe('Accounts carrying it') })),
});
export type LabelList = z.output<typeof labelListSchema>;

export const maintenanceChangeSchema = z.discriminatedUnion('on', [
  z.object({
    on: z.literal(true),
    message: requiredText('MAINTENANCE_MESSAGE_REQUIRED')
      .pipe(z.string().max(300))
      .describe('What signed-in users see'),
  }),
  z.object({ on: z.literal(false) }),
]);
export type MaintenanceChange = z.input<typeof maintenanceChangeSchema>;

/** Retry-After of a write refused for maintenance (seconds): a guess the staff's message may refine. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;
