import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateOldestFirst,
  type DuesAllocation,
  type DuesEnrolment,
  defaultersFirst,
  type StudentDuesInput,
  studentDues,
} from './dues';
import { addMonths, firstBilledMonth, isBillingMonth, monthOf, monthsFrom } from './months';

const physics: DuesEnrolment = {
  classroomId: 'physics',
  monthlyFeePaisa: 150_000,
  firstMonth: '2026-09',
  lastMonth: null,
};
const math: DuesEnrolment = { ...physics, classroomId: 'math', monthlyFeePaisa: 200_000 };

const dues = (over: Partial<StudentDuesInput>) =>
  studentDues({
    enrolments: [physics],
    adjustments: [],
    charges: [],
    allocations: [],
    throughMonth: '2026-11',
    ...over,
  });

const pay = (classroomId: string, month: string, amountPaisa: number): DuesAllocation => ({
  kind: 'month',
  classroomId,
  month,
  amountPaisa,
});

describe('billing months', () => {
  it('reads the month in Bangladesh time', () => {
    // 2026-11-30 19:00 UTC is already 1 December in Dhaka (UTC+6).
    expect(monthOf(Date.UTC(2026, 10, 30, 19))).toBe('2026-12');
    expect(monthOf(Date.UTC(2026, 10, 30, 17))).toBe('2026-11');
  });

  it('reads the same month by arithmetic as Intl does, before and after 2010', () => {
    const dhaka = (ms: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka', year: 'numeric', month: '2-digit' }).format(
        ms,
      );
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2005, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
        expect(monthOf(ms)).toBe(dhaka(ms));
      }),
      { numRuns: 2000 },
    );
  });

  it('moves across years and lists months both ends included', () => {
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthsFrom('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsFrom('2026-11', '2026-10')).toEqual([]);
    expect(isBillingMonth('2026-13')).toBe(false);
  });

  it('bills from the later of the joining month and the collection month', () => {
    const joined = Date.UTC(2026, 9, 15); // October 2026
    expect(firstBilledMonth(joined, null)).toBe('2026-10');
    expect(firstBilledMonth(joined, '2027-01')).toBe('2027-01');
    expect(firstBilledMonth(joined, '2026-01')).toBe('2026-10');
  });

  it('addMonths and monthsFrom agree (property)', () => {
    const month = fc
      .tuple(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }))
      .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(month, fc.integer({ min: 0, max: 100 }), (start, n) => {
        const months = monthsFrom(start, addMonths(start, n));
        expect(months).toHaveLength(n + 1);
        expect(addMonths(addMonths(start, n), -n)).toBe(start);
      }),
    );
  });
});

