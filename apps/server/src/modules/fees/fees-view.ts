import type { PaymentView } from '@batchwise/domain';
import type { FeesRepository } from './fees.repository';

type PaymentRow = NonNullable<Awaited<ReturnType<FeesRepository['findPayment']>>>;
type AllocationRow = Awaited<ReturnType<FeesRepository['allocationsOf']>>[number];

/** The public receipt page of a payment (apps/web paths.ts `studentPaymentReceipt`). */
export const receiptLinkOf = (key: string) => `/student-payment-receipt?key=${encodeURIComponent(key)}`;

/** Payments as staff see them, each with what it paid for and who took or voided it. */
export async function paymentViews(repo: FeesRepository, accountId: string, rows: readonly PaymentRow[]) {
  const allocations = await repo.allocationsOf(rows.map((r) => r.id));
  const names = await repo.classroomNames(accountId);
  const byPayment = new Map<string, AllocationRow[]>();
  for (const a of allocations) byPayment.set(a.payment_id, [...(byPayment.get(a.payment_id) ?? []), a]);
  return rows.map(
    (p): PaymentView => ({
      id: p.id,
      receiptNo: Number(p.receipt_no),
      studentId: p.student_id,
      studentName: p.student_name,
      method: p.method,
      reference: p.reference,
      amountPaisa: Number(p.amount),
      note: p.note,
      receivedAt: Number(p.received_at),
      takenBy: p.taken_by,
      refundOf: p.refund_of,
      receiptLink: receiptLinkOf(p.receipt_key),
      allocations: (byPayment.get(p.id) ?? []).map((a) => ({
        classroomId: a.classroom_id,
        classroomName: a.classroom_id ? (names.get(a.classroom_id) ?? null) : null,
        month: a.month,
        chargeId: a.charge_id,
        label: a.label ?? '',
        amountPaisa: Number(a.amount),
      })),
      voided:
        p.voided_at === null
          ? null
          : { at: Number(p.voided_at), by: p.voided_by, reason: p.void_reason ?? '' },
    }),
  );
}
