import { z } from 'zod';
import { daysInRange, isBangladeshDay } from '../money/days';
import { MONEY_ENTRY_KINDS } from '../money/ledger';
import { paisaField } from './classroom';
import { billingMonthField } from './fees';
import { timestampField } from './fields';

// HTTP contracts of the money manager (spec part 2 §2 "Money manager", §3
// "Financial summary"). Money is whole paisa; days are Bangladesh days `YYYY-MM-DD`.

/** Bounds the spec does not set: a range of at most ten years, short texts. */
export const MONEY_LIMITS = { rangeDays: 3_660, category: 60, note: 500 } as const;

export const bangladeshDayField = z
  .string()
  .refine(isBangladeshDay, 'must be a day written YYYY-MM-DD')
  .describe('A day in Bangladesh time, YYYY-MM-DD');

const rangeShape = { from: bangladeshDayField, to: bangladeshDayField };
const rangeRule = (range: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const days = daysInRange(range.from, range.to);
  if (days === 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (days > MONEY_LIMITS.rangeDays)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${MONEY_LIMITS.rangeDays} days` });
};

/** A range of days, both included (Today is `from = to = today`). */
export const moneyRangeQuerySchema = z.object(rangeShape).superRefine(rangeRule);
export type MoneyRangeQuery = z.output<typeof moneyRangeQuerySchema>;

export const moneyEntryKindField = z.enum(MONEY_ENTRY_KINDS);

/** A manual income or expense entry, as typed into the add dialog. */
export const moneyEntryInputSchema = z.object({
  kind: moneyEntryKindField,
  category: z
    .string()
    .trim()
    .min(1, 'Please choose a category.')
    .max(MONEY_LIMITS.category)
    .describe('A built-in category key (rent, salaries…) or the account’s own'),
  amountPaisa: paisaField.refine((n) => n > 0, 'must be more than 0'),
  day: bangladeshDayField.describe('The day the money came in or went out; never after today'),
  note: z.string().trim().max(MONEY_LIMITS.note).default(''),
});
export type MoneyEntryInput = z.input<typeof moneyEntryInputSchema>;
export type MoneyEntrySave = z.output<typeof moneyEntryInputSchema>;

export const moneyEntrySchema = z.object({
  id: z.string(),
  kind: moneyEntryKindField,
  category: z.string(),
  amountPaisa: z.number().int(),
  day: bangladeshDayField,
  note: z.string(),
  createdAt: timestampField,
  createdBy: z.string().nullable(),
  updatedAt: timestampField.nullable(),
  updatedBy: z.string().nullable(),
});
export type MoneyEntryView = z.output<typeof moneyEntrySchema>;

export const moneySummarySchema = z.object({
  totalIncomePaisa: z.number().int().describe('Payments collected (net of voids) plus manual income'),
  totalExpensePaisa: z.number().int(),
  netProfitPaisa: z.number().int().describe('Net income less expenses'),
  totalCollectedPaisa: z.number().int(),
  totalRefundedPaisa: z.number().int(),
  totalWaivedPaisa: z.number().int().describe('Fees forgiven by waivers and discounts granted in the range'),
  netIncomePaisa: z.number().int().describe('Total income less refunds'),
  manualIncomePaisa: z.number().int(),
  tuitionPaisa: z.number().int().describe('Net of refunds, paid against monthly fees'),
  otherFeesPaisa: z.number().int().describe('Net of refunds, paid against special payments'),
});

const bucketSchema = z.object({
  key: z.string().describe('A day YYYY-MM-DD, or a month YYYY-MM in a series by month'),
  incomePaisa: z.number().int().describe('Collected less refunded, plus manual income'),
  expensePaisa: z.number().int(),
  netPaisa: z.number().int(),
});

/** The summary and the daily breakdown of a range. */
export const moneyReportSchema = z.object({
  from: bangladeshDayField,
  to: bangladeshDayField,
  summary: moneySummarySchema,
  days: z.array(bucketSchema).describe('One row per day of the range, oldest first'),
  categories: z
    .array(z.object({ kind: moneyEntryKindField, category: z.string(), paisa: z.number().int() }))
    .describe('Manual entries summed per category, largest first (business insights)'),
});
export type MoneyReport = z.output<typeof moneyReportSchema>;

/** Income and expense over time for the charts: by day up to 62 days, else by month. */
export const moneySeriesSchema = z.object({
  unit: z.enum(['day', 'month']),
  points: z.array(bucketSchema),
});
export type MoneySeries = z.output<typeof moneySeriesSchema>;

export const MONEY_TRANSACTION_KINDS = ['payment', 'refund', 'income', 'expense'] as const;
export type MoneyTransactionKind = (typeof MONEY_TRANSACTION_KINDS)[number];

export const moneyTransactionsQuerySchema = z
  .object({
    ...rangeShape,
    kind: z.enum(['all', ...MONEY_TRANSACTION_KINDS]).default('all'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .superRefine(rangeRule);
export type MoneyTransactionsQuery = z.input<typeof moneyTransactionsQuerySchema>;

export const moneyTransactionSchema = z.object({
  id: z.string().describe('The payment or the entry'),
  kind: z.enum(MONEY_TRANSACTION_KINDS),
  at: timestampField,
  amountPaisa: z.number().int().describe('Always positive; the kind says which way it went'),
  label: z.string().describe("The student's name, or the entry's category"),
  receiptNo: z.number().int().nullable(),
  method: z.string().nullable(),
  note: z.string(),
  by: z.string().nullable().describe('Who recorded it'),
  voided: z.boolean().describe('A voided payment counts for nothing'),
  entry: moneyEntrySchema.nullable().describe('The manual entry, for editing'),
});
export type MoneyTransaction = z.output<typeof moneyTransactionSchema>;

export const moneyTransactionPageSchema = z.object({
  items: z.array(moneyTransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const moneyOverviewSchema = z.object({
  classrooms: z.number().int().describe('Classrooms not closed'),
  students: z.number().int().describe('Students not archived'),
});

export const moneyCollectionQuerySchema = z.object({ month: billingMonthField });

export const moneyCollectionSchema = z.object({
  month: billingMonthField,
  classrooms: z.array(
    z.object({
      classroomId: z.string(),
      name: z.string(),
      students: z.number().int(),
      billedPaisa: z.number().int(),
      collectedPaisa: z.number().int(),
      rate: z.number().nullable().describe('Collected ÷ billed, 0 to 1; null when nothing was billed'),
    }),
  ),
});
export type MoneyCollection = z.output<typeof moneyCollectionSchema>;

export const moneyCategoriesSchema = z.object({
  income: z.array(z.string()),
  expense: z.array(z.string()),
});
