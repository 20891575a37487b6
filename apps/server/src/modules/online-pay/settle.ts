import { allocateOldestFirst, type DueLine, monthOf, type PaymentFailReason } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { PaymentAllocationsTable } from '../../db/schema-fees';
import type { OnlinePaymentStatusColumn, OnlinePaymentsTable } from '../../db/schema-online-pay';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import { FeesRepository } from '../fees/fees.repository';
import { accountStudent, duesOf } from '../fees/fees-dues';
import { publishFees } from '../fees/fees-events';
import { recordPayment } from '../fees/record-payment';
import { OnlinePayRepository } from './online-pay.repository';

// How an attempt ends: each ending is one guarded transition, and `paid`
// records the payment in the same transaction, so it is recorded exactly once however many times
// the IPN, the browser's return and a status query report it (integrations.md §9.1).

export type Attempt = Selectable<OnlinePaymentsTable>;

export type StoredItem =
  | { kind: 'month'; classroomId: string; month: string; amountPaisa: number }
  | { kind: 'charge'; chargeId: string; amountPaisa: number };

export type Verdict =
  | { kind: 'paid'; gatewayTrxId: string; gatewayFeePaisa?: number | null }
  | { kind: 'review'; gatewayTrxId: string; note: string }
  | { kind: 'failed'; reason: PaymentFailReason; note: string }
  | { kind: 'cancelled'; note: string }
  | { kind: 'expired'; note: string };

export interface SettleDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
}

/** Still waiting for the gateway: the only states a failure, cancel or expiry may end. */
const OPEN: OnlinePaymentStatusColumn[] = ['created', 'redirected'];
/**
 * A payment the gateway confirms is recorded even after we gave up on it (expired, or a
 * cancel/fail the browser reported first): the money was taken. Never twice: `paid` and
 * `needs_review` are not in the list.
 */
const PAYABLE: OnlinePaymentStatusColumn[] = ['created', 'redirected', 'failed', 'cancelled', 'expired'];

/** Applies a verdict; answers whether this call changed the attempt. */
export async function settle(deps: SettleDeps, attempt: Attempt, verdict: Verdict): Promise<boolean> {
  const now = deps.clock.now();
  const changed = await deps.db.kysely.transaction().execute(async (trx) => {
    const repo = new OnlinePayRepository(trx);
    switch (verdict.kind) {
      case 'paid': {
        const moved = await repo.transition(attempt.id, PAYABLE, {
          status: 'paid',
          reason: null,
          gateway_trx_id: verdict.gatewayTrxId,
          gateway_fee: verdict.gatewayFeePaisa ?? null,
          updated_at: now,
        });
        if (!moved) return false;
        const paymentId = await recordOnlinePayment(trx, attempt, verdict.gatewayTrxId, now);
        await repo.transition(attempt.id, ['paid'], { payment_id: paymentId });
        return true;
      }
      case 'review': {
        const moved = await repo.transition(attempt.id, PAYABLE, {
          status: 'needs_review',
          gateway_trx_id: verdict.gatewayTrxId,
          note: verdict.note,
          updated_at: now,
        });
        if (moved)
          await paymentAlert(trx, attempt.account_id, attempt.tran_id, verdict.note, now, attempt.student_id);
        return moved;
      }
      case 'failed':
        return repo.transition(attempt.id, OPEN, {
          status: 'failed',
          reason: verdict.reason,
          note: verdict.note,
          updated_at: now,
        });
      case 'cancelled':
        return repo.transition(attempt.id, OPEN, {
          status: 'cancelled',
          reason: 'CANCELLED',
          note: verdict.note,
          updated_at: now,
        });
      case 'expired':
        return repo.transition(attempt.id, OPEN, {
          status: 'expired',
          reason: 'EXPIRED',
          note: verdict.note,
          updated_at: now,
        });
    }
  });
  if (changed && (verdict.kind === 'paid' || verdict.kind === 'review'))
    await publishFees(deps.events, attempt.account_id);
  return changed;
}

