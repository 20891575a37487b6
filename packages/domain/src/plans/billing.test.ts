import { describe, expect, it } from 'vitest';
import { addPlanMonths, graceEnd, periodStart, planForSale, planQuote, smsPackQuote } from './billing';

const at = (iso: string) => Date.parse(iso);

describe('plan billing', () => {
  it.each([
    ['2026-01-15T10:00:00Z', 1, '2026-02-15T10:00:00Z'],
    ['2026-01-31T10:00:00Z', 1, '2026-02-28T10:00:00Z'],
    ['2026-11-30T00:00:00Z', 3, '2027-02-28T00:00:00Z'],
    ['2026-03-31T06:00:00Z', 12, '2027-03-31T06:00:00Z'],
  ])('adds months to %s (+%i) → %s', (from, months, to) => {
    expect(addPlanMonths(at(from), months)).toBe(at(to));
  });

  it('bills at least the minimum students, less the discount', () => {
    const settings = { minimumBilledStudents: 10 };
    expect(planQuote(2_000, 3, 1, settings)).toEqual({
      listPaisa: 20_000,
      discountPaisa: 0,
      amountPaisa: 20_000,
    });
    expect(planQuote(2_000, 40, 3, settings, 25)).toEqual({
      listPaisa: 240_000,
      discountPaisa: 60_000,
      amountPaisa: 180_000,
    });
    expect(smsPackQuote(1000, { smsPricePaisa: 43 })).toEqual({
      listPaisa: 43_000,
      discountPaisa: 0,
      amountPaisa: 43_000,
    });
  });

  it('renews the plan in force from its end, anything else from now', () => {
    const now = at('2026-05-01T00:00:00Z');
    const end = at('2026-05-20T00:00:00Z');
    expect(periodStart(now, { planId: 'pro', endsAt: end }, 'pro')).toBe(end);
    expect(periodStart(now, { planId: 'pro', endsAt: end }, 'elite')).toBe(now);
    expect(periodStart(now, { planId: 'pro', endsAt: at('2026-04-20T00:00:00Z') }, 'pro')).toBe(now);
    expect(periodStart(now, { planId: 'lite', endsAt: null }, 'pro')).toBe(now);
    expect(graceEnd(end, 7)).toBe(at('2026-05-27T00:00:00Z'));
  });

  it('sells only plans with a published price', () => {
    expect(planForSale({ pricePerStudentPaisa: 2_000, quotedOnRequest: false })).toBe(true);
    expect(planForSale({ pricePerStudentPaisa: null, quotedOnRequest: false })).toBe(false);
    expect(planForSale({ pricePerStudentPaisa: 0, quotedOnRequest: false })).toBe(false);
    expect(planForSale({ pricePerStudentPaisa: 2_000, quotedOnRequest: true })).toBe(false);
  });
});
