import { z } from 'zod';
import { SUSPICIOUS_FLAG_KINDS } from '../insight/suspicious';
import { daysInRange } from '../money/days';
import { bangladeshDayField } from './money';

// The activity summary (`/activity-log-summary`): the activity log (spec part 2 §3 "Activity log
// entry") counted by event and day, with the suspicious-traffic flags (part 2 §7).

/** A range of at most a year of days. */
export const ACTIVITY_SUMMARY_MAX_DAYS = 366;
/** Accounts listed by their activity in a staff summary. */
export const ACTIVITY_SUMMARY_TOP_ACCOUNTS = 20;

const rangeRule = (range: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const days = daysInRange(range.from, range.to);
  if (days === 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (days > ACTIVITY_SUMMARY_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${ACTIVITY_SUMMARY_MAX_DAYS} days` });
};

const filters = {
  from: bangladeshDayField,
  to: bangladeshDayField,
  event: z.string().trim().max(80).optional().describe('Only this event name'),
};

export const activitySummaryQuerySchema = z.object(filters).superRefine(rangeRule);
export const staffActivitySummaryQuerySchema = z
  .object({ ...filters, accountId: z.string().trim().max(40).optional().describe('Only this account') })
  .superRefine(rangeRule);
export type ActivitySummaryQuery = z.output<typeof staffActivitySummaryQuerySchema>;

export const activitySummarySchema = z.object({
  from: bangladeshDayField,
  to: bangladeshDayField,
  total: z.number().int(),
  /** Every day of the range, zero where nothing happened. */
  days: z.array(z.object({ day: bangladeshDayField, count: z.number().int() })),
  events: z.array(z.object({ eventName: z.string(), count: z.number().int() })).describe('Most first'),
  cells: z
    .array(z.object({ day: bangladeshDayField, eventName: z.string(), count: z.number().int() }))
    .describe('Counts by event and day (days with none left out)'),
  /** Every event name of the range whatever the event filter, for the filter's choices. */
  eventNames: z.array(z.string()),
  accounts: z
    .array(z.object({ accountId: z.string(), institution: z.string(), count: z.number().int() }))
    .describe('The busiest accounts of the range (staff; an owner sees their team)'),
  flags: z.array(
    z.object({
      accountId: z.string(),
      institution: z.string(),
      kind: z.enum(SUSPICIOUS_FLAG_KINDS),
      day: bangladeshDayField.nullable(),
      value: z.number(),
      limit: z.number(),
    }),
  ),
});
export type ActivitySummary = z.output<typeof activitySummarySchema>;
