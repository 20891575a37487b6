import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { GatewayMessage, GatewayResult, SmsGateway } from '../../drivers/sms/gateway';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../jobs/jobs.service';
import { retryDelay } from '../jobs/worker';
import type { SharedPace } from '../rate-limit/shared-pace';
import { emitWebhook } from '../webhooks/webhook-outbox';
import { type ClaimedMessage, SmsMessagesRepository } from './sms-messages.repository';
import { SmsQuotaRepository } from './sms-quota.repository';

export interface DispatchOptions {
  /** How long a claimed message is held by its worker before another may take it. */
  leaseMs: number;
  /** First retry delay of a message the gateway could not take now; doubles per attempt. */
  retryBaseMs: number;
  /** Attempts before a message fails for good (and is refunded). */
  maxAttempts: number;
  /** Gateway requests per second all workers together make at most. */
  requestsPerSecond: number;
}

export interface SmsDispatcherDeps {
  db: Db;
  gateway: SmsGateway;
  clock: Clock;
  jobs: JobQueue;
  /** The gateway's pace, kept by every worker together. */
  pace: SharedPace;
  /** The approved masking name an account's sends go out under, if any (modules/sms-sender). */
  senderOf?: (accountId: string) => Promise<string | null>;
}

/** Why a message claimed before was not sent again, on a gateway that cannot tell repeats. */
/**
 * Requests are spaced this much wider than the configured rate: a gateway counting requests in a
 * sliding second sees arrivals jitter by milliseconds, and at exactly its limit it refuses some,
 * each refusal costing a whole batch's retry (measured with the stand-in in `npm run bench`).
 */
const PACING_MARGIN = 1.02;
/** After a request the gateway turned away whole (down, timed out), wait this long. */
const PAUSE_AFTER_REFUSED_REQUEST_MS = 1000;
/**
 * After a request turned away as too soon ("TPS exceeded"), wait this many request gaps: the
 * gateway's second slides on and frees room within a gap or two (another process's requests, or
 * ours bunched by the network); a whole second would waste ten requests' worth of sending.
 */
const GAPS_AFTER_THROTTLE = 2;
/** Retries at the base delay for a message the gateway alone put off (retryDelayOf). */
const QUICK_RETRIES = 3;

const UNCONFIRMED =
  'The worker stopped while the gateway was sending this message; it may have been sent, so it is not sent again';

/**
 * Sends the messages of one SMS send (the SMS capability's "Dispatch, exactly once"). Each message is
 * claimed before it is sent (a lease in sms_messages), sent under its own id as the gateway's
 * client message id, and settled from the gateway's answer: sent, failed for good (refunded in the
 * same transaction), or queued again with backoff. A worker that dies mid-request leaves its
 * claims to run out; the next claim sends them again only through a gateway that drops repeats
 * (`idempotent`), and otherwise marks them unconfirmed rather than risk a second SMS.
 */
export class SmsDispatcher {
  constructor(
    private readonly deps: SmsDispatcherDeps,
    private readonly options: DispatchOptions,
  ) {}

  /** The `sms.dispatch` job: sends what is due, then schedules itself for what must wait. */
  async dispatch(sendId: string): Promise<void> {
    const { db, clock, gateway } = this.deps;
    const repo = new SmsMessagesRepository(db.kysely, db.dialect);
    const send = await repo.findSend(sendId);
    if (!send || send.status === 'cancelled' || send.status === 'done') return;
    // From here on the send can no longer be edited or cancelled.
    if (send.status === 'scheduled') await repo.setSendStatus(sendId, 'queued', 'scheduled', clock.now());
    // The institution's approved mask, where the gateway takes one; else the platform's sender.
    const sender = gateway.masking ? ((await this.deps.senderOf?.(send.account_id)) ?? undefined) : undefined;
    for (;;) {
      const claimed = await repo.claim(sendId, gateway.batchSize, clock.now(), this.options.leaseMs);
      if (claimed.length === 0) break;
      const unsure = gateway.idempotent ? [] : claimed.filter((m) => m.wasInFlight);
      const toSend = claimed.filter((m) => !unsure.includes(m));
      const results = toSend.length ? await this.send(toSend, sender) : [];
      if (results.length > 0 && results.every((r) => r.outcome === 'retry'))
        await this.pause(results.some((r) => r.outcome === 'retry' && r.throttled));
      await this.settle(send, sendId, toSend, results, unsure);
    }
    const due = await repo.nextDue(sendId);
    if (due === undefined) {
      await repo.setSendStatus(sendId, 'done', 'queued', clock.now());
      return;
    }
    // Messages wait for a retry, or another worker holds them: look again when they are due.
    await this.deps.jobs.enqueue(
      'sms.dispatch',
      { sendId },
      { runAt: due, idempotencyKey: `sms.dispatch:${sendId}:${due}` },
    );
  }

