import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DHAKA_UTC_OFFSET_MS,
  inQuietHours,
  QUIET_HOURS_END_HOUR,
  QUIET_HOURS_START_HOUR,
  sendTimeAfterQuietHours,
} from './quiet-hours';

const utc = (iso: string) => Date.parse(iso);
// 08:00 on 16 June 2025 in Dhaka is 02:00 UTC.
const EIGHT_AM_DHAKA = utc('2025-06-16T02:00:00.000Z');

describe('quiet hours (BTRC, 00:00–08:00 Asia/Dhaka)', () => {
  it('uses UTC+6 and the 0–8 window', () => {
    expect(DHAKA_UTC_OFFSET_MS).toBe(6 * 3_600_000);
    expect([QUIET_HOURS_START_HOUR, QUIET_HOURS_END_HOUR]).toEqual([0, 8]);
  });

  it.each([
    ['23:59:59 Dhaka (15 June)', '2025-06-15T17:59:59.000Z', false, '2025-06-15T17:59:59.000Z'],
    ['00:00 Dhaka (16 June)', '2025-06-15T18:00:00.000Z', true, '2025-06-16T02:00:00.000Z'],
    ['02:30 Dhaka, still 15 June in UTC', '2025-06-15T20:30:00.000Z', true, '2025-06-16T02:00:00.000Z'],
    ['07:59:59 Dhaka', '2025-06-16T01:59:59.000Z', true, '2025-06-16T02:00:00.000Z'],
    ['07:59:59.999 Dhaka', '2025-06-16T01:59:59.999Z', true, '2025-06-16T02:00:00.000Z'],
    ['08:00 Dhaka', '2025-06-16T02:00:00.000Z', false, '2025-06-16T02:00:00.000Z'],
    ['12:00 Dhaka', '2025-06-16T06:00:00.000Z', false, '2025-06-16T06:00:00.000Z'],
    ['03:00 Dhaka on 1 January 1970', '1969-12-31T21:00:00.000Z', true, '1970-01-01T02:00:00.000Z'],
  ])('%s', (_label, at, quiet, sendAt) => {
    expect(inQuietHours(utc(at))).toBe(quiet);
    expect(sendTimeAfterQuietHours(utc(at))).toBe(utc(sendAt));
  });

  it('moves 00:00 Dhaka to 08:00 the same Dhaka day', () => {
    expect(sendTimeAfterQuietHours(utc('2025-06-15T18:00:00.000Z'))).toBe(EIGHT_AM_DHAKA);
  });

  it('treats a non-finite time as outside quiet hours', () => {
    expect(inQuietHours(Number.NaN)).toBe(false);
    expect(sendTimeAfterQuietHours(Number.NaN)).toBeNaN();
  });

  it('always answers a time outside quiet hours, at most 8 hours later', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8_640_000_000_000, max: 8_640_000_000_000 }), (ms) => {
        const at = sendTimeAfterQuietHours(ms);
        expect(inQuietHours(at)).toBe(false);
        expect(at - ms).toBeGreaterThanOrEqual(0);
        expect(at - ms).toBeLessThanOrEqual(8 * 3_600_000);
        expect(at === ms).toBe(!inQuietHours(ms));
      }),
    );
  });
});
