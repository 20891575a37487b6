import {
  type SmsEditScheduled,
  type SmsHistory,
  type SmsHistoryQuery,
  type SmsQueued,
  type SmsSendDetail,
  type SmsSendSummary,
  stripHashtags,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import { seesEverySend } from './sms.policy';
import { type HistoryFilter, SmsHistoryRepository } from './sms-history.repository';
import { SmsMessagesRepository } from './sms-messages.repository';
import { askedSendTime } from './sms-preview';
import { publishQuota } from './sms-quota';
import { SmsQuotaRepository } from './sms-quota.repository';
import type { SmsSendService } from './sms-send.service';

export interface SmsHistoryDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  sends: SmsSendService;
}

type SendRow = NonNullable<Awaited<ReturnType<SmsHistoryRepository['find']>>>;

/**
 * Sent and scheduled messages (spec part 1 §7 get-sent-sms-info; the SMS capability's "History" and
 * "Scheduling"): every send with its recipients, statuses, parts and cost, and cancelling a
 * scheduled send, which gives its quota back.
 */
export class SmsHistoryService {
  constructor(private readonly deps: SmsHistoryDeps) {}

  /**
   * SMS these accounts sent to one phone, newest first, for the family portal (its guardian-of /
   * self policy chose the phone and the child's accounts).
   */
  async familyMessages(phone: string, accountIds: readonly string[], page: number, pageSize: number) {
    const found = await new SmsHistoryRepository(this.deps.db.kysely).toPhone(phone, accountIds, {
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    return {
      items: found.rows.map((r) => ({
        id: r.id,
        text: r.text,
        institution: r.institution,
        at: Number(r.sent_at ?? r.created_at),
        status: r.status,
      })),
      total: found.total,
      page,
      pageSize,
    };
  }

  /**
   * The family portal's unread counts, one per ask (in order): messages to each phone from its
   * account since it last opened them. A (phone, account) asked again (two children in one
   * account) goes to a later query, so every ask keeps its own `since`.
   */
  async familyUnread(
    asks: readonly { phone: string; accountId: string; since: number }[],
  ): Promise<number[]> {
    const repo = new SmsHistoryRepository(this.deps.db.kysely);
    const counts: number[] = [];
    let left = asks.map((ask, i) => ({ ask, i }));
    while (left.length > 0) {
      const seen = new Set<string>();
      const round = left.filter(({ ask }) => {
        const key = `${ask.phone} ${ask.accountId}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const found = await repo.countsToPhonesSince(round.map(({ ask }) => ask));
      round.forEach(({ i }, k) => {
        counts[i] = found[k]!;
      });
      left = left.filter((entry) => !round.includes(entry));
    }
    return counts;
  }

  async history(principal: Principal, accountId: string, query: SmsHistoryQuery): Promise<SmsHistory> {
    const filter = await this.filterFor(principal, accountId);
    const repo = new SmsHistoryRepository(this.deps.db.kysely);
    const scoped: HistoryFilter = {
      ...filter,
      status: query.status,
      classroomId: query.classroomId,
      from: query.from,
      to: query.to,
    };
    const [rows, total] = await Promise.all([
      repo.page(scoped, query.pageSize, (query.page - 1) * query.pageSize),
      repo.count(scoped),
    ]);
    const counts = await repo.counts(rows.map((r) => r.id));
    return {
      items: rows.map((row) =>
        summary(
          row,
          counts.filter((c) => c.send_id === row.id),
        ),
      ),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async detail(principal: Principal, accountId: string, sendId: string): Promise<SmsSendDetail> {
    const send = await this.reachable(principal, accountId, sendId);
    const messages = await new SmsHistoryRepository(this.deps.db.kysely).messages(sendId);
    const counts = new Map<string, number>();
    for (const m of messages) counts.set(m.status, (counts.get(m.status) ?? 0) + 1);
    return {
      ...summary(
        send,
        [...counts].map(([status, n]) => ({ status, n })),
      ),
      messages: messages.map((m) => ({
        id: m.id,
        phone: m.phone,
        source: m.source,
        studentName: m.student_name,
        parts: m.parts,
        status: m.status,
        error: m.error,
        sentAt: m.sent_at,
      })),
    };
  }

  /** Cancels a scheduled send before it runs; its quota goes back to whoever paid. */
  async cancel(principal: Principal, accountId: string, sendId: string): Promise<void> {
    const send = await this.reachable(principal, accountId, sendId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const sends = new SmsMessagesRepository(trx, this.deps.db.dialect);
      if (!(await sends.setSendStatus(sendId, 'cancelled', 'scheduled', now))) {
        throw failure(409, 'SMS_SEND_NOT_CANCELLABLE');
      }
      await this.refundCancelled(trx, send, principal.user.id, now, 'Scheduled send cancelled');
    });
    await publishQuota(this.deps.events, send.payer_account_id, [
      { resource: 'sms-sends', params: { accountId } },
    ]);
  }

  /**
   * A scheduled send changed before it runs (SMS scheduling: edit or cancel): in one
   * transaction it is cancelled with its quota refunded and replaced by a new send to the same
   * recipients with the new text and time, paid again; short of quota, nothing changes. Messages
   * built from a spreadsheet keep their own texts, so only their time moves.
   */
  async editScheduled(
    principal: Principal,
    accountId: string,
    sendId: string,
    input: SmsEditScheduled,
  ): Promise<SmsQueued> {
    const send = await this.reachable(principal, accountId, sendId);
    const messages = await new SmsHistoryRepository(this.deps.db.kysely).messages(sendId);
    const ownTexts = messages.some((m) => m.text !== send.text);
    const text = stripHashtags(input.text).trim();
    if (!text) throw failure(400, 'SMS_TEXT_EMPTY');
    if (ownTexts && text !== send.text) throw failure(400, 'SMS_SEND_TEXTS_FIXED');
    const now = this.deps.clock.now();
    const sendAt = askedSendTime(now, input.sendAt);
    const queued = await this.deps.db.kysely.transaction().execute(async (trx) => {
      if (
        !(await new SmsMessagesRepository(trx, this.deps.db.dialect).setSendStatus(
          sendId,
          'cancelled',
          'scheduled',
          now,
        ))
      )
        throw failure(409, 'SMS_SEND_NOT_EDITABLE');
      await this.refundCancelled(trx, send, principal.user.id, now, 'Scheduled send edited');
      return this.deps.sends.queue(
        {
          accountId,
          userId: principal.user.id,
          text,
          recipients: messages.map((m) => ({
            phone: m.phone,
            source: m.source,
            studentId: m.student_id,
            ...(ownTexts ? { own: { text: m.text, parts: m.parts } } : {}),
          })),
          urgent: send.urgent === 1,
          sendAt,
          classroomIds: JSON.parse(send.classroom_ids) as string[],
        },
        trx,
      );
    });
    await publishQuota(this.deps.events, queued.payerAccountId, [
      { resource: 'sms-sends', params: { accountId } },
    ]);
    return {
      sendId: queued.sendId,
      recipients: messages.length,
      parts: queued.parts,
      quotaAfter: queued.quotaAfter,
      runAt: queued.runAt,
    };
  }

  /** The failed messages of a send, sent again as a new send of the same text (paid again). */
  async resendFailed(principal: Principal, accountId: string, sendId: string): Promise<SmsQueued> {
    const send = await this.reachable(principal, accountId, sendId);
    const failed = (await new SmsHistoryRepository(this.deps.db.kysely).messages(sendId)).filter(
      (m) => m.status === 'failed' || m.status === 'undelivered',
    );
    if (failed.length === 0) throw failure(409, 'SMS_NOTHING_TO_RESEND');
    const queued = await this.deps.sends.queue({
      accountId,
      userId: principal.user.id,
      text: send.text,
      // Each message again as it was: its own text (a template's) and the SMS it was counted at.
      recipients: failed.map((m) => ({
        phone: m.phone,
        source: m.source,
        studentId: m.student_id,
        own: { text: m.text, parts: m.parts },
      })),
      urgent: send.urgent === 1,
    });
    await publishQuota(this.deps.events, queued.payerAccountId, [
      { resource: 'sms-sends', params: { accountId } },
    ]);
    return {
      sendId: queued.sendId,
      recipients: failed.length,
      parts: queued.parts,
      quotaAfter: queued.quotaAfter,
      runAt: queued.runAt,
    };
  }

  /** Cancels the messages of a send just marked cancelled and gives the quota they held back. */
  private async refundCancelled(
    trx: Kysely<Database>,
    send: SendRow,
    actorUserId: string,
    now: number,
    note: string,
  ) {
    const parts = await new SmsHistoryRepository(trx).cancelMessages(send.id, now);
    if (parts === 0) return;
    await new SmsQuotaRepository(trx).apply({
      account_id: send.payer_account_id,
      delta: parts,
      reason: 'refund',
      send_id: send.id,
      actor_user_id: actorUserId,
      note,
      created_at: now,
    });
  }

  private async filterFor(principal: Principal, accountId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    return { accountId, userId: seesEverySend(scope) ? null : principal.user.id };
  }

  /** The send, when the caller may see it; else 404 as if it did not exist. */
  private async reachable(principal: Principal, accountId: string, sendId: string): Promise<SendRow> {
    const filter = await this.filterFor(principal, accountId);
    const send = await new SmsHistoryRepository(this.deps.db.kysely).find(accountId, sendId);
    if (!send || (filter.userId !== null && send.user_id !== filter.userId)) throw notFound();
    return send;
  }
}

function summary(row: SendRow, counts: readonly { status: string; n: number | bigint }[]): SmsSendSummary {
  return {
    id: row.id,
    text: row.text,
    senderName: row.sender_name,
    status: row.status,
    recipients: row.recipients,
    parts: row.parts,
    costPaisa: row.parts * row.rate_paisa,
    urgent: row.urgent === 1,
    runAt: Number(row.run_at),
    createdAt: Number(row.created_at),
    counts: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
  };
}
