import { describe, expect, it } from 'vitest';
import type { AttendanceStatusValue } from '../attendance/sessions';
import { bangladeshMoment } from '../attendance/sessions';
import { addDays } from '../money/days';
import {
  ATTENDANCE_INSIGHT_RULES,
  classroomInsights,
  type InsightStudentInput,
  insightRange,
  studentInsights,
} from './insights';

// Today is Wednesday 25 November 2026: the recent window is 12–25 November, the earlier one
// 15 October – 11 November.
const TODAY = '2026-11-25';
const s = (date: string, start = '16:00') => ({ date, start });
const mark = (date: string, status: AttendanceStatusValue, start = '16:00') => ({
  ...s(date, start),
  status,
});
const student = (
  marks: InsightStudentInput['marks'],
  over: Partial<InsightStudentInput> = {},
): InsightStudentInput => ({ id: 'st1', name: 'Rahim', customId: null, joinedAt: null, marks, ...over });
/** `count` days ending `last`, every `step` days (a batch meeting every other day: step 2). */
const days = (last: string, count: number, step = 1) =>
  Array.from({ length: count }, (_, i) => addDays(last, -(count - 1 - i) * step));

describe('insightRange', () => {
  it('ends today: two recent weeks after four earlier ones', () => {
    expect(insightRange(TODAY)).toEqual({
      from: '2026-10-15',
      to: TODAY,
      earlier: { from: '2026-10-15', to: '2026-11-11' },
      recent: { from: '2026-11-12', to: TODAY },
    });
  });
});

describe('absence streaks', () => {
  it('counts class days in a row: a holiday or a day without class between them does not break the run', () => {
    // Held on 18, 20, 23 and 25 November; 22 November was a scheduled holiday (nobody marked).
    const held = ['2026-11-16', '2026-11-18', '2026-11-20', '2026-11-23', '2026-11-25'].map((d) => s(d));
    const flags = studentInsights({
      today: TODAY,
      held,
      // Present on the 16th, then no mark at all (a punch-only classroom) or marked absent.
      student: student([mark('2026-11-16', 'present'), mark('2026-11-20', 'absent')]),
      exams: [],
    });
    expect(flags.find((f) => f.kind === 'streak')).toEqual({
      kind: 'streak',
      days: 4,
      dates: ['2026-11-18', '2026-11-20', '2026-11-23', '2026-11-25'],
      ongoing: true,
    });
  });

  it('a day attended in any of its sessions, or a day on leave, ends the run', () => {
    const held = [
      s('2026-11-18'),
      s('2026-11-19'),
      s('2026-11-20', '09:00'),
      s('2026-11-20', '16:00'),
      s('2026-11-22'),
      s('2026-11-23'),
    ];
    const attendedOnce = studentInsights({
      today: TODAY,
      held,
      student: student([mark('2026-11-20', 'late', '16:00')]),
      exams: [],
    });
    expect(attendedOnce.some((f) => f.kind === 'streak')).toBe(false);
    const onLeave = studentInsights({
      today: TODAY,
      held,
      student: student([mark('2026-11-19', 'leave')]),
      exams: [],
    });
    // 20, 22 and 23 November after the leave: three in a row, still going.
    expect(onLeave.find((f) => f.kind === 'streak')).toMatchObject({
      days: 3,
      dates: ['2026-11-20', '2026-11-22', '2026-11-23'],
    });
  });

  it('reports a run that has ended, as ended, and none that ended before the recent window', () => {
    const held = days('2026-11-24', 6).map((d) => s(d));
    const ended = studentInsights({
      today: TODAY,
      held,
      student: student([mark('2026-11-23', 'present'), mark('2026-11-24', 'present')]),
      exams: [],
    });
    expect(ended.find((f) => f.kind === 'streak')).toMatchObject({ days: 4, ongoing: false });
    const old = studentInsights({
      today: TODAY,
      held: [...days('2026-11-05', 4), ...days('2026-11-24', 5)].map((d) => s(d)),
      student: student(days('2026-11-24', 5).map((d) => mark(d, 'present'))),
      exams: [],
    });
    expect(old.some((f) => f.kind === 'streak')).toBe(false);
  });

  it('does not count sessions before the student joined', () => {
    const held = days(TODAY, 5).map((d) => s(d));
    const flags = studentInsights({
      today: TODAY,
      held,
      student: student([], { joinedAt: bangladeshMoment('2026-11-24', '18:00') }),
      exams: [],
    });
    // Only the 25th counts: one missed class day is no streak.
    expect(flags).toEqual([]);
  });

  it(`needs ${ATTENDANCE_INSIGHT_RULES.streakDays} class days`, () => {
    const held = days(TODAY, 4).map((d) => s(d));
    const flags = studentInsights({
      today: TODAY,
      held,
      student: student([mark(days(TODAY, 4)[1]!, 'present')]),
      exams: [],
    });
    expect(flags.some((f) => f.kind === 'streak')).toBe(false);
  });
});

