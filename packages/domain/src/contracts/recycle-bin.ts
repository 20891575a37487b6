import { z } from 'zod';

// The Recycle bin (spec part 1 pricing: "anything deleted by mistake can be restored for 30
// days", the plan feature `data-recovery` and its `recoveryDays` limit). On a plan that includes
// it, a deletion keeps a copy of every row it removes; the account's owner restores it within the
// plan's days, with the same ids, or a daily job purges it.

/**
 * The kinds of deletion the bin keeps: assessments, and archived students deleted for good (with
 * their payments, dues and records). Removing or archiving a student, closing a classroom and
 * voiding a payment keep their rows already, so they never reach the bin.
 */
export const RECYCLE_KINDS = ['assessment', 'student'] as const;
export type RecycleKind = (typeof RECYCLE_KINDS)[number];

export const recycleBinEntrySchema = z.object({
  id: z.string().describe('The entry (not the deleted item)'),
  kind: z.enum(RECYCLE_KINDS).describe('What was deleted'),
  label: z.string().describe("What the item was called, e.g. the assessment's name and term"),
  detail: z
    .string()
    .nullable()
    .describe("Where it lived, e.g. the classroom's name; null when it stood alone"),
  deletedBy: z.string().describe('Name of whoever deleted it, as it was then'),
  deletedAt: z.number().int().describe('ms since the epoch'),
  expiresAt: z
    .number()
    .int()
    .describe('After this (ms since the epoch) the daily job purges it and it can no longer be restored'),
});
export type RecycleBinEntry = z.output<typeof recycleBinEntrySchema>;

export const recycleBinSchema = z.object({
  recoveryDays: z
    .number()
    .int()
    .min(0)
    .describe("Days the account's plan keeps deleted items; 0 when the plan does not include recovery"),
  entries: z
    .array(recycleBinEntrySchema)
    .describe('Newest deletion first; expired ones are left out even before the job purges them'),
});
export type RecycleBin = z.output<typeof recycleBinSchema>;

export const recycleRestoreResultSchema = z.object({
  code: z.literal('RECYCLE_RESTORED'),
  message: z.string().describe('The catalogue text, naming the item'),
  kind: z.enum(RECYCLE_KINDS),
  entityId: z.string().describe("The restored item's id, the same it had before it was deleted"),
});

const DAY_MS = 86_400_000;

/** When an item deleted at `deletedAt` leaves the bin, on a plan keeping deletions `days` days. */
export function recycleExpiresAt(deletedAt: number, days: number): number {
  return deletedAt + days * DAY_MS;
}

/** Whole days an entry has left, counting a part day as a day (0 once expired). */
export function recycleDaysLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / DAY_MS));
}
