import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { OutboxRepository } from '../../modules/outbox/outbox.repository';
import type { SmsGateway } from './gateway';

/**
 * Local use: keeps every SMS in the outbox table (the developer outbox page shows them) and logs
 * it. One row per message key, so a batch sent again after a crash adds nothing: idempotent.
 */
export function createConsoleGateway(
  outbox: OutboxRepository,
  clock: Clock,
  log: { info(o: object, m: string): void },
): SmsGateway {
  return {
    name: 'console',
    idempotent: true,
    // The outbox keeps the sender each message would go out under.
    masking: true,
    batchSize: 100,
    async send(messages) {
      const results = [];
      for (const message of messages) {
        const id = newId();
        const kept = await outbox.insert({
          id,
          kind: 'sms',
          to: message.to,
          subject: null,
          body: message.text,
          meta: message.sender ? JSON.stringify({ sender: message.sender }) : null,
          created_at: clock.now(),
          send_key: message.key,
        });
        if (kept) log.info({ to: message.to, outboxId: id }, 'SMS kept in the console outbox');
        else log.info({ to: message.to, key: message.key }, 'SMS already kept for this key');
        results.push({ key: message.key, outcome: 'accepted' as const, providerId: kept ? id : null });
      }
      return results;
    },
  };
}
