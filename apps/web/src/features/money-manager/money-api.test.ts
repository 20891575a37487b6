import { describe, expect, it } from 'vitest';
import { formatBucket, rangeOf } from './money-api';

describe('rangeOf', () => {
  // 23:30 on 24 November in UTC is already 25 November in Dhaka.
  const now = Date.UTC(2026, 10, 24, 23, 30);
  const custom = { from: '2026-11-01', to: '2026-11-20' };

  it.each([
    ['today', { from: '2026-11-25', to: '2026-11-25' }],
    ['yesterday', { from: '2026-11-24', to: '2026-11-24' }],
    ['custom', custom],
  ] as const)('%s counts Bangladesh days', (choice, range) => {
    expect(rangeOf(choice, custom, now)).toEqual(range);
  });
});

describe('formatBucket', () => {
  it('writes days and months in the reader’s locale', () => {
    expect(formatBucket('2026-11-25', 'day', 'en-GB')).toBe('25 Nov');
    expect(formatBucket('2026-11', 'month', 'en-GB')).toBe('Nov 2026');
    expect(formatBucket('2026-11-25', 'day', 'bn-BD')).toMatch(/২৫/);
  });
});
