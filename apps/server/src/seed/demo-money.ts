import crypto from 'node:crypto';
import { addMonths, type BillingMonth, dayOf, dayStartMs, monthOf } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { FeesRepository } from '../modules/fees/fees.repository';
import { MoneyRepository } from '../modules/money/money.repository';
import { DEMO } from './demo-accounts';
import type { DemoSignIn } from './seed';

// Demo money: four months of fees paid at the counter on the demo teacher's
// students, with a few defaulters, a refund, a waiver and a discount, and the centre's own income
// and expenses, so the money manager opens on real charts and a real collection rate. Payments go
// through the fees repository, so receipt numbers run from 1 without gaps as the counter's do.

const HOUR = 3_600_000;
const MONTHS = 4;
const METHODS = ['cash', 'cash', 'bkash', 'cash', 'nagad', 'bank'] as const;

/** Expenses each month: category, amount in paisa, day of the month. */
const MONTHLY_EXPENSES = [
  ['rent', 500_000, 2],
  ['salaries', 600_000, 5],
  ['utilities', 120_000, 10],
  ['internet', 80_000, 12],
] as const;
const ONE_OFF = [
  { kind: 'expense', category: 'printing', amount: 85_000, monthsAgo: 2, day: 18, note: 'Model test papers' },
  {
    kind: 'expense',
    category: 'stationery',
    amount: 42_000,
    monthsAgo: 1,
    day: 7,
    note: 'Markers and registers',
  },
  {
    kind: 'income',
    category: 'book-sales',
    amount: 150_000,
    monthsAgo: 1,
    day: 21,
    note: 'Physics guide, 10 copies',
  },
  { kind: 'income', category: 'materials', amount: 60_000, monthsAgo: 0, day: 3, note: 'Lecture sheets' },
  {
    kind: 'expense',
    category: 'Generator fuel',
    amount: 35_000,
    monthsAgo: 0,
    day: 4,
    note: 'Load-shedding week',
  },
] as const;

export async function seedDemoMoney(deps: Deps): Promise<DemoSignIn[]> {
  const now = deps.clock.now();
  await deps.db.kysely.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('users as u')
      .innerJoin('accounts as a', 'a.owner_user_id', 'u.id')
      .select(['u.id as user_id', 'a.id as account_id'])
      .where('u.email', '=', DEMO.teacher.email)
      .executeTakeFirst();
    if (owner) await seedAccount(trx, now, owner.account_id, owner.user_id);
  });
  return [];
}

/** A moment on a day of a month, never after now (this month's later days are not here yet). */
function momentIn(month: BillingMonth, day: number, hour: number, now: number): number | null {
  const at = dayStartMs(`${month}-${String(day).padStart(2, '0')}`) + hour * HOUR;
  return at < now ? at : null;
}

