import { percentOf } from '../numbers/percent';
import { type AttendanceStatusValue, bangladeshMoment } from './sessions';

// The attendance numbers of one student in one classroom over a range of dates (the attendance capability:
// "the attendance numbers the report card will show"; spec part 2 §2 report card attendance).
//
// A session counts once the classroom *held* it: somebody in the classroom has a mark for it (roll
// call or a punch). A scheduled session nobody was marked for (a holiday, a cancelled class) counts
// for no one. A held session the student has no mark for counts as absent: with punches only, a
// student who never punched in was not there. A held session counts only for students enrolled
// at its time: one that started before the student joined the classroom (`joinedAt`, the
// moment the enrolment was accepted) does not count unless the student has a mark for it, so a
// student accepted this afternoon is not absent from this morning's roll call.
//
// The percentage is attended (present + late) out of the sessions that count against the student:
// approved leave does not, so a student on leave for a week is not punished for it.

/** A session of a classroom: its Bangladesh start date and its `HH:mm` start (the marks' key). */
export interface SessionKey {
  readonly date: string;
  readonly start: string;
}

export interface AttendanceSummary {
  /** Sessions that count for the student: held ones from `joinedAt`, and any the student has a mark for. */
  sessions: number;
  present: number;
  late: number;
  /** Marked absent, plus held sessions with no mark for the student (`unmarked`). */
  absent: number;
  leave: number;
  /** Of `absent`: held sessions the student has no mark for at all. */
  unmarked: number;
  /** (present + late) ÷ (sessions − leave) × 100, two decimals half up; null when nothing counts. */
  percent: number | null;
}

/** `date|start`: one key per session, for maps and sets. */
export function sessionKey(session: SessionKey): string {
  return `${session.date}|${session.start}`;
}

/** attended ÷ counted × 100 as every percentage is shown (numbers/percent.ts), or null when nothing counts. */
export function attendancePercent(attended: number, counted: number): number | null {
  if (counted <= 0) return null;
  return percentOf(attended, counted);
}

/**
 * The summary of one student: `held` are the classroom's held sessions in the range, `marks` the
 * student's own marks in the range (a mark for a session missing from `held` still counts), and
 * `joinedAt` when the student joined the classroom (epoch ms; null: every held session counts).
 */
export function attendanceSummary(input: {
  held: readonly SessionKey[];
  marks: readonly (SessionKey & { status: AttendanceStatusValue })[];
  joinedAt?: number | null;
}): AttendanceSummary {
  const counts: Record<AttendanceStatusValue, number> = { present: 0, late: 0, absent: 0, leave: 0 };
  const marked = new Set<string>();
  for (const mark of input.marks) {
    const key = sessionKey(mark);
    if (marked.has(key)) continue;
    marked.add(key);
    counts[mark.status] += 1;
  }
  let unmarked = 0;
  const seen = new Set<string>();
  for (const session of input.held) {
    const key = sessionKey(session);
    if (marked.has(key) || seen.has(key)) continue;
    seen.add(key);
    if (input.joinedAt != null && bangladeshMoment(session.date, session.start) < input.joinedAt) continue;
    unmarked += 1;
  }
  const sessions = marked.size + unmarked;
  const absent = counts.absent + unmarked;
  return {
    sessions,
    present: counts.present,
    late: counts.late,
    absent,
    leave: counts.leave,
    unmarked,
    percent: attendancePercent(counts.present + counts.late, sessions - counts.leave),
  };
}
