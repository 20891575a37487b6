import {
  type AttendanceSummary,
  attendanceSummary,
  countedSessions,
  type SessionKey,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { scheduleOf, TimetableRepository } from '../timetable/timetable.repository';
import { AttendanceReportsRepository } from './attendance-reports.repository';

/** Whether a session counts; null: every marked session does (a classroom without a timetable). */
export type SessionFilter = ((session: SessionKey) => boolean) | null;

/**
 * Per classroom, which of its sessions in `from`…`to` attendance counts (domain countedSessions):
 * with a timetable only the classes it says met, so a day without class or a cancelled class is
 * neither held nor absent; without one, every marked session as before.
 */
export async function countedSessionsOf(
  db: Kysely<Database>,
  classroomIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, SessionFilter>> {
  const rooms = await new AttendanceReportsRepository(db).schedules(classroomIds);
  const events = await new TimetableRepository(db).events(
    rooms.map((r) => r.id),
    from,
    to,
  );
  return new Map(
    rooms.map((r) => {
      const own = events.filter((e) => e.classroom_id === r.id);
      const schedule = scheduleOf({ timings: r.timings, startDate: r.start_date }, own);
      return [r.id, countedSessions(schedule, from, to)];
    }),
  );
}

/** The rows whose sessions count: each of its own classroom, or of `classroomId` for rows without one. */
export function keepCounted<T extends { classroom_id?: string; session_date: string; session_start: string }>(
  rows: readonly T[],
  counted: ReadonlyMap<string, SessionFilter>,
  classroomId = '',
): T[] {
  return rows.filter((r) => {
    const counts = counted.get(r.classroom_id ?? classroomId);
    return !counts || counts(sessionOf(r));
  });
}

/**
 * The attendance numbers of one student in one classroom between two Bangladesh dates (both
 * included), counted by the domain's rule (packages/domain/src/attendance/summary.ts): what a
 * report card shows (the report cards capability). The caller checks who may read it; this only
 * reads. A classroom with no marks in the range answers `sessions: 0` (the card shows nothing);
 * a classroom with a timetable counts only the classes it held as scheduled.
 */
export async function studentAttendanceSummary(
  db: Kysely<Database>,
  input: { classroomId: string; studentId: string; from: string; to: string },
): Promise<AttendanceSummary> {
  const repo = new AttendanceReportsRepository(db);
  const counted = await countedSessionsOf(db, [input.classroomId], input.from, input.to);
  const held = keepCounted(await repo.heldSessions([input.classroomId], input.from, input.to), counted);
  const marks = keepCounted(
    await repo.studentMarks(input.studentId, [input.classroomId], input.from, input.to),
    counted,
  );
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