/**
 * Records the gateway's money as a payment: first the months and items the parent chose, up to
 * what each still owes now; anything over (a counter payment came first) goes to the oldest dues,
 * and what is left after that stays on the first chosen item as credit, never lost.
 */
async function recordOnlinePayment(
  trx: Kysely<Database>,
  attempt: Attempt,
  gatewayTrxId: string,
  now: number,
) {
  const fees = new FeesRepository(trx);
  const student = await accountStudent(trx, attempt.account_id, attempt.student_id);
  const items = JSON.parse(attempt.items) as StoredItem[];
  const through = items.reduce(
    (last, i) => (i.kind === 'month' && i.month > last ? i.month : last),
    monthOf(now),
  );
  const dues = await duesOf(fees, attempt.account_id, student, through);
  const isChosen = (l: DueLine) =>
    items.some((i) =>
      i.kind === 'month'
        ? l.kind === 'month' && l.classroomId === i.classroomId && l.month === i.month
        : l.chargeId === i.chargeId,
    );
  const ordered = [...dues.lines.filter(isChosen), ...dues.lines.filter((l) => !isChosen(l))];
  const amount = Number(attempt.amount);
  const { allocations, leftoverPaisa } = allocateOldestFirst(ordered, amount);
  const first = items[0];
  if (leftoverPaisa > 0 && first) {
    allocations.push(
      first.kind === 'month'
        ? { kind: 'month', classroomId: first.classroomId, month: first.month, amountPaisa: leftoverPaisa }
        : { kind: 'charge', chargeId: first.chargeId, amountPaisa: leftoverPaisa },
    );
  }
  const id = newId(now);
  const rows: Insertable<PaymentAllocationsTable>[] = allocations.map((a) => ({
    id: newId(now),
    payment_id: id,
    account_id: attempt.account_id,
    student_id: attempt.student_id,
    classroom_id: a.kind === 'month' ? a.classroomId : null,
    month: a.kind === 'month' ? a.month : null,
    charge_id: a.kind === 'charge' ? a.chargeId : null,
    amount: a.amountPaisa,
  }));
  await recordPayment(
    trx,
    null,
    {
      id,
      account_id: attempt.account_id,
      student_id: attempt.student_id,
      method: attempt.gateway,
      reference: gatewayTrxId,
      amount,
      note: `Online payment ${attempt.tran_id}`,
      received_at: now,
      created_at: now,
      refund_of: null,
    },
    rows,
    (receiptNo) => ({
      eventName: 'Online Payment',
      message: {
        key: 'onlinePaymentReceived',
        params: {
          receipt: receiptNo,
          amount: amount / 100,
          student: student.name,
          gateway: attempt.gateway,
          transaction: gatewayTrxId,
        },
      },
    }),
  );
  return id;
}

/**
 * An alert in the activity log (the account's, or the platform's when the transaction is not
 * ours): a report that failed its checks, a risky payment held. Staff and tests read it there.
 */
/**
 * `paymentAlert` for a payment record of any kind, also written to the log as `what` ("online
 * payment alert", "course payment alert"…) for whoever watches it.
 */
export async function alertOnPayment(
  deps: { db: Kysely<Database>; log: FastifyBaseLogger; now: number },
  what: string,
  payment: { account_id: string; student_id?: string | null } | null,
  tranId: string,
  problem: string,
): Promise<void> {
  deps.log.warn({ tranId, accountId: payment?.account_id, problem }, what);
  await paymentAlert(
    deps.db,
    payment?.account_id ?? null,
    tranId,
    problem,
    deps.now,
    payment?.student_id ?? undefined,
  );
}

export async function paymentAlert(
  db: Kysely<Database>,
  accountId: string | null,
  tranId: string,
  problem: string,
  now: number,
  studentId?: string,
): Promise<void> {
  await logActivity(
    db,
    null,
    {
      accountId,
      eventName: 'Online Payment Alert',
      message: { key: 'onlinePaymentAlert', params: { transaction: tranId, problem } },
      subjectType: studentId ? 'student' : undefined,
      subjectId: studentId,
      data: { tranId, problem },
    },
    now,
  );
}
