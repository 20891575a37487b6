import { z } from 'zod';
import { ADJUSTMENT_KINDS } from '../fees/dues';
import { INTERFACE_LANGUAGES } from '../text/languages';
import { paisaField } from './classroom';
import { requiredText, timestampField } from './fields';

// HTTP contracts of fees and counter collection. Money is whole paisa;
// months are YYYY-MM in Bangladesh time (fees/months.ts).

export const billingMonthField = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .describe('Billing month, YYYY-MM');

/** How money was taken at the counter (online payments come through the gateways). */
export const COUNTER_METHODS = ['cash', 'bkash', 'nagad', 'bank', 'card'] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];

/**
 * Bounds the spec does not set: one receipt covers at most a few years of months and items, and
 * a payment may go at most a year ahead.
 */
export const FEES_LIMITS = { allocations: 60, monthsAhead: 12, text: 500 } as const;

export const dueLineSchema = z.object({
  kind: z.enum(['month', 'charge']),
  chargeId: z.string().nullable(),
  classroomId: z.string().nullable(),
  classroomName: z.string().nullable().describe('The classroom of the line, when it has one'),
  month: billingMonthField,
  label: z.string().describe("A charge's label; empty for a month's fee"),
  chargedPaisa: z.number().int(),
  reducedPaisa: z.number().int().describe('Taken off by a waiver, discounts or a not-billable mark'),
  paidPaisa: z.number().int(),
  duePaisa: z.number().int(),
  creditPaisa: z.number().int(),
  status: z.enum(['paid', 'partial', 'due', 'waived', 'not-billable']),
});

export const duesTotalsSchema = z.object({
  chargedPaisa: z.number().int(),
  reducedPaisa: z.number().int(),
  paidPaisa: z.number().int(),
  duePaisa: z.number().int(),
  creditPaisa: z.number().int(),
  oldestDueMonth: billingMonthField.nullable(),
});

export const studentDuesQuerySchema = z.object({
  through: billingMonthField
    .optional()
    .describe('Count months as owed up to this one (this month by default); later ones show when paid'),
});

export const studentDuesSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  customId: z.string().nullable(),
  throughMonth: billingMonthField,
  lines: z.array(dueLineSchema).describe('Oldest first; a month before the charges of that month'),
  totals: duesTotalsSchema,
});
export type StudentDuesView = z.output<typeof studentDuesSchema>;

/** The account's dues list: who owes what, defaulters first. */
export const duesListQuerySchema = z.object({
  classroomId: z.string().min(1).optional().describe('Only students of this classroom'),
  q: z.string().trim().max(100).optional().describe('Part of the name, phone or student ID'),
  onlyDue: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe('Only students who owe something'),
  through: billingMonthField.optional().describe('Count months up to this one (this month by default)'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type DuesListQuery = z.output<typeof duesListQuerySchema>;

export const duesListSchema = z.object({
  throughMonth: billingMonthField,
  items: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      customId: z.string().nullable(),
      phone: z.string(),
      totals: duesTotalsSchema,
    }),
  ),
  total: z.number().int().describe('Students listed across all pages'),
  sumDuePaisa: z.number().int().describe('What the listed students owe together'),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const positivePaisa = paisaField.refine((n) => n > 0, 'must be more than 0');

export const allocationInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('month'),
    classroomId: z.string().min(1),
    month: billingMonthField,
    amountPaisa: positivePaisa,
  }),
  z.object({ kind: z.literal('charge'), chargeId: z.string().min(1), amountPaisa: positivePaisa }),
]);

/** Money taken at the counter for one student, put against the months and items it pays. */
export const counterPaymentSchema = z.object({
  method: z.enum(COUNTER_METHODS),
  reference: z
    .string()
    .trim()
    .max(100)
    .default('')
    .describe('bKash or Nagad number, bank slip or card approval code'),
  note: z.string().trim().max(FEES_LIMITS.text).default(''),
  receivedAt: timestampField.optional().describe('When the money was received (now by default; never later)'),
  requestKey: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .optional()
    .describe(
      'Made once per payment by the form: sent again (a retry, a second tap) it returns the first payment',
    ),
  allocations: z
    .array(allocationInputSchema)
    .min(1)
    .max(FEES_LIMITS.allocations)
    .describe('Each month or item paid and how much of it; each at most what it still owes'),
});
export type CounterPaymentInput = z.input<typeof counterPaymentSchema>;
export type CounterPayment = z.output<typeof counterPaymentSchema>;

export const paymentAllocationSchema = z.object({
  classroomId: z.string().nullable(),
  classroomName: z.string().nullable(),
  month: billingMonthField.nullable(),
  chargeId: z.string().nullable(),
  label: z.string().describe("The charge's label; empty for a month's fee"),
  amountPaisa: z.number().int(),
});