async function seedAccount(trx: Kysely<Database>, now: number, accountId: string, userId: string) {
  const thisMonth = monthOf(now);
  const first = addMonths(thisMonth, -(MONTHS - 1));
  // The demo students joined four months ago, so there are months to have paid for.
  const joined = dayStartMs(`${first}-01`) + 10 * HOUR;
  const classroomIds = (
    await trx.selectFrom('classrooms').select('id').where('account_id', '=', accountId).execute()
  ).map((c) => c.id);
  if (classroomIds.length === 0) return;
  await trx
    .updateTable('enrolments')
    .set({ accepted_at: joined, applied_at: joined })
    .where('classroom_id', 'in', classroomIds)
    .execute();

  const fees = new FeesRepository(trx);
  const enrolments = await new MoneyRepository(trx).enrolments(accountId);
  const byStudent = new Map<string, typeof enrolments>();
  for (const e of enrolments) byStudent.set(e.student_id, [...(byStudent.get(e.student_id) ?? []), e]);
  const students = [...byStudent.keys()].sort();

  let firstPayment: {
    id: string;
    studentId: string;
    classroomId: string;
    month: string;
    amount: number;
  } | null = null;
  for (let m = 0; m < MONTHS; m++) {
    const month = addMonths(first, m);
    for (const [index, studentId] of students.entries()) {
      // The last student is a defaulter from the second month; this month only half have paid yet.
      if (m > 0 && index === students.length - 1) continue;
      if (month === thisMonth && index % 2 === 1) continue;
      const rows = byStudent.get(studentId) ?? [];
      // Someone pays only part of a month now and then.
      const partial = (index + m) % 5 === 3;
      // Two of this month's are paid today, so "Today" has something to show on first start.
      const paidToday = month === thisMonth && index < 3;
      const at = paidToday
        ? now - (index + 1) * 40 * 60_000
        : (momentIn(month, 2 + ((index * 3 + m) % 18), 9 + (index % 8), now) ??
          (month === thisMonth ? momentIn(month, Number(dayOf(now).slice(8)), index / 60, now) : null));
      if (at === null) continue;
      const id = newId(at);
      const allocations = rows.map((e) => ({
        id: newId(at),
        payment_id: id,
        account_id: accountId,
        student_id: studentId,
        classroom_id: e.classroom_id,
        month,
        charge_id: null,
        amount: partial
          ? Math.round(Number(e.fee_override ?? e.classroom_fee) / 2)
          : Number(e.fee_override ?? e.classroom_fee),
      }));
      const amount = allocations.reduce((sum, a) => sum + a.amount, 0);
      await fees.insertPayment(
        {
          id,
          account_id: accountId,
          student_id: studentId,
          receipt_no: await fees.nextReceiptNo(accountId),
          receipt_key: crypto.randomBytes(24).toString('base64url'),
          method: METHODS[(index + m) % METHODS.length]!,
          reference: '',
          amount,
          note: '',
          received_at: at,
          created_at: at,
          created_by_user_id: userId,
          refund_of: null,
          voided_at: null,
          voided_by_user_id: null,
          void_reason: null,
        },
        allocations,
      );
      if (!firstPayment && allocations[0])
        firstPayment = {
          id,
          studentId,
          classroomId: allocations[0].classroom_id,
          month,
          amount: allocations[0].amount,
        };
    }
  }

  // A refund: part of the first fee given back when the student missed a fortnight.
  if (firstPayment) {
    const at = momentIn(addMonths(first, 1), 3, 11, now) ?? now - HOUR;
    const id = newId(at);
    const refund = Math.min(50_000, firstPayment.amount);
    await fees.insertPayment(
      {
        id,
        account_id: accountId,
        student_id: firstPayment.studentId,
        receipt_no: await fees.nextReceiptNo(accountId),
        receipt_key: crypto.randomBytes(24).toString('base64url'),
        method: 'cash',
        reference: '',
        amount: -refund,
        note: 'Missed two weeks (illness)',
        received_at: at,
        created_at: at,
        created_by_user_id: userId,
        refund_of: firstPayment.id,
        voided_at: null,
        voided_by_user_id: null,
        void_reason: null,
      },
      [
        {
          id: newId(at),
          payment_id: id,
          account_id: accountId,
          student_id: firstPayment.studentId,
          classroom_id: firstPayment.classroomId,
          month: firstPayment.month,
          charge_id: null,
          amount: -refund,
        },
      ],
    );
  }

  // A scholarship waiver and a sibling discount for the defaulter's recent months.
  const last = students.at(-1);
  const lastRoom = last ? byStudent.get(last)?.[0] : undefined;
  if (last && lastRoom) {
    const adjustments = [
      { month: addMonths(thisMonth, -1), kind: 'waiver' as const, amount: 0, reason: 'Scholarship (merit)' },
      { month: thisMonth, kind: 'discount' as const, amount: 30_000, reason: 'Sibling discount' },
    ];
    for (const [i, a] of adjustments.entries()) {
      const at = now - (i + 1) * 26 * HOUR;
      await fees.insertAdjustment({
        id: newId(at),
        account_id: accountId,
        student_id: last,
        classroom_id: lastRoom.classroom_id,
        month: a.month,
        kind: a.kind,
        amount: a.amount,
        reason: a.reason,
        created_at: at,
        created_by_user_id: userId,
        removed_at: null,
        removed_by_user_id: null,
      });
    }
  }

  const money = new MoneyRepository(trx);
  const entry = async (
    kind: 'income' | 'expense',
    category: string,
    amount: number,
    at: number,
    note: string,
  ) =>
    money.insertEntry({
      id: newId(at),
      account_id: accountId,
      kind,
      category,
      amount,
      occurred_at: at,
      note,
      created_at: at,
      created_by_user_id: userId,
      updated_at: null,
      updated_by_user_id: null,
      removed_at: null,
      removed_by_user_id: null,
    });
  for (let m = 0; m < MONTHS; m++) {
    const month = addMonths(first, m);
    for (const [category, amount, day] of MONTHLY_EXPENSES) {
      const at = momentIn(month, day, 12, now);
      if (at !== null) await entry('expense', category, amount, at, '');
    }
  }
  for (const e of ONE_OFF) {
    const at = momentIn(addMonths(thisMonth, -e.monthsAgo), e.day, 12, now);
    if (at !== null) await entry(e.kind, e.category, e.amount, at, e.note);
  }
}
