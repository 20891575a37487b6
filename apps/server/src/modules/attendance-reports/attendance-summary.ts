import { type AttendanceSummary, attendanceSummary } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AttendanceReportsRepository } from './attendance-reports.repository';

/**
 * The attendance numbers of one student in one classroom between two Bangladesh dates (both
 * included), counted by the domain's rule (packages/domain/src/attendance/summary.ts): what a
 * report card shows (the report cards capability). The caller checks who may read it; this only
 * reads. A classroom with no marks in the range answers `sessions: 0` (the card shows nothing).
 */
export async function studentAttendanceSummary(
  db: Kysely<Database>,
  input: { classroomId: string; studentId: string; from: string; to: string },
): Promise<AttendanceSummary> {
  const repo = new AttendanceReportsRepository(db);
  const held = await repo.heldSessions([input.classroomId], input.from, input.to);
  const marks = await repo.studentMarks(input.studentId, [input.classroomId], input.from, input.to);
  const joined = (await repo.studentClassrooms(input.studentId)).find((c) => c.id === input.classroomId);
  return attendanceSummary({
    // A student who has left counts only the sessions they have marks for.
    held: joined ? held.map(sessionOf) : [],
    marks: marks.map((m) => ({ ...sessionOf(m), status: m.status })),
    joinedAt: joined?.accepted_at == null ? null : Number(joined.accepted_at),
  });
}

export function sessionOf(row: { session_date: string; session_start: string }) {
  return { date: row.session_date, start: row.session_start };
}
