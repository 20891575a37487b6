import crypto from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PaymentAllocationsTable, PaymentsTable } from '../../db/schema-fees';
import type { Principal } from '../../lib/access';
import { type ActivityEntry, logActivity } from '../activity/activity';
import { emitWebhook } from '../webhooks/webhook-outbox';
import { FeesRepository } from './fees.repository';

type NewPayment = Omit<
  Insertable<PaymentsTable>,
  'receipt_no' | 'receipt_key' | 'created_by_user_id' | 'voided_at' | 'voided_by_user_id' | 'void_reason'
>;

/**
 * Writes a payment (or refund) that stands, with the account's next receipt number, what it
 * pays for and its activity entry, in the caller's transaction. No principal: a payment nobody
 * took at the counter (an online payment the gateway confirmed, modules/online-pay).
 */
export async function recordPayment(
  trx: Kysely<Database>,
  principal: Principal | null,
  payment: NewPayment,
  allocations: readonly Insertable<PaymentAllocationsTable>[],
  activity: (receiptNo: number) => Pick<ActivityEntry, 'eventName' | 'message'>,
): Promise<void> {
  const repo = new FeesRepository(trx);
  const receiptNo = await repo.nextReceiptNo(payment.account_id);
  await repo.insertPayment(
    {
      ...payment,
      receipt_no: receiptNo,
      receipt_key: crypto.randomBytes(24).toString('base64url'),
      created_by_user_id: principal?.user.id ?? null,
      voided_at: null,
      voided_by_user_id: null,
      void_reason: null,
    },
    allocations,
  );
  await logActivity(
    trx,
    principal,
    {
      accountId: payment.account_id,
      ...activity(receiptNo),
      subjectType: 'student',
      subjectId: payment.student_id,
      data: { paymentId: payment.id, receiptNo, amountPaisa: payment.amount, refundOf: payment.refund_of },
    },
    Number(payment.created_at),
  );
  await emitWebhook(trx, {
    accountId: payment.account_id,
    type: 'payment.recorded',
    data: {
      paymentId: payment.id,
      studentId: payment.student_id,
      receiptNo,
      amountPaisa: payment.amount,
      method: payment.method,
      receivedAt: Number(payment.received_at),
      refundOf: payment.refund_of ?? null,
    },
    now: Number(payment.created_at),
  });
}
