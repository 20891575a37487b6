import { describe, expect, it } from 'vitest';
import { formatKioskDate, formatKioskTime } from './kiosk-time';
import { punchFeedback } from './use-scan-handler';

// 03:05:09 UTC is 09:05:09 in Bangladesh (UTC+6), whatever zone the machine runs in.
const at = Date.UTC(2026, 0, 1, 3, 5, 9);

describe('kiosk times', () => {
  it('are Bangladesh time, in English or in Bangla digits and day periods', () => {
    expect(formatKioskTime(at, 'en-GB')).toMatch(/^9:05:09\s?am$/i);
    expect(formatKioskTime(at, 'bn-BD')).toBe('৯:০৫:০৯ সকাল');
    expect(formatKioskTime(at, 'en-GB', false)).toMatch(/^9:05\s?am$/i);
    expect(formatKioskDate(Date.UTC(2026, 0, 1, 20, 0), 'en-GB')).toBe('Friday, 2 January 2026');
  });
});

describe('punchFeedback', () => {
  const student = { id: 's1', name: 'Rafi Islam', photoUrl: null };

  it('greets a recorded or repeated punch with the stored direction and time', () => {
    expect(
      punchFeedback('C1', {
        kind: 'answered',
        at: 5,
        answer: { clientId: 'x', outcome: 'duplicate', student, direction: 'exit', at: 3 },
      }),
    ).toEqual({ kind: 'student', student, at: 3, direction: 'exit', duplicate: true, noClass: false });
  });

  it('says a card is unknown, or that an offline scan is saved, naming a student seen before', () => {
    expect(
      punchFeedback('C9', { kind: 'answered', at: 5, answer: { clientId: 'x', outcome: 'unknown' } }),
    ).toEqual({
      kind: 'unknown',
      code: 'C9',
    });
    expect(
      punchFeedback('C1', { kind: 'saved', at: 7, known: { name: 'Rafi Islam', photoUrl: null } }),
    ).toEqual({
      kind: 'saved',
      name: 'Rafi Islam',
      at: 7,
    });
    expect(punchFeedback('C2', { kind: 'saved', at: 7, known: null })).toEqual({
      kind: 'saved',
      name: null,
      at: 7,
    });
  });
});