export const paymentSchema = z.object({
  id: z.string(),
  receiptNo: z.number().int().describe('Per account, from 1, without gaps'),
  studentId: z.string(),
  studentName: z.string(),
  method: z.string(),
  reference: z.string(),
  amountPaisa: z.number().int().describe('Negative for a refund'),
  note: z.string(),
  receivedAt: timestampField,
  takenBy: z.string().nullable().describe('Who recorded it'),
  refundOf: z.string().nullable().describe('The payment a refund gives money back from'),
  receiptLink: z.string().describe('The public receipt page for the family: /student-payment-receipt?key=…'),
  allocations: z.array(paymentAllocationSchema),
  voided: z
    .object({ at: timestampField, by: z.string().nullable(), reason: z.string() })
    .nullable()
    .describe('Set when the payment was voided: it then counts for nothing but keeps its number'),
});
export type PaymentView = z.output<typeof paymentSchema>;

/** What the public receipt link shows: this one payment and whose it is, nothing else. */
export const publicReceiptSchema = z.object({
  institution: z.string(),
  logoUrl: z.string().nullable(),
  receiptNo: z.number().int(),
  studentName: z.string(),
  customId: z.string().nullable(),
  method: z.string(),
  reference: z.string(),
  amountPaisa: z.number().int().describe('Negative for a refund'),
  receivedAt: timestampField,
  takenBy: z.string().nullable(),
  refund: z.boolean(),
  allocations: z.array(
    paymentAllocationSchema.pick({ classroomName: true, month: true, label: true, amountPaisa: true }),
  ),
  voided: z.boolean().describe('A voided receipt counts for nothing; the page says so'),
});
export type PublicReceipt = z.output<typeof publicReceiptSchema>;

export const paymentListSchema = z.object({ payments: z.array(paymentSchema) });

export const paymentVoidSchema = z.object({
  reason: requiredText('FEE_REASON_REQUIRED').pipe(z.string().max(FEES_LIMITS.text)),
});

export const paymentRefundSchema = z.object({
  amountPaisa: positivePaisa.describe('How much is given back, at most what the payment still holds'),
  method: z.enum(COUNTER_METHODS).default('cash'),
  reason: requiredText('FEE_REASON_REQUIRED').pipe(z.string().max(FEES_LIMITS.text)),
});

export const feeAdjustmentInputSchema = z.object({
  classroomId: z.string().min(1),
  month: billingMonthField,
  kind: z.enum(ADJUSTMENT_KINDS),
  amountPaisa: paisaField.default(0).describe('Discounts only: how much is taken off the month'),
  reason: requiredText('FEE_REASON_REQUIRED').pipe(z.string().max(FEES_LIMITS.text)),
});
export type FeeAdjustmentInput = z.input<typeof feeAdjustmentInputSchema>;

export const feeAdjustmentSchema = z.object({
  id: z.string(),
  classroomId: z.string(),
  month: billingMonthField,
  kind: z.enum(ADJUSTMENT_KINDS),
  amountPaisa: z.number().int(),
  reason: z.string(),
  createdAt: timestampField,
  createdBy: z.string().nullable(),
});
export const feeAdjustmentListSchema = z.object({ adjustments: z.array(feeAdjustmentSchema) });

/** A special payment for a classroom's students, or for one student when `studentId` is given. */
export const feeChargeInputSchema = z.object({
  classroomId: z.string().min(1).nullable().default(null),
  studentId: z.string().min(1).nullable().default(null),
  label: requiredText('FEE_CHARGE_LABEL_REQUIRED').pipe(z.string().max(100)),
  amountPaisa: positivePaisa,
  dueMonth: billingMonthField,
});
export type FeeChargeInput = z.input<typeof feeChargeInputSchema>;

export const feeChargeSchema = z.object({
  id: z.string(),
  classroomId: z.string().nullable(),
  studentId: z.string().nullable(),
  label: z.string(),
  amountPaisa: z.number().int(),
  dueMonth: billingMonthField,
  createdAt: timestampField,
});
export const feeChargeListSchema = z.object({ charges: z.array(feeChargeSchema) });

/** A receipt texted to the family: to which phone, and the short link the SMS carries. */
export const receiptSmsSchema = z.object({
  phone: z.string(),
  shortUrl: z.string(),
});
export type ReceiptSmsResult = z.output<typeof receiptSmsSchema>;

/** The language the receipt SMS is written in (the sender's interface language). */
export const receiptSmsQuerySchema = z.object({ lang: z.enum(INTERFACE_LANGUAGES).default('en') });
