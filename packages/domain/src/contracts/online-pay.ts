import { z } from 'zod';
import { billingMonthField } from './fees';
import { requiredText, timestampField } from './fields';
import { bangladeshDayField, moneyRangeQuerySchema } from './money';

// HTTP contracts of online payment: the pay link per student, the parent
// payment portal behind it, the attempts through SSLCommerz and bKash, their result pages and the
// account's merchant settings. Money is whole paisa; times are ms since the epoch.

export const PAYMENT_GATEWAYS = ['sslcommerz', 'bkash'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/**
 * Why an online payment did not go through (spec part 2 §4 "Online payment outcomes"); the
 * failure page shows the reason's text (`PAY_FAIL_<reason>` in the message catalogue).
 */
export const PAYMENT_FAIL_REASONS = [
  'CANCELLED',
  'DECLINED',
  'EXPIRED',
  'UNATTEMPTED',
  'IPN_VALIDATION_FAILED',
] as const;
export type PaymentFailReason = (typeof PAYMENT_FAIL_REASONS)[number];

/**
 * An attempt's life: created → redirected (the payer is at the gateway) → paid | failed |
 * cancelled | expired | needs_review (the gateway took the money but flagged it risky, or it
 * could not be put against the dues: staff decide).
 */
export const ONLINE_PAYMENT_STATUSES = [
  'created',
  'redirected',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'needs_review',
] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

export const ONLINE_PAY = {
  /** After the redirect the payer must finish within 5 minutes (spec part 2 §9). */
  windowMs: 5 * 60_000,
  /** SSLCommerz refuses less than 10 BDT (integrations.md §1.2); bKash takes it too. */
  minimumPaisa: 1_000,
  maximumPaisa: 500_000_00,
  /** Each online payment donates 1 BDT to a cause, per the interface text (spec part 2 §9): a note only. */
  donationPaisa: 100,
  /** Items one attempt may pay. */
  items: 60,
} as const;

const payKeyField = z.string().min(8).max(100).describe("The random key of the student's pay link");
const suidField = z.string().min(1).max(100).describe('The student id of the pay link');

// ── Staff: the pay link of a student ──────────────────────────────────────────────────────────

export const payLinkSchema = z.object({
  url: z.string().describe('PUBLIC_URL/s-pay?key=…&suid=…'),
  shortUrl: z.string().describe('PUBLIC_URL/p/{key}: the same page, short enough for an SMS'),
  key: z.string(),
  studentId: z.string(),
  createdAt: timestampField,
});
export type PayLinkView = z.output<typeof payLinkSchema>;

// ── Public: the parent payment portal (/s-pay) ────────────────────────────────────────────────

export const publicPayQuerySchema = z.object({ key: payKeyField, suid: suidField });

export const payableMonthSchema = z.object({
  month: billingMonthField,
  duePaisa: z.number().int().describe('What this month still owes'),
  chargedPaisa: z.number().int(),
  paidPaisa: z.number().int(),
});

export const payableChargeSchema = z.object({
  chargeId: z.string(),
  classroomId: z.string().nullable(),
  classroomName: z.string().nullable(),
  label: z.string(),
  month: billingMonthField.describe('The month it falls due'),
  duePaisa: z.number().int(),
});

export const publicPayPortalSchema = z.object({
  institution: z.string(),
  logoUrl: z.string().nullable(),
  studentName: z.string(),
  customId: z.string().nullable(),
  /** The account's online payment switch; off: the portal shows the dues without "pay now". */
  onlinePayment: z.boolean(),
  gateways: z.array(z.enum(PAYMENT_GATEWAYS)).describe('Gateways the account has set up and switched on'),
  classrooms: z.array(
    z.object({
      classroomId: z.string(),
      classroomName: z.string(),
      months: z.array(payableMonthSchema).describe('Months still owing, oldest first'),
      subTotalPaisa: z.number().int(),
    }),
  ),
  charges: z.array(payableChargeSchema).describe('Special payments still owing'),
  totalDuePaisa: z.number().int(),
  throughMonth: billingMonthField,
  windowMinutes: z.number().int().describe('Minutes the payer has at the gateway (5)'),
  minimumPaisa: z.number().int().describe('The least one online payment can be'),
  donationPaisa: z.number().int().describe('The 1 BDT donation the interface mentions'),
});
export type PublicPayPortal = z.output<typeof publicPayPortalSchema>;

/** A month or a special payment the parent ticks; each is paid in full (what it still owes). */
export const payItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('month'), classroomId: z.string().min(1), month: billingMonthField }),
  z.object({ kind: z.literal('charge'), chargeId: z.string().min(1) }),
]);
export type PayItem = z.output<typeof payItemSchema>;

