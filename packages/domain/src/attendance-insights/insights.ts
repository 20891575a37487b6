import type { AttendanceStatusValue } from '../attendance/sessions';
import { attendanceSummary, type SessionKey, sessionKey } from '../attendance/summary';
import type { InsightFlag, InsightStudent, InsightWindow } from '../contracts/attendance-insights';
import { addDays, daysInRange } from '../money/days';
import { roundPercent } from '../numbers/percent';

// Attendance insights: which students of a classroom a teacher should call about, each with the
// evidence, computed from the same marks and held sessions as the register (attendance/summary.ts).
// A class day is a date the classroom held a session (somebody has a mark for it); a scheduled day
// nobody was marked for (a holiday, a cancelled class) and a day the classroom does not meet are
// not class days, so they neither break nor extend a streak.

/**
 * The rules' numbers, each with why it is what it is. Windows end today (Bangladesh date) and are
 * counted in calendar days, so a batch meeting twice a week and one meeting daily are judged alike.
 */
export const ATTENDANCE_INSIGHT_RULES = {
  /** Two weeks: a batch meeting only twice a week still holds four sessions in it, enough to judge. */
  recentDays: 14,
  /** The four weeks before: the student's usual attendance that the recent window is compared with. */
  earlierDays: 28,
  /** A fall of 15 points is more than one missed session out of a usual fortnight of six or more. */
  fallPoints: 15,
  /** With fewer sessions counted a window says nothing (one absence out of two is 50 %). */
  minSessions: 3,
  /** Three class days missed in a row is past a one-off illness: time for a call home. */
  streakDays: 3,
  /** Late this many times in the six weeks, */
  lateCount: 3,
  /** and at least this share of the sessions attended: a habit, not a bad morning. */
  lateSharePercent: 25,
  /** Bangladesh's boards and colleges commonly require 75 % class attendance to sit an exam. */
  examThresholdPercent: 75,
  /** An exam within two weeks still leaves time for the family to act before it. */
  examHorizonDays: 14,
} as const;

export interface InsightStudentInput {
  readonly id: string;
  readonly name: string;
  readonly customId: string | null;
  /** When the enrolment was accepted (epoch ms): earlier sessions do not count against the student. */
  readonly joinedAt: number | null;
  readonly marks: readonly (SessionKey & { status: AttendanceStatusValue })[];
}

/** The dates the insights read: the earlier window then the recent one, both ending today. */
export function insightRange(today: string) {
  const { recentDays, earlierDays } = ATTENDANCE_INSIGHT_RULES;
  const recentFrom = addDays(today, -(recentDays - 1));
  const from = addDays(recentFrom, -earlierDays);
  return {
    from,
    to: today,
    earlier: { from, to: addDays(recentFrom, -1) },
    recent: { from: recentFrom, to: today },
  };
}

type Timeline = { date: string; status: AttendanceStatusValue }[];

/**
 * The student's counted sessions in order, as attendance/summary.ts counts them: held sessions
 * from when they joined (no mark: absent) and any session they have a mark for.
 */
function timelineOf(held: readonly SessionKey[], student: InsightStudentInput): Timeline {
  const marked = new Map(student.marks.map((m) => [sessionKey(m), m]));
  const keys = new Map<string, SessionKey>();
  for (const mark of student.marks) keys.set(sessionKey(mark), mark);
  for (const session of held) {
    const key = sessionKey(session);
    if (keys.has(key)) continue;
    // The summary's own rule decides whether an unmarked held session counts for this student.
    if (attendanceSummary({ held: [session], marks: [], joinedAt: student.joinedAt }).sessions === 0)
      continue;
    keys.set(key, session);
  }
  return [...keys.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, session]) => ({ date: session.date, status: marked.get(key)?.status ?? 'absent' }));
}

function windowOf(
  held: readonly SessionKey[],
  student: InsightStudentInput,
  range: { from: string; to: string },
): InsightWindow {
  const inside = (s: SessionKey) => s.date >= range.from && s.date <= range.to;
  const summary = attendanceSummary({
    held: held.filter(inside),
    marks: student.marks.filter(inside),
    joinedAt: student.joinedAt,
  });
  return {
    from: range.from,
    to: range.to,
    attended: summary.present + summary.late,
    counted: summary.sessions - summary.leave,
    percent: summary.percent,
  };
}

