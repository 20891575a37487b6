// Online assignments (DESIGN.md §1 "Schedule and online classes"): the rules that decide whether a
// submission is late, whether one may still be made, and where each student stands. Pure: the
// server and the web both read them.

import { type BangladeshDay, dayOf, dayStartMs } from '../money/days';

/** Limits of an assignment and of a submission. */
export const ASSIGNMENT_LIMITS = {
  title: 150,
  instructions: 5000,
  classrooms: 20,
  maxFullMarks: 1000,
  submissionText: 10_000,
  comment: 1000,
  fileName: 150,
} as const;

/** Where one student stands on one assignment. */
export type SubmissionStatus = 'pending' | 'missing' | 'submitted' | 'late' | 'marked';

export const SUBMISSION_STATUSES = ['pending', 'missing', 'submitted', 'late', 'marked'] as const;

/** A submission is late when made after the due time; on the due millisecond it is on time. */
export function isLate(dueAt: number, submittedAt: number): boolean {
  return submittedAt > dueAt;
}

export interface SubmissionFacts {
  submittedAt: number;
  marks: number | null;
}

/**
 * Marked once the teacher gave marks; otherwise late or submitted by when it came in; without a
 * submission, pending until the due time and missing after it.
 */
export function submissionStatus(
  dueAt: number,
  now: number,
  submission: SubmissionFacts | null,
): SubmissionStatus {
  if (!submission) return now > dueAt ? 'missing' : 'pending';
  if (submission.marks !== null) return 'marked';
  return isLate(dueAt, submission.submittedAt) ? 'late' : 'submitted';
}

export type SubmitRefusal = 'ASSIGNMENT_CLOSED' | 'ASSIGNMENT_ALREADY_MARKED';

/**
 * Whether a student may submit (or resubmit) now. Late work is accepted unless the teacher closed
 * late submissions; a resubmission replaces the earlier one until the teacher has marked it.
 */
export function submitRefusal(
  assignment: { dueAt: number; acceptLate: boolean },
  now: number,
  existing: SubmissionFacts | null,
): SubmitRefusal | null {
  if (existing && existing.marks !== null) return 'ASSIGNMENT_ALREADY_MARKED';
  if (!assignment.acceptLate && isLate(assignment.dueAt, now)) return 'ASSIGNMENT_CLOSED';
  return null;
}

/** Counts of a class's statuses, for the teacher's list. */
export function statusCounts(statuses: readonly SubmissionStatus[]): Record<SubmissionStatus, number> {
  const counts = { pending: 0, missing: 0, submitted: 0, late: 0, marked: 0 };
  for (const s of statuses) counts[s] += 1;
  return counts;
}

/** A due time picked as a Bangladesh day and wall clock ("HH:mm"), as ms since the epoch. */
export function dueAtOf(day: BangladeshDay, time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return dayStartMs(day) + hours * 3_600_000 + minutes * 60_000;
}

/** The Bangladesh day and wall clock ("HH:mm") of a due time, to fill the pickers again. */
export function dueTimeParts(dueAt: number): { day: BangladeshDay; time: string } {
  const day = dayOf(dueAt);
  const minutes = Math.floor((dueAt - dayStartMs(day)) / 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day, time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
}
