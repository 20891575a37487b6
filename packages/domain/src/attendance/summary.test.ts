import { describe, expect, it } from 'vitest';
import { bangladeshMoment } from './sessions';
import { attendancePercent, attendanceSummary, sessionKey } from './summary';

const s = (date: string, start = '16:00') => ({ date, start });

describe('attendanceSummary', () => {
  it('counts each status once per session and works out the percentage without leave', () => {
    const summary = attendanceSummary({
      held: [s('2026-11-01'), s('2026-11-03'), s('2026-11-05'), s('2026-11-08'), s('2026-11-10')],
      marks: [
        { ...s('2026-11-01'), status: 'present' },
        { ...s('2026-11-03'), status: 'late' },
        { ...s('2026-11-05'), status: 'absent' },
        { ...s('2026-11-08'), status: 'leave' },
        { ...s('2026-11-10'), status: 'present' },
      ],
    });
    // 3 attended out of 4 that count against the student (leave does not).
    expect(summary).toEqual({
      sessions: 5,
      present: 2,
      late: 1,
      absent: 1,
      leave: 1,
      unmarked: 0,
      percent: 75,
    });
  });

  it('counts a held session without a mark for the student as absent', () => {
    const summary = attendanceSummary({
      held: [s('2026-11-01'), s('2026-11-03'), s('2026-11-05')],
      marks: [{ ...s('2026-11-01'), status: 'present' }],
    });
    expect(summary).toMatchObject({ sessions: 3, present: 1, absent: 2, unmarked: 2, percent: 33.33 });
  });

  it('ignores held sessions before the student joined, unless the student has a mark for one', () => {
    const summary = attendanceSummary({
      held: [s('2026-11-01'), s('2026-11-03'), s('2026-11-05'), s('2026-11-07')],
      marks: [
        { ...s('2026-11-03'), status: 'present' },
        { ...s('2026-11-05'), status: 'present' },
      ],
      joinedAt: bangladeshMoment('2026-11-04', '10:00'),
    });
    // 11-01 is before joining and unmarked: not counted; 11-03 is marked: counted; 11-07 unmarked: absent.
    expect(summary).toMatchObject({ sessions: 3, present: 2, absent: 1, unmarked: 1, percent: 66.67 });
  });

  it('counts a session only for students enrolled at its time (accepted after roll call: not absent)', () => {
    const held = [s('2026-11-01', '08:00'), s('2026-11-03', '08:00'), s('2026-11-03', '16:00')];
    // Accepted on the 3rd at 11:00, after the morning's roll call and before the afternoon class.
    const joined = attendanceSummary({ held, marks: [], joinedAt: bangladeshMoment('2026-11-03', '11:00') });
    expect(joined).toMatchObject({ sessions: 1, absent: 1, unmarked: 1, percent: 0 });
    // Accepted on the 3rd after both: nothing counts, no percentage (not A = 1, 0 %).
    const today = attendanceSummary({ held, marks: [], joinedAt: bangladeshMoment('2026-11-03', '17:00') });
    expect(today).toMatchObject({ sessions: 0, absent: 0, percent: null });
    // Accepted exactly when a session starts: enrolled at its time.
    const onTime = attendanceSummary({ held, marks: [], joinedAt: bangladeshMoment('2026-11-03', '16:00') });
    expect(onTime).toMatchObject({ sessions: 1, unmarked: 1 });
    // A mark given anyway (the teacher let her in) always counts.
    const marked = attendanceSummary({
      held,
      marks: [{ ...s('2026-11-03', '08:00'), status: 'present' }],
      joinedAt: bangladeshMoment('2026-11-03', '17:00'),
    });
    expect(marked).toMatchObject({ sessions: 1, present: 1, percent: 100 });
  });

  it('keeps two sessions on one date apart and counts a duplicated key once', () => {
    const summary = attendanceSummary({
      held: [s('2026-11-01', '08:00'), s('2026-11-01', '16:00'), s('2026-11-01', '16:00')],
      marks: [
        { ...s('2026-11-01', '08:00'), status: 'late' },
        { ...s('2026-11-01', '08:00'), status: 'absent' },
      ],
    });
    expect(summary).toMatchObject({ sessions: 2, late: 1, absent: 1, unmarked: 1, percent: 50 });
  });

  it('has no percentage when nothing counts', () => {
    expect(attendanceSummary({ held: [], marks: [] })).toEqual({
      sessions: 0,
      present: 0,
      late: 0,
      absent: 0,
      leave: 0,
      unmarked: 0,
      percent: null,
    });
    expect(attendanceSummary({ held: [], marks: [{ ...s('2026-11-01'), status: 'leave' }] }).percent).toBe(
      null,
    );
  });
});

describe('attendancePercent and sessionKey', () => {
  it.each([
    [2, 3, 66.67],
    [1, 3, 33.33],
    [1, 8, 12.5],
    [7, 7, 100],
    [0, 5, 0],
    [0, 0, null],
  ])('%d of %d is %s', (attended, counted, percent) => {
    expect(attendancePercent(attended, counted)).toBe(percent);
  });

  it('joins date and start', () => {
    expect(sessionKey({ date: '2026-11-01', start: '22:00' })).toBe('2026-11-01|22:00');
  });
});