export const payStartSchema = z.object({
  key: payKeyField,
  suid: suidField,
  gateway: z.enum(PAYMENT_GATEWAYS),
  items: z.array(payItemSchema).min(1).max(ONLINE_PAY.items),
});
export type PayStartInput = z.input<typeof payStartSchema>;

export const payStartResultSchema = z.object({
  tranId: z.string().describe("The attempt's transaction id, shown on the result pages"),
  redirectUrl: z.string().describe("The gateway's page: send the browser there"),
  amountPaisa: z.number().int(),
  expiresAt: timestampField.describe('The gateway page must be finished by then'),
});

/**
 * Where the gateway's redirect finally sends the browser: `/paymentsuccess?tran=…` or
 * `/paymentfail?tran=…&reason=…` (a bKash callback that cannot be read: `/bkash-payment-error`).
 * The pages read the attempt by its transaction id.
 */
export const payResultParams = z.object({ tranId: z.string().min(1).max(64) });

export const payAttemptPublicSchema = z.object({
  tranId: z.string().describe('Our transaction id: the payment ID the success page shows'),
  status: z
    .enum(ONLINE_PAYMENT_STATUSES)
    .describe(
      'paid: show the receipt; needs_review: the money was taken and the institution confirms it; created/redirected: the gateway has not answered yet (ask again in a few seconds); failed/cancelled/expired: show `reason`',
    ),
  reason: z.enum(PAYMENT_FAIL_REASONS).nullable(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  amountPaisa: z.number().int(),
  institution: z.string(),
  studentName: z.string(),
  createdAt: timestampField,
  paidAt: timestampField.nullable(),
  gatewayTransactionId: z
    .string()
    .nullable()
    .describe("The gateway's own id once paid (SSLCommerz bank_tran_id, bKash trxID)"),
  receiptNo: z.number().int().nullable(),
  receiptLink: z.string().nullable().describe('/student-payment-receipt?key=… once recorded'),
  payLink: z.string().describe('/s-pay?key=…&suid=… to try again'),
  returnPath: z
    .string()
    .nullable()
    .optional()
    .describe("Started from the family portal: the portal's fees page to go back to (else null)"),
});
export type PayAttemptPublic = z.output<typeof payAttemptPublicSchema>;

// ── Staff: attempts of the account ────────────────────────────────────────────────────────────

export const onlinePaymentSchema = z.object({
  id: z.string(),
  tranId: z.string(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  gatewayPaymentId: z.string().nullable().describe('bKash paymentID / SSLCommerz sessionkey'),
  gatewayTransactionId: z.string().nullable(),
  studentId: z.string(),
  studentName: z.string(),
  amountPaisa: z.number().int(),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  reason: z.enum(PAYMENT_FAIL_REASONS).nullable(),
  note: z.string().describe('Why it needs review, or what went wrong'),
  paymentId: z.string().nullable().describe('The recorded payment once paid'),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type OnlinePaymentView = z.output<typeof onlinePaymentSchema>;

export const onlinePaymentListQuerySchema = z.object({
  status: z.enum(ONLINE_PAYMENT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const onlinePaymentListSchema = z.object({ items: z.array(onlinePaymentSchema) });

/** A payment held for review: record it (the money was taken) or turn it down (refund at the gateway). */
export const onlinePaymentReviewSchema = z.object({
  decision: z.enum(['record', 'reject']),
  note: z.string().trim().max(500).default(''),
});

/**
 * Money given back through the gateway (SSLCommerz refund API, bKash refund), then recorded as a
 * refund receipt of the payment (fees `paymentSchema`, negative amount).
 */
export const onlinePaymentRefundSchema = z.object({
  amountPaisa: z.number().int().positive().max(ONLINE_PAY.maximumPaisa),
  reason: requiredText('FEE_REASON_REQUIRED').pipe(z.string().max(255)),
});

// ── Owner/admin: the account's merchant settings ──────────────────────────────────────────────

export const GATEWAY_MODES = ['sandbox', 'live'] as const;

/** A credential as the browser may see it: whether it is set and, for ids, its last characters. */
export const maskedFieldSchema = z.object({
  set: z.boolean(),
  hint: z.string().nullable().describe('Last characters of an id; always null for secrets'),
});

export const merchantSettingsSchema = z.object({
  onlinePayment: z.boolean().describe('Parents can pay online through the pay link'),
  sslcommerz: z.object({
    enabled: z.boolean(),
    mode: z.enum(GATEWAY_MODES),
    ready: z.boolean().describe('Enabled and every credential set'),
    storeId: maskedFieldSchema,
    storePassword: maskedFieldSchema,
  }),
  bkash: z.object({
    enabled: z.boolean(),
    mode: z.enum(GATEWAY_MODES),
    ready: z.boolean(),
    appKey: maskedFieldSchema,
    appSecret: maskedFieldSchema,
    username: maskedFieldSchema,
    password: maskedFieldSchema,
  }),
  updatedAt: timestampField.nullable(),
});
export type MerchantSettingsView = z.output<typeof merchantSettingsSchema>;

/** A credential to change: absent keeps it, empty clears it, text replaces it. */
const credential = z.string().trim().max(200).optional();

export const merchantSettingsInputSchema = z.object({
  onlinePayment: z.boolean().optional(),
  sslcommerz: z
    .object({
      enabled: z.boolean().optional(),
      mode: z.enum(GATEWAY_MODES).optional(),
      storeId: credential,
      storePassword: credential,
    })
    .optional(),
  bkash: z
    .object({
      enabled: z.boolean().optional(),
      mode: z.enum(GATEWAY_MODES).optional(),
      appKey: credential,
      appSecret: credential,
      username: credential,
      password: credential,
    })
    .optional(),
});
export type MerchantSettingsInput = z.input<typeof merchantSettingsInputSchema>;

/** The form body SSLCommerz POSTs to the IPN and the success/fail/cancel URLs (all text fields). */
export const gatewayFormSchema = z.record(z.string(), z.string());

export const bkashCallbackQuerySchema = z.object({
  paymentID: z.string().max(100).optional(),
  status: z.string().max(40).optional(),
  signature: z.string().max(500).optional(),
  apiVersion: z.string().max(40).optional(),
});

// ── Platform staff: what each account took online (/Online-Pay-Balances-Of-Account) ────────────

export const onlinePayBalancesQuerySchema = moneyRangeQuerySchema;

export const onlinePayBalanceSchema = z.object({
  accountId: z.string(),
  institution: z.string(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  payments: z.number().int().describe('Online payments recorded in the period'),
  collectedPaisa: z.number().int().describe('What families paid through the gateway'),
  refundedPaisa: z.number().int().describe('Given back of those payments through the gateway'),
  feePaisa: z.number().int().describe('What the gateway says it kept (SSLCommerz store_amount)'),
  feeUnreported: z.number().int().describe('Payments whose fee the gateway does not report (bKash)'),
  netPaisa: z
    .number()
    .int()
    .describe('Collected − refunded − reported fees: what the gateway owes the merchant for the period'),
  lastPaidAt: timestampField,
});

export const onlinePayBalancesSchema = z.object({
  from: bangladeshDayField,
  to: bangladeshDayField,
  rows: z.array(onlinePayBalanceSchema),
});
export type OnlinePayBalances = z.output<typeof onlinePayBalancesSchema>;
