import crypto from 'node:crypto';
import { COUNTER_METHODS, isBillingMonth, monthOf } from '@batchwise/domain';
import { newId } from '../../lib/ids';
import { entries, type ImportContext, ms, paisa, type Tree, text, textOrNull, tree } from './firebase-values';
import type { ImportedClassroom } from './map-classrooms';

const RECEIPT_KEY_BYTES = 24;

/** A payment as read: what it paid for (a month of the classroom, or one of its special payments). */
interface Paid {
  readonly key: string;
  readonly studentId: string;
  readonly classroomId: string;
  readonly record: Tree;
  readonly amount: number;
  readonly receivedAt: number;
  readonly month: string | null;
  readonly chargeId: string | null;
}

/** The counter's methods as typed in any case ("bKash", "Bkash "); other words kept lower-cased. */
function methodOf(value: unknown): string {
  const method = text(value).toLowerCase();
  return (COUNTER_METHODS as readonly string[]).includes(method) ? method : method || 'cash';
}

/**
 * A classroom's special payments (Batch/specialPayments/{key}: Title, Amount in taka, Month) as
 * the classroom's charges; ids by `batchKey/key` for the payments made toward them.
 */
async function importCharges(
  ctx: ImportContext,
  uid: string,
  accountId: string,
  classrooms: readonly ImportedClassroom[],
): Promise<Map<string, string>> {
  const charges: { path: string; key: string; values: Tree; createOnly: Tree }[] = [];
  for (const classroom of classrooms) {
    for (const [chargeKey, charge] of entries(classroom.data.specialPayments)) {
      const path = `${classroom.batchKey}/${chargeKey}`;
      const key = `${uid}/${path}`;
      ctx.report.read('feeCharges');
      const amount = paisa(charge.Amount);
      const created = ms(charge.createdAt);
      const month = text(charge.Month);
      const dueMonth = isBillingMonth(month) ? month : created === null ? null : monthOf(created);
      if (!amount || !dueMonth) {
        ctx.report.skip('feeCharges', key, 'IMPORT_CHARGE_WITHOUT_AMOUNT_OR_MONTH');
        continue;
      }
      charges.push({
        path,
        key,
        values: {
          account_id: accountId,
          classroom_id: classroom.id,
          student_id: null,
          label: text(charge.Title) || chargeKey,
          amount,
          due_month: dueMonth,
        },
        createOnly: { created_at: created ?? ctx.now, created_by_user_id: null, removed_at: null },
      });
    }
  }
  const written = await ctx.repo.syncKeyedMany('fee_charges', 'fee-charge', charges, ctx.now);
  for (const { outcome } of written) ctx.report.wrote('feeCharges', outcome);
  return new Map(charges.map(({ path }, i) => [path, written[i]!.id]));
}

/**
 * Every accepted student's payments in each classroom: PaymentHistory entries (a month's fee;
 * the month as Month, or the month of its timeStamp) and specialPayments/{key} (toward the
 * classroom's special payment of that key). Each becomes a payment with one allocation.
 */
