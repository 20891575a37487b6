import { describe, expect, it } from 'vitest';
import { cleanCode, createScanDebouncer, type QueuedPunch, retryDelay, settledIds } from './punch-queue';

const punch = (clientId: string, at = 0): QueuedPunch => ({
  clientId,
  deviceKey: 'k',
  code: `card-${clientId}`,
  via: 'rfid',
  at,
});

describe('settledIds', () => {
  it('settles every answered punch, whatever the outcome, and keeps the unanswered', () => {
    const batch = [punch('a'), punch('b'), punch('c'), punch('d')];
    expect(
      settledIds(batch, [
        { clientId: 'a', outcome: 'recorded' },
        { clientId: 'b', outcome: 'duplicate' },
        { clientId: 'd', outcome: 'unknown' },
      ]),
    ).toEqual(['a', 'b', 'd']);
  });

  it('ignores answers for punches that were not in the batch', () => {
    expect(settledIds([punch('a')], [{ clientId: 'z', outcome: 'recorded' }])).toEqual([]);
  });
});

describe('retryDelay', () => {
  it('doubles from one second and stops at a minute', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 6, 7, 20].map((failures) => retryDelay(failures, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 32_000, 60_000, 60_000,
    ]);
  });

  it('spreads tries by at most a quarter either way', () => {
    expect(retryDelay(3, () => 0)).toBe(3_000);
    expect(retryDelay(3, () => 1)).toBe(5_000);
  });
});

describe('createScanDebouncer', () => {
  it('drops the same code until it has been out of sight for the window', () => {
    const accept = createScanDebouncer(3_000);
    expect(accept('A', 0)).toBe(true);
    expect(accept('A', 500)).toBe(false);
    expect(accept('B', 600)).toBe(true);
    expect(accept('A', 3_499)).toBe(false);
    expect(accept('A', 6_499)).toBe(true);
    expect(accept('B', 6_500)).toBe(true);
  });

  it('never takes a code twice while it stays in view, however long', () => {
    const accept = createScanDebouncer(1_000);
    const taken = Array.from({ length: 100 }, (_, i) => accept('QR', i * 150)).filter(Boolean);
    expect(taken).toHaveLength(1);
    expect(accept('QR', 99 * 150 + 1_000)).toBe(true);
  });
});

describe('cleanCode', () => {
  it('trims and refuses empty or overlong codes', () => {
    expect(cleanCode('  0012345678\n')).toBe('0012345678');
    expect(cleanCode('   ')).toBeNull();
    expect(cleanCode('x'.repeat(201))).toBeNull();
    expect(cleanCode('BW1:S:abc')).toBe('BW1:S:abc');
  });
});