/**
 * The latest run of class days missed in a row, if it is long enough and reaches into the recent
 * window. A class day is missed when the student attended none of its sessions and was not on
 * leave for any; a day on approved leave ends a run (the family told the school).
 */
function absenceStreak(timeline: Timeline, recentFrom: string): InsightFlag | null {
  const days = new Map<string, 'attended' | 'leave' | 'absent'>();
  for (const { date, status } of timeline) {
    const was = days.get(date);
    if (status === 'present' || status === 'late' || was === 'attended') days.set(date, 'attended');
    else if (status === 'leave' || was === 'leave') days.set(date, 'leave');
    else days.set(date, 'absent');
  }
  const dates = [...days.keys()].sort();
  let run: string[] = [];
  let latest: string[] = [];
  for (const date of dates) {
    if (days.get(date) === 'absent') run.push(date);
    else run = [];
    if (run.length >= ATTENDANCE_INSIGHT_RULES.streakDays) latest = [...run];
  }
  const last = latest.at(-1);
  if (!last || last < recentFrom) return null;
  return { kind: 'streak', days: latest.length, dates: latest, ongoing: last === dates.at(-1) };
}

/** The student's flags over the insight range ending `today`; exams are the classroom's. */
export function studentInsights(input: {
  today: string;
  held: readonly SessionKey[];
  student: InsightStudentInput;
  exams: readonly { id: string; name: string; heldOn: string }[];
}): InsightFlag[] {
  const rules = ATTENDANCE_INSIGHT_RULES;
  const range = insightRange(input.today);
  const held = input.held.filter((s) => s.date >= range.from && s.date <= range.to);
  const student = {
    ...input.student,
    marks: input.student.marks.filter((m) => m.date >= range.from && m.date <= range.to),
  };
  const timeline = timelineOf(held, student);
  const flags: InsightFlag[] = [];

  const streak = absenceStreak(timeline, range.recent.from);
  if (streak) flags.push(streak);

  const earlier = windowOf(held, student, range.earlier);
  const recent = windowOf(held, student, range.recent);
  if (
    earlier.counted >= rules.minSessions &&
    recent.counted >= rules.minSessions &&
    earlier.percent !== null &&
    recent.percent !== null &&
    earlier.percent - recent.percent >= rules.fallPoints
  )
    flags.push({
      kind: 'falling',
      earlier,
      recent,
      drop: roundPercent(earlier.percent - recent.percent),
    });

  const whole = windowOf(held, student, range);
  const lateDates = timeline.filter((s) => s.status === 'late').map((s) => s.date);
  const latePercent = whole.attended > 0 ? roundPercent((lateDates.length / whole.attended) * 100) : 0;
  if (lateDates.length >= rules.lateCount && latePercent >= rules.lateSharePercent)
    flags.push({
      kind: 'late',
      count: lateDates.length,
      attended: whole.attended,
      percent: latePercent,
      dates: lateDates,
    });

  const exam = [...input.exams]
    .filter((e) => e.heldOn >= input.today && daysInRange(input.today, e.heldOn) <= rules.examHorizonDays + 1)
    .sort((a, b) => a.heldOn.localeCompare(b.heldOn))[0];
  if (
    exam &&
    whole.counted >= rules.minSessions &&
    whole.percent !== null &&
    whole.percent < rules.examThresholdPercent
  )
    flags.push({
      kind: 'exam',
      exam: { id: exam.id, name: exam.name, heldOn: exam.heldOn },
      daysLeft: daysInRange(input.today, exam.heldOn) - 1,
      window: whole,
      threshold: rules.examThresholdPercent,
    });
  return flags;
}

/** Every flagged student of a classroom, most flags first, then by name. */
export function classroomInsights(input: {
  today: string;
  held: readonly SessionKey[];
  students: readonly InsightStudentInput[];
  exams: readonly { id: string; name: string; heldOn: string }[];
}): InsightStudent[] {
  return input.students
    .map((student) => ({
      id: student.id,
      name: student.name,
      customId: student.customId,
      flags: studentInsights({ today: input.today, held: input.held, student, exams: input.exams }),
    }))
    .filter((s) => s.flags.length > 0)
    .sort((a, b) => b.flags.length - a.flags.length || a.name.localeCompare(b.name));
}