describe('studentDues', () => {
  it('owes every month from the first billed one to this month', () => {
    const { lines, totals } = dues({});
    expect(lines.map((l) => [l.month, l.duePaisa, l.status])).toEqual([
      ['2026-09', 150_000, 'due'],
      ['2026-10', 150_000, 'due'],
      ['2026-11', 150_000, 'due'],
    ]);
    expect(totals).toMatchObject({ duePaisa: 450_000, oldestDueMonth: '2026-09' });
  });

  it('uses each enrolment’s own fee (the override) and stops at the month the student left', () => {
    const { lines, totals } = dues({
      enrolments: [
        { ...physics, lastMonth: '2026-10' },
        { ...math, monthlyFeePaisa: 120_000 },
      ],
    });
    expect(lines.map((l) => [l.classroomId, l.month, l.chargedPaisa])).toEqual([
      ['physics', '2026-09', 150_000],
      ['math', '2026-09', 120_000],
      ['physics', '2026-10', 150_000],
      ['math', '2026-10', 120_000],
      ['math', '2026-11', 120_000],
    ]);
    expect(totals.duePaisa).toBe(2 * 150_000 + 3 * 120_000);
  });

  it('applies waivers, discounts and months that are not billable', () => {
    const { lines, totals } = dues({
      adjustments: [
        { classroomId: 'physics', month: '2026-09', kind: 'waiver' },
        { classroomId: 'physics', month: '2026-10', kind: 'discount', amountPaisa: 50_000 },
        { classroomId: 'physics', month: '2026-10', kind: 'discount', amountPaisa: 20_000 },
        { classroomId: 'physics', month: '2026-11', kind: 'not-billable' },
      ],
    });
    expect(lines.map((l) => [l.month, l.reducedPaisa, l.duePaisa, l.status])).toEqual([
      ['2026-09', 150_000, 0, 'waived'],
      ['2026-10', 70_000, 80_000, 'due'],
      ['2026-11', 150_000, 0, 'not-billable'],
    ]);
    expect(totals).toMatchObject({ reducedPaisa: 370_000, duePaisa: 80_000, oldestDueMonth: '2026-10' });
  });

  it('never takes a discount past the fee', () => {
    const { lines } = dues({
      adjustments: [{ classroomId: 'physics', month: '2026-09', kind: 'discount', amountPaisa: 999_999 }],
    });
    expect(lines[0]).toMatchObject({ reducedPaisa: 150_000, duePaisa: 0, status: 'paid' });
  });

  it('counts partial payments, refunds, credit, and months paid ahead', () => {
    const { lines, totals } = dues({
      allocations: [
        pay('physics', '2026-09', 150_000),
        pay('physics', '2026-10', 100_000),
        pay('physics', '2026-11', 200_000),
        pay('physics', '2026-11', -50_000), // a refund of part of November's payment
        pay('physics', '2027-01', 150_000), // paid ahead
      ],
    });
    expect(lines.map((l) => [l.month, l.paidPaisa, l.duePaisa, l.creditPaisa, l.status])).toEqual([
      ['2026-09', 150_000, 0, 0, 'paid'],
      ['2026-10', 100_000, 50_000, 0, 'partial'],
      ['2026-11', 150_000, 0, 0, 'paid'],
      ['2027-01', 150_000, 0, 0, 'paid'],
    ]);
    // December is not owed yet: paying January ahead does not bring it forward.
    expect(totals).toMatchObject({ paidPaisa: 550_000, duePaisa: 50_000, creditPaisa: 0 });
  });

  it('lists special payments due by this month or paid ahead, after the month’s fees', () => {
    const { lines } = dues({
      charges: [
        {
          chargeId: 'exam',
          label: 'Exam fee',
          amountPaisa: 50_000,
          month: '2026-10',
          classroomId: 'physics',
        },
        { chargeId: 'books', label: 'Books', amountPaisa: 80_000, month: '2027-02', classroomId: null },
        { chargeId: 'trip', label: 'Trip', amountPaisa: 30_000, month: '2027-03', classroomId: null },
      ],
      allocations: [{ kind: 'charge', chargeId: 'books', amountPaisa: 20_000 }],
    });
    expect(lines.map((l) => [l.kind, l.month, l.label, l.duePaisa, l.status])).toEqual([
      ['month', '2026-09', '', 150_000, 'due'],
      ['month', '2026-10', '', 150_000, 'due'],
      ['charge', '2026-10', 'Exam fee', 50_000, 'due'],
      ['month', '2026-11', '', 150_000, 'due'],
      ['charge', '2027-02', 'Books', 60_000, 'partial'],
    ]);
  });

  it('keeps the books balanced for any fees, adjustments and payments (property)', () => {
    const months = ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12'];
    const arb = fc.record({
      fee: fc.integer({ min: 0, max: 500_000 }),
      adjustments: fc.array(
        fc.record({
          month: fc.constantFrom(...months),
          kind: fc.constantFrom('waiver' as const, 'discount' as const, 'not-billable' as const),
          amountPaisa: fc.integer({ min: 0, max: 600_000 }),
        }),
        { maxLength: 6 },
      ),
      payments: fc.array(
        fc.record({ month: fc.constantFrom(...months), amount: fc.integer({ min: -100_000, max: 600_000 }) }),
        {
          maxLength: 8,
        },
      ),
    });
    fc.assert(
      fc.property(arb, ({ fee, adjustments, payments }) => {
        const { lines, totals } = studentDues({
          enrolments: [{ ...physics, firstMonth: '2026-07', monthlyFeePaisa: fee }],
          adjustments: adjustments.map((a) => ({ ...a, classroomId: 'physics' })),
          charges: [],
          allocations: payments.map((p) => pay('physics', p.month, p.amount)),
          throughMonth: '2026-11',
        });
        for (const l of lines) {
          expect(l.duePaisa).toBeGreaterThanOrEqual(0);
          expect(l.creditPaisa).toBeGreaterThanOrEqual(0);
          expect(l.chargedPaisa - l.reducedPaisa - l.paidPaisa).toBe(l.duePaisa - l.creditPaisa);
        }
        expect(totals.chargedPaisa - totals.reducedPaisa - totals.paidPaisa).toBe(
          totals.duePaisa - totals.creditPaisa,
        );
      }),
    );
  });
});

