import { describe, expect, it } from 'vitest';
import { dueAtOf, dueTimeParts, isLate, statusCounts, submissionStatus, submitRefusal } from './assignments';

const due = Date.UTC(2026, 10, 30, 17, 59); // 30 Nov 2026, 23:59 in Dhaka

describe('isLate', () => {
  it.each([
    [due - 1, false],
    [due, false],
    [due + 1, true],
  ])('submitted at %d: late %s', (at, late) => {
    expect(isLate(due, at)).toBe(late);
  });
});

describe('submissionStatus', () => {
  it.each([
    ['no submission before the due time', due - 1, null, 'pending'],
    ['no submission on the due time', due, null, 'pending'],
    ['no submission after the due time', due + 1, null, 'missing'],
    ['on time', due + 5, { submittedAt: due, marks: null }, 'submitted'],
    ['late', due + 5, { submittedAt: due + 1, marks: null }, 'late'],
    ['marked, even when late', due + 5, { submittedAt: due + 1, marks: 7 }, 'marked'],
    ['marked zero', due + 5, { submittedAt: due, marks: 0 }, 'marked'],
  ] as const)('%s', (_name, now, submission, status) => {
    expect(submissionStatus(due, now, submission)).toBe(status);
  });
});

describe('submitRefusal', () => {
  const open = { dueAt: due, acceptLate: true };
  const closed = { dueAt: due, acceptLate: false };
  it.each([
    ['before the due time', open, due - 1, null, null],
    ['late, late work accepted', open, due + 1, null, null],
    ['late, late work closed', closed, due + 1, null, 'ASSIGNMENT_CLOSED'],
    ['on the due time, late work closed', closed, due, null, null],
    ['resubmission before marking', open, due - 1, { submittedAt: due - 5, marks: null }, null],
    [
      'resubmission after marking',
      open,
      due - 1,
      { submittedAt: due - 5, marks: 3 },
      'ASSIGNMENT_ALREADY_MARKED',
    ],
  ] as const)('%s', (_name, assignment, now, existing, refusal) => {
    expect(submitRefusal(assignment, now, existing)).toBe(refusal);
  });
});

describe('statusCounts', () => {
  it('counts each status', () => {
    expect(statusCounts(['late', 'missing', 'late', 'marked'])).toEqual({
      pending: 0,
      missing: 1,
      submitted: 0,
      late: 2,
      marked: 1,
    });
  });
});

describe('due times in Asia/Dhaka', () => {
  it('reads a Bangladesh day and clock, and gives them back', () => {
    expect(dueAtOf('2026-11-30', '23:59')).toBe(due);
    expect(dueTimeParts(due)).toEqual({ day: '2026-11-30', time: '23:59' });
    expect(dueTimeParts(dueAtOf('2026-12-01', '00:05'))).toEqual({ day: '2026-12-01', time: '00:05' });
  });
});