function paymentsOf(
  ctx: ImportContext,
  uid: string,
  classrooms: readonly ImportedClassroom[],
  students: ReadonlyMap<string, string>,
  charges: ReadonlyMap<string, string>,
): Paid[] {
  const out: Paid[] = [];
  for (const classroom of classrooms) {
    for (const [studentUid, value] of Object.entries(tree(classroom.data.AcceptedStudents))) {
      const record = tree(value);
      const studentId = students.get(studentUid);
      const lists = [
        ['month', entries(record.PaymentHistory)],
        ['charge', entries(record.specialPayments)],
      ] as const;
      for (const [kind, list] of lists) {
        for (const [payKey, payment] of list) {
          const key = `${uid}/${classroom.batchKey}/${studentUid}/${payKey}`;
          ctx.report.read('payments');
          const amount = paisa(payment.Amount);
          const receivedAt = ms(payment.timeStamp);
          const chargeId = kind === 'charge' ? charges.get(`${classroom.batchKey}/${payKey}`) : undefined;
          if (!studentId) ctx.report.skip('payments', key, 'IMPORT_STUDENT_SKIPPED');
          else if (kind === 'charge' && !chargeId)
            ctx.report.orphan('payments', key, 'IMPORT_PAYMENT_FOR_UNKNOWN_CHARGE');
          else if (!amount) ctx.report.skip('payments', key, 'IMPORT_PAYMENT_WITHOUT_AMOUNT');
          else if (receivedAt === null) ctx.report.skip('payments', key, 'IMPORT_PAYMENT_WITHOUT_TIME');
          else {
            const month = text(payment.Month);
            out.push({
              key,
              studentId,
              classroomId: classroom.id,
              record: payment,
              amount,
              receivedAt,
              month: kind === 'month' ? (isBillingMonth(month) ? month : monthOf(receivedAt)) : null,
              chargeId: chargeId ?? null,
            });
          }
        }
      }
    }
  }
  return out;
}

/**
 * The account's fees history (part 1 §3 "Batch" specialPayments, "Accepted student"
 * PaymentHistory and specialPayments): special payments become the classroom's charges, and
 * every payment a payment with its allocation and the account's next receipt number (oldest
 * first). A payment is written once: the ledger here changes only by voids, so a payment already
 * imported is left as it is.
 */
export async function importPayments(
  ctx: ImportContext,
  uid: string,
  accountId: string,
  classrooms: readonly ImportedClassroom[],
  students: ReadonlyMap<string, string>,
): Promise<void> {
  const charges = await importCharges(ctx, uid, accountId, classrooms);
  const paid = paymentsOf(ctx, uid, classrooms, students, charges);
  const known = await ctx.repo.ourIds(
    'payment',
    paid.map((p) => p.key),
  );
  const present = await ctx.repo.existingIds('payments', [...known.values()]);
  const missing = paid
    .filter((p) => !present.has(known.get(p.key) ?? ''))
    .sort((a, b) => a.receivedAt - b.receivedAt || (a.key < b.key ? -1 : 1));
  for (let i = paid.length - missing.length; i > 0; i--) ctx.report.wrote('payments', 'unchanged');
  if (missing.length === 0) return;
  const first = await ctx.repo.takeReceiptNumbers(accountId, missing.length);
  const newKeys: { key: string; id: string }[] = [];
  // The receipts' public link keys (random, as payments.service gives them), drawn in one call.
  const random = crypto.randomBytes(RECEIPT_KEY_BYTES * missing.length);
  const payments = missing.map((p, i) => {
    let id = known.get(p.key);
    if (!id) {
      id = newId(ctx.now);
      newKeys.push({ key: p.key, id });
    }
    ctx.report.wrote('payments', 'created');
    return {
      id,
      account_id: accountId,
      student_id: p.studentId,
      receipt_no: first + i,
      method: methodOf(p.record.PaymentMethod),
      reference: text(p.record.TransactionID),
      amount: p.amount,
      note: textOrNull(p.record.Note) ?? '',
      received_at: p.receivedAt,
      created_at: ctx.now,
      created_by_user_id: null,
      refund_of: null,
      voided_at: null,
      voided_by_user_id: null,
      void_reason: null,
      receipt_key: random.subarray(i * RECEIPT_KEY_BYTES, (i + 1) * RECEIPT_KEY_BYTES).toString('base64url'),
      request_key: null,
    };
  });
  await ctx.repo.insertRows('payments', payments);
  await ctx.repo.insertRows(
    'payment_allocations',
    missing.map((p, i) => ({
      id: newId(ctx.now),
      payment_id: payments[i]!.id,
      account_id: accountId,
      student_id: p.studentId,
      classroom_id: p.chargeId ? null : p.classroomId,
      month: p.month,
      charge_id: p.chargeId,
      amount: p.amount,
    })),
  );
  await ctx.repo.rememberKeys('payment', newKeys, ctx.now);
}