describe('falling attendance', () => {
  // Every other day: 14 sessions in the earlier window, 7 in the recent one.
  const earlierDays = days('2026-11-11', 14, 2);
  const recentDays = days('2026-11-24', 7, 2);
  const held = [...earlierDays, ...recentDays].map((d) => s(d));

  it('flags a fall of the recent window against the earlier one, with both windows as evidence', () => {
    const marks = [
      ...earlierDays.map((d) => mark(d, 'present')),
      // 4 of 7 recently, the misses spread out (no streak).
      ...recentDays.map((d, i) => mark(d, i % 2 === 1 ? 'absent' : 'present')),
    ];
    const flags = studentInsights({ today: TODAY, held, student: student(marks), exams: [] });
    expect(flags).toEqual([
      {
        kind: 'falling',
        earlier: { from: '2026-10-15', to: '2026-11-11', attended: 14, counted: 14, percent: 100 },
        recent: { from: '2026-11-12', to: TODAY, attended: 4, counted: 7, percent: 57.14 },
        drop: 42.86,
      },
    ]);
  });

  it(`ignores a fall under ${ATTENDANCE_INSIGHT_RULES.fallPoints} points`, () => {
    const marks = [
      ...earlierDays.map((d) => mark(d, 'present')),
      ...recentDays.map((d, i) => mark(d, i === 3 ? 'absent' : 'present')),
    ];
    // 100 % → 85.71 %: 14.29 points.
    expect(studentInsights({ today: TODAY, held, student: student(marks), exams: [] })).toEqual([]);
  });

  it('says nothing when a window has too few sessions to judge', () => {
    const fewRecent = [...earlierDays, ...recentDays.slice(-2)].map((d) => s(d));
    const marks = earlierDays.map((d) => mark(d, 'present'));
    const flags = studentInsights({ today: TODAY, held: fewRecent, student: student(marks), exams: [] });
    expect(flags.some((f) => f.kind === 'falling')).toBe(false);
  });

  it('does not count leave against the student', () => {
    const marks = [
      ...earlierDays.map((d) => mark(d, 'present')),
      ...recentDays.map((d, i) => mark(d, i < 4 ? 'leave' : 'present')),
    ];
    expect(studentInsights({ today: TODAY, held, student: student(marks), exams: [] })).toEqual([]);
  });
});