  private async send(
    messages: readonly ClaimedMessage[],
    sender: string | undefined,
  ): Promise<GatewayResult[]> {
    const batch: GatewayMessage[] = messages.map((m) => ({
      key: m.id,
      to: m.phone,
      text: m.text,
      ...(sender && { sender }),
    }));
    // Paced here, right before the request, not before the claim: a claim that runs slow (a busy
    // database, a collection) would otherwise bunch the requests up at the gateway, which counts
    // them in a sliding second and turns the one too many away whole.
    await this.throttle();
    try {
      return await this.deps.gateway.send(batch);
    } catch (error) {
      // A driver should answer `retry` itself; anything it throws is treated the same way.
      const reason = error instanceof Error ? error.message : String(error);
      return batch.map((m) => ({ key: m.key, outcome: 'retry', code: 'DRIVER_ERROR', reason }));
    }
  }

  /** Records the gateway's answers and refunds what failed for good, in one transaction. */
  private async settle(
    send: { account_id: string; payer_account_id: string },
    sendId: string,
    sent: readonly ClaimedMessage[],
    results: readonly GatewayResult[],
    unsure: readonly ClaimedMessage[],
  ): Promise<void> {
    const now = this.deps.clock.now();
    const byKey = new Map(results.map((r) => [r.key, r]));
    // The gateway took others of this request: what it put off was about those messages alone.
    const healthy = results.some((r) => r.outcome === 'accepted');
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new SmsMessagesRepository(trx, this.deps.db.dialect);
      let refund = 0;
      for (const message of sent) {
        const result = byKey.get(message.id) ?? {
          key: message.id,
          outcome: 'retry' as const,
          code: 'NO_ANSWER',
          reason: 'The gateway did not answer for this message',
        };
        if (result.outcome === 'accepted') {
          await repo.settle(
            [message.id],
            {
              status: 'sent',
              provider_id: result.providerId,
              sent_at: now,
              lease_until: null,
              error_code: null,
              error: null,
            },
            now,
          );
        } else if (result.outcome === 'refused' || message.attempts >= this.options.maxAttempts) {
          await repo.settle(
            [message.id],
            { status: 'failed', lease_until: null, error_code: result.code, error: result.reason },
            now,
          );
          await emitFailed(trx, send.account_id, message, result.reason, now);
          refund += message.parts;
        } else {
          const retryAt = now + this.retryDelayOf(message.attempts, healthy);
          await repo.settle(
            [message.id],
            { status: 'queued', lease_until: retryAt, error_code: result.code, error: result.reason },
            now,
          );
        }
      }
      // Not refunded: the gateway may have sent (and billed) them.
      await repo.settle(
        unsure.map((m) => m.id),
        { status: 'failed', lease_until: null, error_code: 'UNCONFIRMED', error: UNCONFIRMED },
        now,
      );
      for (const message of unsure) await emitFailed(trx, send.account_id, message, UNCONFIRMED, now);
      if (refund > 0) {
        await new SmsQuotaRepository(trx).apply({
          account_id: send.payer_account_id,
          delta: refund,
          reason: 'refund',
          send_id: sendId,
          actor_user_id: null,
          note: null,
          created_at: now,
        });
      }
    });
  }

  /**
   * When a message put off is asked again. One the gateway turned away alone, while it took the
   * rest of the request (a momentary limit on a route or a number), rides along with the next
   * batches a few times at the base delay; doubling delays are for a gateway in trouble, and
   * would otherwise leave the last messages of a large send waiting seconds after the rest.
   */
  private retryDelayOf(attempts: number, healthy: boolean): number {
    const { retryBaseMs } = this.options;
    if (!healthy) return retryDelay(attempts, retryBaseMs);
    return attempts <= QUICK_RETRIES ? retryBaseMs : retryDelay(attempts - QUICK_RETRIES + 1, retryBaseMs);
  }

  /**
   * Spaces the gateway requests of every worker to the configured rate: two workers sending at
   * once share it, as the gateway counts the account's requests, not each worker's.
   */
  private throttle(): Promise<void> {
    return this.deps.pace.turn(`sms:${this.deps.gateway.name}`, this.gapMs());
  }

  /** Lets a gateway that turned a whole request away recover before anyone's next one. */
  private pause(throttled: boolean): Promise<void> {
    const ms = throttled ? this.gapMs() * GAPS_AFTER_THROTTLE : PAUSE_AFTER_REFUSED_REQUEST_MS;
    return this.deps.pace.holdOff(`sms:${this.deps.gateway.name}`, Date.now() + ms);
  }

  private gapMs(): number {
    return (1000 / this.options.requestsPerSecond) * PACING_MARGIN;
  }
}

/**
 * The account's `sms.failed` webhook for a message that failed at sending (the gateway refused it
 * for good, it ran out of attempts, or its request's fate is unknown), in the transaction that
 * records it; failures the gateway reports later come through delivery reports (sms-reports).
 */
async function emitFailed(
  trx: Kysely<Database>,
  accountId: string,
  message: ClaimedMessage,
  reason: string,
  now: number,
) {
  await emitWebhook(trx, {
    accountId,
    type: 'sms.failed',
    data: {
      messageId: message.id,
      sendId: message.send_id,
      studentId: message.student_id,
      to: message.phone,
      at: now,
      reason,
    },
    now,
  });
}
