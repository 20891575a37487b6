import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf, roundPercent } from './percent';

/** The exact half-up reference: ⌊(part × 10 000 × 2 + whole) ÷ (2 × whole)⌋ ÷ 100, in BigInt. */
function reference(part: bigint, whole: bigint): number {
  const num = part * 10_000n * 2n + whole;
  const den = 2n * whole;
  let q = num / den;
  if (num % den !== 0n && num < 0n) q -= 1n;
  return Number(q) / 100;
}

describe('percentOf: two decimals, half up, on every screen', () => {
  it.each([
    [60.5, 75, 80.67],
    [1, 3, 33.33],
    [2, 3, 66.67],
    [1, 8, 12.5],
    [1, 20_000, 0.01],
    [1, 20_001, 0],
    [0.005, 1, 0.5],
    [1.005, 100, 1.01],
    [32.995, 100, 33],
    [75, 75, 100],
    [0, 75, 0],
    [5, 0, 0],
  ])('%s of %s is %s %%', (part, whole, expected) => {
    expect(percentOf(part, whole)).toBe(expected);
  });

  it('is the exact half-up value of any integer ratio', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (p, w) => {
          expect(percentOf(p, w)).toBe(reference(BigInt(p), BigInt(w)));
        },
      ),
    );
  });

  it('agrees for marks typed in hundredths and the same marks as decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), (p, w) => {
        expect(percentOf(p / 100, w / 100)).toBe(percentOf(p, w));
      }),
    );
  });

  it('is within half a hundredth of the true value, with at most two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (p, w) => {
        const shown = percentOf(p, w);
        expect(Math.abs(shown - (p * 100) / w)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.round(shown * 100) / 100).toBe(shown);
      }),
    );
  });

  it('never falls as the part grows (monotone)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (a, b, w) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(percentOf(hi, w)).toBeGreaterThanOrEqual(percentOf(lo, w));
        },
      ),
    );
  });

  it('takes exact fractions too (weighted term averages)', () => {
    // (1 × 2/3 + 1 × 1/3 × …) as one fraction: 121/150 of 100 is 80.666… → 80.67.
    expect(percentOf(121n, 150n)).toBe(80.67);
  });

  it('rounds an average of shown percentages the same way', () => {
    expect(roundPercent(80.665)).toBe(80.67);
    expect(roundPercent(80.664)).toBe(80.66);
    expect(roundPercent(100)).toBe(100);
  });
});
