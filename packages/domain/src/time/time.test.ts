import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { dayIndex, formatDmy, formatTime12h, parseDmy } from './time';

describe('formatTime12h', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['00:05', '12:05 AM'],
    ['09:30', '9:30 AM'],
    ['11:59', '11:59 AM'],
    ['12:00', '12:00 PM'],
    ['13:05', '1:05 PM'],
    ['23:59:59', '11:59 PM'],
    ['৯:৩০', '9:30 AM'],
    ['24:00', ''],
    ['12:60', ''],
    ['noon', ''],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(formatTime12h(value)).toBe(expected);
  });

  it('reads instants in Bangladesh time by default', () => {
    const instant = Date.UTC(2025, 0, 1, 3, 15);
    expect(formatTime12h(instant)).toBe('9:15 AM');
    expect(formatTime12h(new Date(Date.UTC(2025, 0, 1, 6, 0)))).toBe('12:00 PM');
    expect(formatTime12h(instant, 'UTC')).toBe('3:15 AM');
    expect(formatTime12h(Number.NaN)).toBe('');
  });
});

describe('dayIndex', () => {
  it.each([
    ['Sunday', 0],
    ['Monday', 1],
    ['saturday', 6],
    ['  FRIDAY ', 5],
    ['Wed', 3],
  ])('%j → %d', (name, expected) => {
    expect(dayIndex(name)).toEqual({ ok: true, value: expected });
  });

  it.each([[''], ['Mondayy'], ['Mo'], ['সোমবার']])('%j is refused with the exact message', (name) => {
    expect(dayIndex(name)).toEqual({
      ok: false,
      error: { code: 'INVALID_DAY_NAME', message: MESSAGES.INVALID_DAY_NAME },
    });
  });

  it('uses the spec wording', () => {
    expect(MESSAGES.INVALID_DAY_NAME).toBe("Invalid day name. Please provide a valid day (e.g., 'Monday').");
  });
});

describe('parseDmy and formatDmy', () => {
  it.each([
    ['05-03-2010', { day: 5, month: 3, year: 2010 }],
    ['5-3-2010', { day: 5, month: 3, year: 2010 }],
    ['05/03/2010', { day: 5, month: 3, year: 2010 }],
    [' 29.02.2024 ', { day: 29, month: 2, year: 2024 }],
    ['০৫-০৩-২০১০', { day: 5, month: 3, year: 2010 }],
    ['29-02-2023', null],
    ['31-04-2024', null],
    ['00-01-2024', null],
    ['01-13-2024', null],
    ['2024-01-05', null],
    ['', null],
  ])('parses %j', (text, expected) => {
    expect(parseDmy(text)).toEqual(expected);
  });

  it('formats calendar dates and instants (Bangladesh time by default)', () => {
    expect(formatDmy({ day: 5, month: 3, year: 2010 })).toBe('05-03-2010');
    expect(formatDmy(Date.UTC(2024, 11, 31, 20, 0))).toBe('01-01-2025');
    expect(formatDmy(Date.UTC(2024, 11, 31, 20, 0), 'UTC')).toBe('31-12-2024');
    expect(formatDmy(new Date(Number.NaN))).toBe('');
    expect(formatDmy({ day: 30, month: 2, year: 2024 })).toBe('');
  });

  it('round-trips', () => {
    const date = parseDmy('09-11-1999');
    expect(date && formatDmy(date)).toBe('09-11-1999');
  });
});
