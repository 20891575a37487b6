import { describe, expect, it } from 'vitest';
import {
  addDays,
  bucketOf,
  dayFromNumber,
  dayNumberOf,
  dayOf,
  dayStartMs,
  daysFrom,
  daysInRange,
  isBangladeshDay,
  monthDays,
  nextBangladeshHour,
  rangeBounds,
  seriesBuckets,
} from './days';
import {
  classroomCollection,
  collectionRate,
  isDefaultMoneyCategory,
  moneyBuckets,
  moneySummary,
  waivedValuePaisa,
} from './ledger';

describe('Bangladesh days', () => {
  it.each([
    [Date.UTC(2026, 10, 24, 17, 59), '2026-11-24'],
    [Date.UTC(2026, 10, 24, 18, 0), '2026-11-25'],
    [Date.UTC(2026, 11, 31, 18, 30), '2027-01-01'],
  ])('dayOf(%d) is %s', (at, day) => {
    expect(dayOf(at)).toBe(day);
    expect(dayFromNumber(dayNumberOf(at))).toBe(day);
  });

  it.each([
    // [now (UTC), hour in Dhaka, next run (UTC)]
    ['2026-11-24T19:00:00Z', 2, '2026-11-24T20:00:00Z'],
    ['2026-11-24T20:00:00Z', 2, '2026-11-25T20:00:00Z'],
    ['2026-11-24T20:30:00Z', 2, '2026-11-25T20:00:00Z'],
    ['2026-11-24T17:59:59Z', 0, '2026-11-24T18:00:00Z'],
    ['2026-11-24T18:00:00Z', 23, '2026-11-25T17:00:00Z'],
    ['2026-11-24T03:59:00Z', 10, '2026-11-24T04:00:00Z'],
  ])('from %s the next %i:00 in Dhaka is %s', (from, hour, next) => {
    expect(nextBangladeshHour(Date.parse(from), hour)).toBe(Date.parse(next));
  });

  it.each([
    ['2026-11-25', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2026-13-01', false],
    ['26-11-25', false],
  ])('isBangladeshDay(%s) is %s', (text, ok) => {
    expect(isBangladeshDay(text)).toBe(ok);
  });

  it('does day arithmetic', () => {
    expect(dayStartMs('2026-11-25')).toBe(Date.UTC(2026, 10, 24, 18));
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysInRange('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysInRange('2026-11-02', '2026-11-01')).toBe(0);
    expect(daysFrom('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(rangeBounds('2026-11-25', '2026-11-25')).toEqual({
      startMs: Date.UTC(2026, 10, 24, 18),
      endMs: Date.UTC(2026, 10, 25, 18),
    });
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it.each([
    ['2026-11-01', '2026-11-01', 'day', 1],
    ['2026-10-01', '2026-12-01', 'day', 62],
    ['2026-10-01', '2026-12-02', 'month', 3],
    ['2026-01-15', '2026-12-31', 'month', 12],
  ] as const)('charts %s…%s by %s (%d buckets)', (from, to, unit, count) => {
    const series = seriesBuckets(from, to);
    expect(series.unit).toBe(unit);
    expect(series.keys).toHaveLength(count);
    expect(bucketOf('2026-11-25', unit)).toBe(unit === 'day' ? '2026-11-25' : '2026-11');
  });
});

describe('moneySummary', () => {
  const none = {
    collectedPaisa: 0,
    refundedPaisa: 0,
    waivedPaisa: 0,
    manualIncomePaisa: 0,
    expensePaisa: 0,
    tuitionPaisa: 0,
    otherFeesPaisa: 0,
  };
  it.each([
    ['nothing happened', none, { totalIncomePaisa: 0, netIncomePaisa: 0, netProfitPaisa: 0 }],
    [
      'payments and manual income are income',
      {
        ...none,
        collectedPaisa: 300_000,
        manualIncomePaisa: 50_000,
        tuitionPaisa: 250_000,
        otherFeesPaisa: 50_000,
      },
      {
        totalIncomePaisa: 350_000,
        totalCollectedPaisa: 300_000,
        netIncomePaisa: 350_000,
        netProfitPaisa: 350_000,
      },
    ],
    [
      'refunds come off net income, expenses off net profit',
      { ...none, collectedPaisa: 300_000, refundedPaisa: 100_000, expensePaisa: 250_000 },
      {
        totalIncomePaisa: 300_000,
        totalRefundedPaisa: 100_000,
        netIncomePaisa: 200_000,
        netProfitPaisa: -50_000,
      },
    ],
    [
      'waivers are reported, never subtracted (nothing was received)',
      { ...none, collectedPaisa: 100_000, waivedPaisa: 150_000 },
      { totalWaivedPaisa: 150_000, netIncomePaisa: 100_000, netProfitPaisa: 100_000 },
    ],
  ])('%s', (_name, input, expected) => {
    expect(moneySummary(input)).toMatchObject(expected);
  });
});

describe('waivedValuePaisa', () => {
  it.each([
    ['waiver', 0, 150_000, 150_000],
    ['discount', 30_000, 150_000, 30_000],
    ['discount', 200_000, 150_000, 150_000],
    ['not-billable', 0, 150_000, 0],
  ] as const)('%s of %d on a fee of %d forgives %d', (kind, amountPaisa, monthlyFeePaisa, value) => {
    expect(waivedValuePaisa({ kind, amountPaisa, monthlyFeePaisa })).toBe(value);
  });
});

describe('moneyBuckets', () => {
  it('sums per key in the keys order, refunds negative, zero where nothing happened', () => {
    const rows = moneyBuckets(
      ['2026-11-24', '2026-11-25'],
      [
        { key: '2026-11-25', kind: 'collected', paisa: 300_000 },
        { key: '2026-11-25', kind: 'refunded', paisa: 50_000 },
        { key: '2026-11-25', kind: 'income', paisa: 10_000 },
        { key: '2026-11-25', kind: 'expense', paisa: 100_000 },
        { key: '2026-10-01', kind: 'expense', paisa: 999 },
      ],
    );
    expect(rows).toEqual([
      { key: '2026-11-24', incomePaisa: 0, expensePaisa: 0, netPaisa: 0 },
      { key: '2026-11-25', incomePaisa: 260_000, expensePaisa: 100_000, netPaisa: 160_000 },
    ]);
  });
});

describe('collection rate', () => {
  it.each([
    [0, 0, null],
    [50, 100, 0.5],
    [2, 3, 0.6667],
  ])('%d of %d → %s', (collected, billed, rate) => {
    expect(collectionRate(collected, billed)).toBe(rate);
  });

  it('bills each enrolment its fee less adjustments plus the classroom charges, and counts what was paid', () => {
    const rows = classroomCollection({
      month: '2026-11',
      enrolments: [
        { studentId: 's1', classroomId: 'physics', monthlyFeePaisa: 150_000, firstMonth: '2026-09' },
        { studentId: 's2', classroomId: 'physics', monthlyFeePaisa: 150_000, firstMonth: '2026-11' },
        { studentId: 's3', classroomId: 'physics', monthlyFeePaisa: 150_000, firstMonth: '2026-12' },
        { studentId: 's2', classroomId: 'math', monthlyFeePaisa: 200_000, firstMonth: '2026-10' },
      ],
      adjustments: [{ studentId: 's2', classroomId: 'physics', kind: 'discount', amountPaisa: 50_000 }],
      charges: [
        { chargeId: 'exam', label: 'Exam', amountPaisa: 20_000, month: '2026-11', classroomId: 'math' },
      ],
      allocations: [
        { studentId: 's1', kind: 'month', classroomId: 'physics', month: '2026-11', amountPaisa: 200_000 },
        { studentId: 's2', kind: 'month', classroomId: 'physics', month: '2026-10', amountPaisa: 150_000 },
        { studentId: 's2', kind: 'charge', chargeId: 'exam', amountPaisa: 20_000 },
      ],
    });
    expect(rows).toEqual([
      // s1 overpaid: collected counts up to what was billed; s3 joins next month.
      { classroomId: 'physics', students: 2, billedPaisa: 250_000, collectedPaisa: 150_000, rate: 0.6 },
      { classroomId: 'math', students: 1, billedPaisa: 220_000, collectedPaisa: 20_000, rate: 0.0909 },
    ]);
  });
});

describe('categories', () => {
  it('knows the built-in ones per kind', () => {
    expect(isDefaultMoneyCategory('expense', 'rent')).toBe(true);
    expect(isDefaultMoneyCategory('income', 'rent')).toBe(false);
    expect(isDefaultMoneyCategory('expense', 'Generator fuel')).toBe(false);
  });
});
