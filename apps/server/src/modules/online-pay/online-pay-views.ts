import type {
  OnlinePaymentView,
  PayAttemptPublic,
  PublicPayPortal,
  StudentDuesView,
} from '@batchwise/domain';
import type { Selectable } from 'kysely';
import type { OnlinePaymentsTable } from '../../db/schema-online-pay';
import { receiptLinkOf } from '../fees/fees-view';
import type { OnlinePayRepository } from './online-pay.repository';
import type { Attempt } from './settle';

/** The parent portal's address for a pay link (part 1 §2.3: `/s-pay` with key and suid params). */
export const payLinkPath = (key: string, studentId: string) =>
  `/s-pay?key=${encodeURIComponent(key)}&suid=${encodeURIComponent(studentId)}`;

/** An attempt as the staff's list and review show it. */
export function attemptView(
  r: Selectable<OnlinePaymentsTable> | Attempt,
  studentName: string,
): OnlinePaymentView {
  return {
    id: r.id,
    tranId: r.tran_id,
    gateway: r.gateway,
    gatewayPaymentId: r.gateway_payment_id,
    gatewayTransactionId: r.gateway_trx_id,
    studentId: r.student_id,
    studentName,
    amountPaisa: Number(r.amount),
    status: r.status,
    reason: (r.reason as OnlinePaymentView['reason']) ?? null,
    note: r.note,
    paymentId: r.payment_id,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

type AttemptPageRow = NonNullable<Awaited<ReturnType<OnlinePayRepository['attemptForPage']>>>;

/** An attempt as its public result page shows it: the receipt and gateway id only once paid. */
export function attemptPublicView(row: AttemptPageRow): PayAttemptPublic {
  return {
    tranId: row.tran_id,
    status: row.status,
    reason: (row.reason as PayAttemptPublic['reason']) ?? null,
    gateway: row.gateway,
    amountPaisa: Number(row.amount),
    institution: row.institution,
    studentName: row.student_name,
    createdAt: Number(row.created_at),
    paidAt: row.status === 'paid' && row.paid_at !== null ? Number(row.paid_at) : null,
    gatewayTransactionId: row.status === 'paid' ? row.gateway_trx_id : null,
    receiptNo: row.receipt_no ?? null,
    receiptLink: row.receipt_key ? receiptLinkOf(row.receipt_key) : null,
    payLink: row.pay_key ? payLinkPath(row.pay_key, row.student_id) : '/s-pay',
    returnPath: row.return_path ?? null,
  };
}

/**
 * The student's unpaid lines as the portal lists them: monthly fees grouped by classroom with a
 * sub-total each, one-off charges on their own; settled lines are left out.
 */
export function portalDues(dues: StudentDuesView): Pick<PublicPayPortal, 'classrooms' | 'charges'> {
  const classrooms = new Map<string, PublicPayPortal['classrooms'][number]>();
  const charges: PublicPayPortal['charges'] = [];
  for (const l of dues.lines) {
    if (l.duePaisa <= 0) continue;
    if (l.kind === 'charge') {
      charges.push({
        chargeId: l.chargeId!,
        classroomId: l.classroomId,
        classroomName: l.classroomName,
        label: l.label,
        month: l.month,
        duePaisa: l.duePaisa,
      });
      continue;
    }
    const room = classrooms.get(l.classroomId!) ?? {
      classroomId: l.classroomId!,
      classroomName: l.classroomName ?? '',
      months: [],
      subTotalPaisa: 0,
    };
    room.months.push({
      month: l.month,
      duePaisa: l.duePaisa,
      chargedPaisa: l.chargedPaisa,
      paidPaisa: l.paidPaisa,
    });
    room.subTotalPaisa += l.duePaisa;
    classrooms.set(l.classroomId!, room);
  }
  return { classrooms: [...classrooms.values()], charges };
}
