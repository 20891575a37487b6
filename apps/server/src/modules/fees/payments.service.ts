import {
  addMonths,
  type CounterPayment,
  FEES_LIMITS,
  formatMoney,
  monthOf,
  type PaymentView,
  type PublicReceipt,
} from '@batchwise/domain';
import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { PaymentAllocationsTable } from '../../db/schema-fees';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import { pictureUrl } from '../media/images';
import { emitWebhook } from '../webhooks/webhook-outbox';
import { collectsLine, requireFeesManager } from './fees.policy';
import { FeesRepository } from './fees.repository';
import { requireStudentCollectorOf } from './fees-access';
import { accountStudent, duesOf } from './fees-dues';
import { publishFees } from './fees-events';
import { paymentViews } from './fees-view';
import { recordPayment } from './record-payment';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
}

/** A little slack for a browser clock a minute ahead of ours. */
const CLOCK_SLACK_MS = 60_000;

const monthKey = (classroomId: string, month: string) => `m ${classroomId} ${month}`;
const chargeKey = (chargeId: string) => `c ${chargeId}`;

/**
 * Counter collection: payments taken for a student's months and items, each
 * with the account's next receipt number; voids and refunds that keep the original. Every write
 * is one transaction, checked against the dues computed inside it.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  async list(
    principal: Principal,
    accountId: string,
    studentId: string,
  ): Promise<{ payments: PaymentView[] }> {
    await requireStudentCollectorOf(this.deps, this.deps.db.kysely, principal, accountId, studentId);
    const repo = new FeesRepository(this.deps.db.kysely);
    await accountStudent(this.deps.db.kysely, accountId, studentId);
    return { payments: await paymentViews(repo, accountId, await repo.paymentsOf(accountId, studentId)) };
  }

  /** A student's payments for the family portal, whose policy has already checked the caller. */
  async familyList(accountId: string, studentId: string): Promise<PaymentView[]> {
    const repo = new FeesRepository(this.deps.db.kysely);
    return paymentViews(repo, accountId, await repo.paymentsOf(accountId, studentId));
  }

  async collect(principal: Principal, accountId: string, studentId: string, input: CounterPayment) {
    const scope = await requireStudentCollectorOf(
      this.deps,
      this.deps.db.kysely,
      principal,
      accountId,
      studentId,
    );
    const now = this.deps.clock.now();
    const receivedAt = input.receivedAt ?? now;
    if (receivedAt > now + CLOCK_SLACK_MS) throw failure(400, 'PAYMENT_IN_FUTURE');
    const thisMonth = monthOf(now);
    const latest = addMonths(thisMonth, FEES_LIMITS.monthsAhead);
    const asked = new Map<string, number>();
    for (const a of input.allocations) {
      if (a.kind === 'month' && a.month > latest)
        throw failure(400, 'PAYMENT_MONTH_TOO_FAR', { months: FEES_LIMITS.monthsAhead });
      const key = a.kind === 'month' ? monthKey(a.classroomId, a.month) : chargeKey(a.chargeId);
      asked.set(key, (asked.get(key) ?? 0) + a.amountPaisa);
    }
    const through = input.allocations.reduce(
      (last, a) => (a.kind === 'month' && a.month > last ? a.month : last),
      thisMonth,
    );
    const earlier = await this.earlierCollect(accountId, studentId, input.requestKey);
    if (earlier) return this.view(accountId, earlier);
    const recording = this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new FeesRepository(trx);
      const student = await accountStudent(trx, accountId, studentId);
      // Month lines exist only for the student's enrolments, so a line found is a line they owe.
      const dues = await duesOf(repo, accountId, student, through);
      for (const [key, amount] of asked) {
        const line = dues.lines.find((l) =>
          l.kind === 'month' ? monthKey(l.classroomId!, l.month) === key : chargeKey(l.chargeId!) === key,
        );
        if (!line) {
          const [kind, classroomId] = key.split(' ');
          const names = await repo.classroomNames(accountId);
          if (kind === 'c' || !classroomId || !names.has(classroomId)) throw notFound();
          throw failure(400, 'PAYMENT_NOT_ENROLLED', {
            name: student.name,
            classroom: names.get(classroomId) ?? '',
          });
        }
        const item = line.kind === 'month' ? `${line.classroomName ?? ''} ${line.month}`.trim() : line.label;
        // An assistant collecting for some classrooms takes their lines only (fees.policy.ts).
        if (!collectsLine(scope, line.classroomId))
          throw failure(403, 'PAYMENT_CLASSROOM_NOT_ALLOWED', { item });
        // What a future month will owe counts too: paying ahead is paying its fee, not more.
        const owes = line.duePaisa;
        if (amount > owes) {
          throw failure(400, 'PAYMENT_MORE_THAN_DUE', { item, due: formatMoney(owes / 100) });
        }
      }
      const id = newId(now);
      const allocations: Insertable<PaymentAllocationsTable>[] = input.allocations.map((a) => ({
        id: newId(now),
        payment_id: id,
        account_id: accountId,
        student_id: studentId,
        classroom_id: a.kind === 'month' ? a.classroomId : null,
        month: a.kind === 'month' ? a.month : null,
        charge_id: a.kind === 'charge' ? a.chargeId : null,
        amount: a.amountPaisa,
      }));
      const amount = input.allocations.reduce((total, a) => total + a.amountPaisa, 0);
      await recordPayment(
        trx,
        principal,
        {
          id,
          account_id: accountId,
          student_id: studentId,
          method: input.method,
          reference: input.reference,
          amount,
          note: input.note,
          received_at: receivedAt,
          created_at: now,
          refund_of: null,
          request_key: input.requestKey ?? null,
        },
        allocations,
        (receiptNo) => ({
          eventName: 'Collect Payment',
          message: {
            key: 'paymentCollected',
            params: { receipt: receiptNo, amount: amount / 100, student: student.name, method: input.method },
          },
        }),
      );
      return id;
    });
    const paymentId = await recording.catch(async (error: unknown) => {
      // The same form sent twice at once: the later insert meets the unique request key and
      // answers with the payment the first one recorded. Looked up in a transaction, so it reads
      // where writes go: on SQLite a plain read may not see a commit still being grouped.
      const first = await this.deps.db.kysely
        .transaction()
        .execute((trx) => this.earlierCollect(accountId, studentId, input.requestKey, trx));
      if (!first) throw error;
      return first;
    });
    await publishFees(this.deps.events, accountId);
    return this.view(accountId, paymentId);
  }

  /** The payment this counter form already recorded (its retry), or nothing. */
  private async earlierCollect(
    accountId: string,
    studentId: string,
    requestKey: string | undefined,
    db: Kysely<Database> = this.deps.db.kysely,
  ) {
    if (!requestKey) return undefined;
    const found = await new FeesRepository(db).paymentByRequestKey(accountId, requestKey);
    if (found && found.student_id !== studentId) throw failure(409, 'PAYMENT_REQUEST_KEY_USED');
    return found?.id;
  }

  /**
   * Voids a payment entered by mistake: it keeps its receipt number and shows who voided it and
   * why, and counts for nothing; refunds given from it are voided with it.
   */
  async void(principal: Principal, accountId: string, paymentId: string, reason: string) {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new FeesRepository(trx);
      const payment = await repo.findPayment(accountId, paymentId);
      if (!payment) throw notFound();
      const refunds = (await repo.standingRefundsOf(payment.id)).map((r) => r.id);
      if ((await repo.voidPayments([payment.id], principal.user.id, reason, now)) === 0)
        throw failure(409, 'PAYMENT_ALREADY_VOIDED');
      await repo.voidPayments(refunds, principal.user.id, reason, now);
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Void Payment',
          message: {
            key: 'paymentVoided',
            params: { receipt: payment.receipt_no, student: payment.student_name, reason },
          },
          subjectType: 'student',
          subjectId: payment.student_id,
          data: { paymentId: payment.id, refunds },
        },
        now,
      );
      await emitWebhook(trx, {
        accountId,
        type: 'payment.voided',
        data: {
          paymentId: payment.id,
          studentId: payment.student_id,
          receiptNo: payment.receipt_no,
          amountPaisa: payment.amount,
          reason,
        },
        now,
      });
    });
    await publishFees(this.deps.events, accountId);
    return this.view(accountId, paymentId);
  }

  /**
   * Gives money back from a payment as a receipt of its own with a negative amount, taken off
   * what the payment paid for, its last items first; never more than the payment still holds.
   */
  async refund(
    principal: Principal,
    accountId: string,
    paymentId: string,
    input: { amountPaisa: number; method: string; reason: string },
  ) {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    const refundId = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new FeesRepository(trx);
      const payment = await repo.findPayment(accountId, paymentId);
      if (!payment || payment.refund_of !== null) throw notFound();
      if (payment.voided_at !== null) throw failure(409, 'PAYMENT_ALREADY_VOIDED');
      const refunds = (await repo.standingRefundsOf(payment.id)).map((r) => r.id);
      const held = new Map<
        string,
        { row: Awaited<ReturnType<FeesRepository['allocationsOf']>>[number]; left: number }
      >();
      for (const a of await repo.allocationsOf([payment.id, ...refunds])) {
        const key = a.charge_id ? chargeKey(a.charge_id) : monthKey(a.classroom_id ?? '', a.month ?? '');
        const entry = held.get(key);
        if (entry) entry.left += Number(a.amount);
        else held.set(key, { row: a, left: Number(a.amount) });
      }
      const holds = [...held.values()].reduce((total, h) => total + h.left, 0);
      if (input.amountPaisa > holds)
        throw failure(400, 'PAYMENT_REFUND_TOO_MUCH', { amount: formatMoney(holds / 100) });
      const id = newId(now);
      let left = input.amountPaisa;
      const allocations: Insertable<PaymentAllocationsTable>[] = [];
      for (const { row, left: holdsHere } of [...held.values()].reverse()) {
        const take = Math.min(left, holdsHere);
        if (take <= 0) continue;
        left -= take;
        allocations.push({
          id: newId(now),
          payment_id: id,
          account_id: accountId,
          student_id: payment.student_id,
          classroom_id: row.classroom_id,
          month: row.month,
          charge_id: row.charge_id,
          amount: -take,
        });
      }
      await recordPayment(
        trx,
        principal,
        {
          id,
          account_id: accountId,
          student_id: payment.student_id,
          method: input.method,
          reference: '',
          amount: -input.amountPaisa,
          note: input.reason,
          received_at: now,
          created_at: now,
          refund_of: payment.id,
        },
        allocations,
        (receiptNo) => ({
          eventName: 'Refund Payment',
          message: {
            key: 'paymentRefunded',
            params: {
              receipt: receiptNo,
              amount: input.amountPaisa / 100,
              original: payment.receipt_no,
              student: payment.student_name,
              reason: input.reason,
            },
          },
        }),
      );
      return id;
    });
    await publishFees(this.deps.events, accountId);
    return this.view(accountId, refundId);
  }

  /**
   * The receipt behind a link sent to a family: that one payment, no sign-in;
   * the key is random, so the link is the permission.
   */
  async publicReceipt(key: string): Promise<PublicReceipt> {
    const repo = new FeesRepository(this.deps.db.kysely);
    const row = await repo.paymentByReceiptKey(key);
    if (!row) throw notFound();
    const [view] = await paymentViews(repo, row.account_id, [row]);
    return {
      institution: row.institution,
      logoUrl: pictureUrl(row.logo_key),
      receiptNo: view!.receiptNo,
      studentName: view!.studentName,
      customId: row.custom_id,
      method: view!.method,
      reference: view!.reference,
      amountPaisa: view!.amountPaisa,
      receivedAt: view!.receivedAt,
      takenBy: view!.takenBy,
      refund: view!.refundOf !== null,
      allocations: view!.allocations.map(({ classroomName, month, label, amountPaisa }) => ({
        classroomName,
        month,
        label,
        amountPaisa,
      })),
      voided: view!.voided !== null,
    };
  }

  private async view(accountId: string, paymentId: string): Promise<PaymentView> {
    const repo = new FeesRepository(this.deps.db.kysely);
    const row = await repo.findPayment(accountId, paymentId);
    if (!row) throw notFound();
    return (await paymentViews(repo, accountId, [row]))[0]!;
  }

  private async requireManager(principal: Principal, accountId: string) {
    requireFeesManager(await this.deps.access.requireAccount(principal, accountId));
  }
}