describe('allocateOldestFirst', () => {
  it('pays the oldest months first and reports what is left over', () => {
    const { lines } = dues({ enrolments: [physics, math] });
    const { allocations, leftoverPaisa } = allocateOldestFirst(lines, 400_000);
    expect(allocations).toEqual([
      pay('physics', '2026-09', 150_000),
      pay('math', '2026-09', 200_000),
      pay('physics', '2026-10', 50_000),
    ]);
    expect(leftoverPaisa).toBe(0);
    expect(allocateOldestFirst(lines, 2_000_000).leftoverPaisa).toBe(2_000_000 - 3 * 350_000);
  });

  it('never allocates more than owed or than given, and settles lines in order (property)', () => {
    const { lines } = dues({
      enrolments: [physics, math],
      allocations: [pay('physics', '2026-10', 70_000)],
      adjustments: [{ classroomId: 'math', month: '2026-10', kind: 'waiver' }],
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000_000 }), (amount) => {
        const { allocations, leftoverPaisa } = allocateOldestFirst(lines, amount);
        const given = allocations.reduce((t, a) => t + a.amountPaisa, 0);
        expect(given + leftoverPaisa).toBe(amount);
        const after = studentDues({
          enrolments: [physics, math],
          adjustments: [{ classroomId: 'math', month: '2026-10', kind: 'waiver' }],
          charges: [],
          allocations: [pay('physics', '2026-10', 70_000), ...allocations],
          throughMonth: '2026-11',
        });
        expect(after.totals.creditPaisa).toBe(0);
        const firstOwing = after.lines.findIndex((l) => l.duePaisa > 0);
        if (firstOwing >= 0)
          expect(
            after.lines
              .slice(firstOwing + 1)
              .every((l, i) => l.paidPaisa === lines[firstOwing + 1 + i]!.paidPaisa),
          ).toBe(true);
      }),
    );
  });
});

describe('defaultersFirst', () => {
  it('puts who owes most first, then who has owed longest, then by name', () => {
    const row = (name: string, duePaisa: number, oldestDueMonth: string | null) => ({
      studentId: name,
      name,
      totals: { chargedPaisa: 0, reducedPaisa: 0, paidPaisa: 0, creditPaisa: 0, duePaisa, oldestDueMonth },
    });
    const sorted = defaultersFirst([
      row('Nadia', 0, null),
      row('Rafi', 300_000, '2026-10'),
      row('Arif', 300_000, '2026-08'),
      row('Sadia', 500_000, '2026-11'),
      row('Bashir', 300_000, '2026-08'),
    ]);
    expect(sorted.map((r) => r.name)).toEqual(['Sadia', 'Arif', 'Bashir', 'Rafi', 'Nadia']);
  });
});
