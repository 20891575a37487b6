import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, formatRelative } from './format-time';

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

describe('formatDateTime', () => {
  it('writes the Bangla day period, not the Latin AM/PM', () => {
    // Whatever the machine's time zone, some Bangla day period names the hour.
    const text = formatDateTime(Date.UTC(2026, 10, 25, 2, 32), 'bn-BD');
    expect(text).not.toMatch(/AM|PM/);
    expect(text).toMatch(/[০-৯]/);
    expect(text).toMatch(/ভোর|সকাল|দুপুর|বিকাল|সন্ধ্যা|রাত্রি|রাত/);
  });

  it('keeps the English style for English readers', () => {
    expect(formatDateTime(Date.UTC(2026, 10, 25, 2, 32), 'en-GB')).toMatch(/^2[45] Nov 2026, \d{2}:\d{2}$/);
  });
});

describe('formatClock', () => {
  // 10:05 UTC is 4:05 PM in Dhaka.
  const at = Date.UTC(2026, 10, 25, 10, 5);

  it('reads the 12-hour clock in English, as Bangladesh does', () => {
    expect(formatClock(at, 'en-GB')).toMatch(/^4:05\s?pm$/i);
  });

  it('keeps each other language its own clock', () => {
    expect(formatClock(at, 'fr-FR')).toBe('16:05');
    expect(formatClock(at, 'it-IT')).toBe('16:05');
    expect(formatClock(at, 'zh-CN')).toBe('16:05');
    expect(formatClock(at, 'ar-u-nu-latn')).toMatch(/4:05/);
  });
});
