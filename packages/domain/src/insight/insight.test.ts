import { describe, expect, it } from 'vitest';
import { attendanceTrendPercent, institutionCollection } from './insight';
import { SUSPICIOUS_LIMITS, suspiciousFlags } from './suspicious';

describe('institutionCollection', () => {
  it.each([
    { parts: [], expected: { billedPaisa: 0, collectedPaisa: 0, rate: null } },
    {
      parts: [
        { billedPaisa: 150_000, collectedPaisa: 100_000 },
        { billedPaisa: 50_000, collectedPaisa: 0 },
      ],
      expected: { billedPaisa: 200_000, collectedPaisa: 100_000, rate: 0.5 },
    },
    // The money, not an average of rates: a full small classroom does not lift a large empty one.
    {
      parts: [
        { billedPaisa: 10_000, collectedPaisa: 10_000 },
        { billedPaisa: 90_000, collectedPaisa: 0 },
      ],
      expected: { billedPaisa: 100_000, collectedPaisa: 10_000, rate: 0.1 },
    },
    // Collected never counts past what was billed.
    {
      parts: [{ billedPaisa: 1_000, collectedPaisa: 5_000 }],
      expected: { billedPaisa: 1_000, collectedPaisa: 1_000, rate: 1 },
    },
  ])('$expected.rate from $parts.length parts', ({ parts, expected }) => {
    expect(institutionCollection(parts)).toEqual(expected);
  });
});

describe('attendanceTrendPercent', () => {
  it('counts late as attended and is null without marks', () => {
    expect(attendanceTrendPercent({ present: 6, late: 2, absent: 2 })).toBe(80);
    expect(attendanceTrendPercent({ present: 0, late: 0, absent: 0 })).toBeNull();
  });
});

describe('suspiciousFlags', () => {
  it('lists staff flags first, then days over a limit, newest first', () => {
    const flags = suspiciousFlags({
      flagged: [{ accountId: 'a', at: 5 }],
      eventDays: [
        { accountId: 'b', day: '2026-11-01', count: SUSPICIOUS_LIMITS.eventsPerDay + 1 },
        { accountId: 'c', day: '2026-11-02', count: SUSPICIOUS_LIMITS.eventsPerDay },
      ],
      downloadDays: [
        { accountId: 'b', day: '2026-11-03', count: 1, bytes: SUSPICIOUS_LIMITS.downloadBytesPerDay + 1 },
        { accountId: 'd', day: '2026-10-30', count: SUSPICIOUS_LIMITS.downloadsPerDay + 1, bytes: 0 },
      ],
    });
    expect(flags.map((f) => [f.accountId, f.kind, f.day])).toEqual([
      ['a', 'flagged', null],
      ['b', 'downloadVolume', '2026-11-03'],
      ['b', 'eventBurst', '2026-11-01'],
      ['d', 'downloadBurst', '2026-10-30'],
    ]);
  });
});
