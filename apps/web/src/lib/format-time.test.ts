import { describe, expect, it } from 'vitest';
import { formatRelative } from './format-time';

describe('formatRelative', () => {
  const now = 1_700_000_000_000;
  it.each([
    [now - 10_000, 'now'],
    [now - 5 * 60_000, '5 minutes ago'],
    [now - 3 * 3_600_000, '3 hours ago'],
    [now - 24 * 3_600_000, 'yesterday'],
    [now + 2 * 24 * 3_600_000, 'in 2 days'],
  ])('%d → %s', (timestamp, expected) => {
    expect(formatRelative(timestamp, now, 'en-GB')).toBe(expected);
  });

  it('writes Bangla with Bangla digits', () => {
    expect(formatRelative(now - 3 * 3_600_000, now, 'bn-BD')).toMatch(/[০-৯]/);
  });
});