describe('chronic lateness', () => {
  const sessionDays = days(TODAY, 10, 3).filter((d) => d >= '2026-10-15');
  const held = sessionDays.map((d) => s(d));

  it('flags late arrivals that are a habit, with their dates', () => {
    const late = sessionDays.slice(0, 3);
    const marks = sessionDays.map((d) => mark(d, late.includes(d) ? 'late' : 'present'));
    const flags = studentInsights({ today: TODAY, held, student: student(marks), exams: [] });
    expect(flags).toEqual([
      { kind: 'late', count: 3, attended: sessionDays.length, percent: 30, dates: late },
    ]);
  });

  it(`needs at least ${ATTENDANCE_INSIGHT_RULES.lateCount} late arrivals`, () => {
    const marks = sessionDays.map((d, i) => mark(d, i < 2 ? 'late' : 'present'));
    expect(studentInsights({ today: TODAY, held, student: student(marks), exams: [] })).toEqual([]);
  });

  it(`needs them to be at least ${ATTENDANCE_INSIGHT_RULES.lateSharePercent} % of the sessions attended`, () => {
    const daily = days(TODAY, 40).map((d) => s(d));
    const marks = days(TODAY, 40).map((d, i) => mark(d, i % 10 === 0 ? 'late' : 'present'));
    // 4 late out of 40 attended: 10 %.
    expect(studentInsights({ today: TODAY, held: daily, student: student(marks), exams: [] })).toEqual([]);
  });
});

describe('low attendance before an exam', () => {
  const sessionDays = days(TODAY, 10, 4);
  const held = sessionDays.map((d) => s(d));
  // 6 of 10 (60 %), misses spread out and mostly earlier: no streak, no fall.
  const marks = sessionDays.map((d, i) => mark(d, [0, 2, 4, 7].includes(i) ? 'absent' : 'present'));
  const exam = (heldOn: string) => ({ id: 'ex1', name: 'Half-yearly', heldOn });

  it('flags a student below the threshold with an exam in the next two weeks', () => {
    const flags = studentInsights({
      today: TODAY,
      held,
      student: student(marks),
      exams: [exam('2026-12-02')],
    });
    expect(flags.find((f) => f.kind === 'exam')).toEqual({
      kind: 'exam',
      exam: { id: 'ex1', name: 'Half-yearly', heldOn: '2026-12-02' },
      daysLeft: 7,
      window: { from: '2026-10-15', to: TODAY, attended: 6, counted: 10, percent: 60 },
      threshold: ATTENDANCE_INSIGHT_RULES.examThresholdPercent,
    });
  });

  it('looks at the nearest exam only, from today to the horizon', () => {
    const flags = studentInsights({
      today: TODAY,
      held,
      student: student(marks),
      exams: [exam('2026-12-09'), { ...exam(TODAY), id: 'ex0', name: 'Class test' }],
    });
    expect(flags.find((f) => f.kind === 'exam')).toMatchObject({ exam: { id: 'ex0' }, daysLeft: 0 });
    for (const heldOn of ['2026-11-24', '2026-12-10'])
      expect(studentInsights({ today: TODAY, held, student: student(marks), exams: [exam(heldOn)] })).toEqual(
        [],
      );
  });

  it('leaves a student at or above the threshold alone', () => {
    const good = sessionDays.map((d, i) => mark(d, [1, 5].includes(i) ? 'absent' : 'present'));
    expect(
      studentInsights({ today: TODAY, held, student: student(good), exams: [exam('2026-12-02')] }),
    ).toEqual([]);
  });
});

describe('classroomInsights', () => {
  it('lists flagged students only, most flags first, then by name', () => {
    const held = days(TODAY, 5).map((d) => s(d));
    const present = days(TODAY, 5).map((d) => mark(d, 'present'));
    const rows = classroomInsights({
      today: TODAY,
      held,
      students: [
        student(present, { id: 'a', name: 'Anika' }),
        student([], { id: 'b', name: 'Zara' }),
        student(
          days(TODAY, 5).map((d, i) => mark(d, i < 3 ? 'late' : 'absent')),
          { id: 'c', name: 'Borna' },
        ),
      ],
      exams: [{ id: 'ex', name: 'Test', heldOn: '2026-11-30' }],
    });
    expect(rows.map((r) => [r.name, r.flags.map((f) => f.kind)])).toEqual([
      ['Borna', ['late', 'exam']],
      ['Zara', ['streak', 'exam']],
    ]);
  });
});
