import { sendTimeAfterQuietHours, smsCount, stripHashtags } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { SmsMessagesTable } from '../../db/schema-sms';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { JobQueue } from '../jobs/jobs.service';
import { SmsMessagesRepository } from './sms-messages.repository';
import { spendSms } from './sms-quota';

export interface SmsRecipient {
  /** A valid, normalised number (+8801XXXXXXXXX), each once per send. */
  phone: string;
  source: SmsMessagesTable['source'];
  studentId: string | null;
  /**
   * This recipient's own text and SMS count (a message built from a spreadsheet template); the
   * send's text and partsEach otherwise.
   */
  own?: { text: string; parts: number };
}

export interface QueuedSend {
  accountId: string;
  userId: string;
  text: string;
  recipients: readonly SmsRecipient[];
  /** Transactional (attendance, payment alerts): sent in the quiet hours too. */
  urgent: boolean;
  /** Not before this time (a scheduled send); now when absent. */
  sendAt?: number;
  /** The classrooms it was composed for, for the history's filter. */
  classroomIds?: readonly string[];
  /**
   * SMS charged per message where the spec fixes its own count (the welcome SMS: 100 custom
   * characters per SMS); otherwise parts as gateways bill them.
   */
  partsEach?: number;
}

export interface QueuedSendResult {
  sendId: string;
  parts: number;
  quotaAfter: number;
  payerAccountId: string;
  runAt: number;
}

/**
 * When a send asked for at `asked` goes out: then, unless it is not urgent and `asked` falls in
 * the regulator's quiet hours (00:00–08:00 in Bangladesh; research/integrations.md §3.6), when it
 * waits until 08:00.
 */
export function sendRunAt(asked: number, urgent: boolean): number {
  return urgent ? asked : sendTimeAfterQuietHours(asked);
}

/**
 * Puts an SMS send in the queue (the SMS capability's "Dispatch, exactly once"): the attempt (the spec's
 * SMS-SEND-ATTEMPT), a message per recipient and the quota debit are written in one
 * transaction with the dispatch job, so a send is paid exactly when it exists. A typed text is
 * counted by the one rule of the domain (smsCount 'typed'); a send built per recipient brings
 * each message's own count. A send that is not urgent waits out the regulator's quiet hours
 * (00:00–08:00 in Bangladesh).
 */
export class SmsSendService {
  constructor(private readonly deps: { db: Db; clock: Clock; jobs: JobQueue }) {}

  /** In a transaction of its own, or in the caller's `trx` (a scheduled send replaced by its edit). */
  async queue(input: QueuedSend, trx?: Kysely<Database>): Promise<QueuedSendResult> {
    const now = this.deps.clock.now();
    const text = stripHashtags(input.text).trim();
    const partsEach = input.partsEach ?? smsCount(text, 'typed').sms;
    const messages = input.recipients.map((r) => ({
      ...r,
      text: r.own?.text ?? text,
      parts: r.own?.parts ?? partsEach,
    }));
    // The same text goes to a number once; a template may send different texts to one number.
    const distinct = new Set(messages.map((m) => `${m.phone}\n${m.text}`));
    if (distinct.size === 0 || distinct.size !== messages.length) {
      throw new Error('an SMS send needs recipients, each message to a number once');
    }
    const parts = messages.reduce((sum, m) => sum + m.parts, 0);
    const runAt = sendRunAt(Math.max(now, input.sendAt ?? now), input.urgent);
    const sendId = newId(now);
    const write = async (trx: Kysely<Database>) => {
      const { payer, quotaAfter } = await spendSms(trx, input.accountId, parts, {
        reason: 'send',
        actorUserId: input.userId,
        sendId,
        now,
      });
      const repo = new SmsMessagesRepository(trx, this.deps.db.dialect);
      await repo.insertSend({
        id: sendId,
        account_id: input.accountId,
        payer_account_id: payer.accountId,
        user_id: input.userId,
        text,
        rate_paisa: payer.ratePaisa,
        recipients: input.recipients.length,
        parts,
        quota_after: quotaAfter,
        urgent: input.urgent ? 1 : 0,
        status: runAt > now ? 'scheduled' : 'queued',
        run_at: runAt,
        classroom_ids: JSON.stringify(input.classroomIds ?? []),
        created_at: now,
        updated_at: now,
      });
      await repo.insertMessages(
        messages.map((r) => ({
          id: newId(now),
          send_id: sendId,
          phone: r.phone,
          text: r.text,
          parts: r.parts,
          source: r.source,
          student_id: r.studentId,
          status: 'queued',
          attempts: 0,
          lease_until: null,
          provider_id: null,
          error_code: null,
          error: null,
          sent_at: null,
          updated_at: now,
        })),
      );
      await this.deps.jobs.enqueue('sms.dispatch', { sendId }, { trx, runAt });
      return { sendId, parts, quotaAfter, payerAccountId: payer.accountId, runAt };
    };
    return trx ? write(trx) : this.deps.db.kysely.transaction().execute(write);
  }
}
