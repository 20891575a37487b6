import { z } from 'zod';
import { timestampField } from './fields';
import { PAYMENT_GATEWAYS } from './online-pay';
import { planIdSchema } from './plans';

// Paying the platform (plans/billing.ts): an owner's billing page, purchases and their receipts,
// staff grants, extensions and discounts, and the billing settings staff edit.

const count = (max: number) => z.number().int().min(1).max(max);

export const billingSettingsSchema = z.object({
  graceDays: z.number().int().min(0).max(90),
  reminderDays: z.number().int().min(1).max(60),
  minimumBilledStudents: z.number().int().min(0).max(100_000),
  periods: z.array(count(36)).min(1).max(12),
  smsPacks: z.array(count(10_000_000)).min(1).max(12),
  smsPricePaisa: z.number().int().min(1).max(100_000).describe('paisa per SMS in a pack'),
});

const quoteSchema = z.object({
  listPaisa: z.number().int(),
  discountPaisa: z.number().int(),
  amountPaisa: z.number().int(),
});

export const purchaseStatusSchema = z.enum([
  'created',
  'redirected',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'needs_review',
]);

export const purchaseSchema = z.object({
  id: z.string(),
  tranId: z.string(),
  kind: z.enum(['plan', 'sms']),
  planId: planIdSchema.nullable(),
  months: z.number().int().nullable(),
  smsCount: z.number().int().nullable(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  amountPaisa: z.number().int(),
  discountPaisa: z.number().int(),
  status: purchaseStatusSchema,
  gatewayTransactionId: z.string().nullable(),
  /** A plan purchase once paid: the plan's end date it set. */
  planEndsAt: timestampField.nullable(),
  createdAt: timestampField,
  paidAt: timestampField.nullable(),
});
export type PurchaseView = z.output<typeof purchaseSchema>;

/** A receipt: the purchase, and who it was for. */
export const purchaseReceiptSchema = purchaseSchema.extend({
  institution: z.string(),
  ownerName: z.string(),
});
export type PurchaseReceipt = z.output<typeof purchaseReceiptSchema>;

export const billingViewSchema = z.object({
  planId: planIdSchema.describe("the account's plan"),
  inForce: planIdSchema.describe('the plan whose limits apply now (Lite once a paid plan has ended)'),
  endsAt: timestampField.nullable(),
  /** The end date plus the grace period: the plan's limits hold until then. */
  graceEndsAt: timestampField.nullable(),
  discountPercent: z.number().int(),
  students: z.number().int(),
  gateways: z.array(z.enum(PAYMENT_GATEWAYS)),
  settings: billingSettingsSchema,
  /** What each plan on sale costs for each period now. */
  planQuotes: z.array(z.object({ planId: planIdSchema, months: z.number().int(), quote: quoteSchema })),
  smsQuotes: z.array(z.object({ count: z.number().int(), quote: quoteSchema })),
  purchases: z.array(purchaseSchema),
});
export type BillingView = z.output<typeof billingViewSchema>;

export const purchaseStartSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('plan'),
    planId: planIdSchema,
    months: count(36),
    gateway: z.enum(PAYMENT_GATEWAYS),
  }),
  z.object({ kind: z.literal('sms'), count: count(10_000_000), gateway: z.enum(PAYMENT_GATEWAYS) }),
]);
export type PurchaseStart = z.output<typeof purchaseStartSchema>;

export const purchaseStartedSchema = z.object({
  tranId: z.string(),
  redirectUrl: z.string(),
  amountPaisa: z.number().int(),
});

/** Staff change an account's plan, with a reason for the ledger. */
export const planAdjustmentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('grant'),
    planId: planIdSchema,
    months: count(120),
    reason: z.string().trim().min(3).max(500),
  }),
  z.object({ kind: z.literal('extend'), days: count(3650), reason: z.string().trim().min(3).max(500) }),
  z.object({
    kind: z.literal('discount'),
    percent: z.number().int().min(0).max(100),
    reason: z.string().trim().min(3).max(500),
  }),
]);
export type PlanAdjustment = z.output<typeof planAdjustmentSchema>;

export const planLedgerSchema = z.object({
  planId: planIdSchema,
  endsAt: timestampField.nullable(),
  discountPercent: z.number().int(),
  entries: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['purchase', 'grant', 'extend', 'discount']),
      planId: planIdSchema,
      endsBefore: timestampField.nullable(),
      endsAfter: timestampField.nullable(),
      discountPercent: z.number().int().nullable(),
      actorName: z.string().nullable(),
      reason: z.string(),
      createdAt: timestampField,
    }),
  ),
});
export type PlanLedgerView = z.output<typeof planLedgerSchema>;
