import {
  DEFAULT_PHONE,
  type InterfaceLanguage,
  type ReceiptSmsResult,
  receiptSmsText,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import type { JobQueue } from '../jobs/jobs.service';
import { payIndividualSms, publishQuota } from '../sms/sms-quota';
import { FeesRepository } from './fees.repository';
import { requireStudentCollectorOf } from './fees-access';
import { accountStudent } from './fees-dues';
import { receiptLinkOf } from './fees-view';

export interface ReceiptSmsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  jobs: JobQueue;
  /** A short `/r/{code}` link to an app path (links module). */
  shortLinkTo: (accountId: string, path: string, byUserId: string) => Promise<{ shortUrl: string }>;
}

/**
 * A receipt texted to the family (the fees and payments capability: "a /student-payment-receipt?key=… link that
 * can be sent by SMS"): one SMS from the account's quota, like a sign-in link, to the first
 * guardian's phone or else the student's, in the sender's language (fees/receipt-sms.ts in the domain).
 * Whoever may take the payment at the counter may send its receipt.
 */
export class ReceiptSmsService {
  constructor(private readonly deps: ReceiptSmsDeps) {}

  async send(
    principal: Principal,
    accountId: string,
    paymentId: string,
    language: InterfaceLanguage = 'en',
  ): Promise<ReceiptSmsResult> {
    const db = this.deps.db.kysely;
    const payment = await new FeesRepository(db).findPayment(accountId, paymentId);
    if (!payment) throw notFound();
    await requireStudentCollectorOf(this.deps, db, principal, accountId, payment.student_id);
    if (payment.voided_at !== null) throw failure(409, 'RECEIPT_SMS_VOIDED');
    const student = await accountStudent(db, accountId, payment.student_id);
    const phone = [student.parent1_phone, student.phone].find((p) => p && p !== DEFAULT_PHONE);
    if (!phone) throw failure(400, 'RECEIPT_SMS_NO_PHONE');
    const account = await db
      .selectFrom('accounts')
      .select('institution')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();

    const { shortUrl } = await this.deps.shortLinkTo(
      accountId,
      receiptLinkOf(payment.receipt_key),
      principal.user.id,
    );
    const text = receiptSmsText(
      {
        institution: account.institution,
        amountPaisa: Number(payment.amount),
        student: student.name,
        receiptNo: payment.receipt_no,
        link: shortUrl,
      },
      language,
    );
    const now = this.deps.clock.now();
    const paidBy = await db.transaction().execute(async (trx) => {
      const payer = await payIndividualSms(trx, accountId, {
        reason: 'link',
        actorUserId: principal.user.id,
        now,
      });
      await this.deps.jobs.enqueue('sms.send', { to: phone, text }, { trx });
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Receipt SMS',
          message: { key: 'receiptTexted', params: { receipt: payment.receipt_no, student: student.name } },
          subjectType: 'student',
          subjectId: student.id,
        },
        now,
      );
      return payer;
    });
    await publishQuota(this.deps.events, paidBy);
    return { phone, shortUrl };
  }
}
