import { timingSafeEqual } from 'node:crypto';
import type { SmsDeliveryReports } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { EventBus } from '../events/event-bus';
import { emitWebhook } from '../webhooks/webhook-outbox';
import { SmsMessagesRepository } from './sms-messages.repository';

/** Status groups of the report webhook: what reached the handset and what never will. */
const FINAL: Record<string, 'delivered' | 'undelivered'> = {
  DELIVERED: 'delivered',
  UNDELIVERABLE: 'undelivered',
  EXPIRED: 'undelivered',
  REJECTED: 'undelivered',
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Delivery reports from the gateway (the SMS capability's "Dispatch": delivered / undelivered where the
 * gateway reports it). A sent message becomes delivered or undelivered once; pending reports and
 * repeats change nothing. Undelivered messages are not refunded (the gateway charged for them)
 * and can be sent again from the history.
 */
export class SmsReportsService {
  constructor(private readonly deps: { db: Db; clock: Clock; events: EventBus; token: string | undefined }) {}

  async receive(token: string, body: SmsDeliveryReports): Promise<{ applied: number }> {
    // Without a configured secret, or with a wrong one, the route is not there.
    if (!this.deps.token || !sameSecret(token, this.deps.token)) throw notFound();
    const now = this.deps.clock.now();
    const accounts = new Set<string>();
    let applied = 0;
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new SmsMessagesRepository(trx, this.deps.db.dialect);
      for (const result of body.results) {
        const status = FINAL[result.status.groupName.toUpperCase()];
        if (!status) continue;
        const error =
          status === 'undelivered' ? (result.status.description ?? result.status.groupName) : null;
        const message = await repo.report(result.messageId, status, error, now);
        if (!message) continue;
        applied += 1;
        accounts.add(message.account_id);
        const common = {
          messageId: message.id,
          sendId: message.send_id,
          studentId: message.student_id,
          to: message.phone,
          at: now,
        };
        await emitWebhook(
          trx,
          status === 'delivered'
            ? { accountId: message.account_id, type: 'sms.delivered', data: common, now }
            : { accountId: message.account_id, type: 'sms.failed', data: { ...common, reason: error }, now },
        );
      }
    });
    for (const accountId of accounts) {
      await this.deps.events.publish({
        channel: `account:${accountId}`,
        type: 'sms.sends',
        stale: [{ resource: 'sms-sends', params: { accountId } }],
      });
    }
    return { applied };
  }
}
