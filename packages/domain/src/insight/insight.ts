import { attendancePercent } from '../attendance/summary';
import { collectionRate } from '../money/ledger';

// Business insight (the running-the-platform capability): the owner's institution figures and the
// platform's, each a monthly series. Rules here, SQL sums in the server.

/** A range of insight is at most two years of months: charts stay readable, queries bounded. */
export const INSIGHT_MAX_MONTHS = 24;

export interface CollectionTotals {
  /** What the months' fees and classroom charges asked, after waivers and discounts (dues rules). */
  readonly billedPaisa: number;
  /** What has been paid of it; an overpayment counts only up to what was billed. */
  readonly collectedPaisa: number;
  /** Collected ÷ billed (0 to 1), or null when nothing was billed. */
  readonly rate: number | null;
}

/**
 * An institution's collection rate: what it collected of what was due, over its classrooms (and
 * months). Each part is the money manager's per-classroom collection (money/ledger.ts
 * `classroomCollection`), which applies the fees dues rules; this adds them up, so a large
 * classroom weighs more than a small one (the rate of the money, not an average of rates).
 */
export function institutionCollection(
  parts: readonly { billedPaisa: number; collectedPaisa: number }[],
): CollectionTotals {
  let billedPaisa = 0;
  let collectedPaisa = 0;
  for (const part of parts) {
    billedPaisa += part.billedPaisa;
    collectedPaisa += Math.min(part.collectedPaisa, part.billedPaisa);
  }
  return { billedPaisa, collectedPaisa, rate: collectionRate(collectedPaisa, billedPaisa) };
}

/**
 * The attendance trend's point for a month: attended (present + late) of the marks that count
 * (approved leave does not), in percent like the report card's; null when nobody was marked.
 */
export function attendanceTrendPercent(marks: {
  present: number;
  late: number;
  absent: number;
}): number | null {
  const attended = marks.present + marks.late;
  return attendancePercent(attended, attended + marks.absent);
}
