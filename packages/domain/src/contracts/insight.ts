import { z } from 'zod';
import { isBillingMonth, monthsFrom } from '../fees/months';
import { INSIGHT_MAX_MONTHS } from '../insight/insight';
import { billingMonthField } from './fees';

// Business insight (`/business-insight`): monthly series for staff (the platform) and for an
// owner (their institution). Money is whole paisa; months are Bangladesh months `YYYY-MM`.

export const insightQuerySchema = z
  .object({ from: billingMonthField, to: billingMonthField })
  .superRefine((range, ctx) => {
    // The object's checks run even when a field failed its own: compare only two real months.
    if (!isBillingMonth(range.from) || !isBillingMonth(range.to)) return;
    if (range.to < range.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (monthsFrom(range.from, range.to).length > INSIGHT_MAX_MONTHS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${INSIGHT_MAX_MONTHS} months` });
  });
export type InsightQuery = z.output<typeof insightQuerySchema>;

const count = z.number().int();
const paisa = z.number().int();

export const platformInsightPointSchema = z.object({
  month: billingMonthField,
  signedUp: count.describe('Institution accounts created that month'),
  active: count.describe('Accounts with any activity-log entry that month'),
  paying: count.describe('Accounts that paid the platform (plan or SMS pack) that month'),
  churned: count.describe('Accounts whose paid plan ended that month and was not renewed'),
  students: count.describe('Students on the platform at the month’s end (not archived)'),
  smsSent: count.describe('SMS parts sent that month'),
  smsRevenuePaisa: paisa.describe('SMS packs sold that month'),
  onlineVolumePaisa: paisa.describe('Online fee payments completed that month'),
  onlineFeePaisa: paisa.describe('What the gateways kept of them, where reported'),
});
export type PlatformInsightPoint = z.output<typeof platformInsightPointSchema>;

export const platformInsightSchema = z.object({
  from: billingMonthField,
  to: billingMonthField,
  points: z.array(platformInsightPointSchema),
  totals: z.object({
    accounts: count,
    students: count,
    payingAccounts: count.describe('Accounts on a paid plan that has not ended'),
  }),
});
export type PlatformInsight = z.output<typeof platformInsightSchema>;

export const accountInsightPointSchema = z.object({
  month: billingMonthField,
  studentsIn: count.describe('Students added that month'),
  studentsOut: count.describe('Students archived that month'),
  billedPaisa: paisa,
  collectedPaisa: paisa,
  collectionRate: z.number().nullable().describe('Collected ÷ billed, 0 to 1; null when nothing was billed'),
  attendancePercent: z.number().nullable().describe('Attended of the marks that count; null: no marks'),
  smsSent: count,
  smsSpendPaisa: paisa,
});
export type AccountInsightPoint = z.output<typeof accountInsightPointSchema>;

export const accountInsightSchema = z.object({
  from: billingMonthField,
  to: billingMonthField,
  points: z.array(accountInsightPointSchema),
  collection: z.object({
    billedPaisa: paisa,
    collectedPaisa: paisa,
    rate: z
      .number()
      .nullable()
      .describe('The range’s collection rate: collected ÷ billed over all its months'),
  }),
  students: count.describe('Students now (not archived)'),
});
export type AccountInsight = z.output<typeof accountInsightSchema>;
