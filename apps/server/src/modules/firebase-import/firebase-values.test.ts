import { describe, expect, it } from 'vitest';
import { isoDate } from './firebase-values';

// Dates in the old app's export come as `DD-MM-YYYY`, `YYYY-MM-DD` or milliseconds. Milliseconds
// are read as the Bangladesh day they fall in, as every day in the product is (midnight in Dhaka
// is 18:00 the day before in UTC).
describe('isoDate', () => {
  it.each([
    ['05-01-2026', '2026-01-05'],
    ['2026-01-05', '2026-01-05'],
    [Date.parse('2026-01-04T18:00:00Z'), '2026-01-05'],
    [Date.parse('2026-01-05T10:30:00Z'), '2026-01-05'],
    [Date.parse('2026-01-05T17:59:59Z'), '2026-01-05'],
    ['2026-01-05T00:00:00+06:00', '2026-01-05'],
    ['not a date', null],
    ['', null],
  ])('reads %s as %s', (value, day) => {
    expect(isoDate(value)).toBe(day);
  });
});
