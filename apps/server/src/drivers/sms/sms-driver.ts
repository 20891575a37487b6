import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { OutboxRepository } from '../../modules/outbox/outbox.repository';

export interface SmsMessage {
  /** A normalised Bangladeshi number, +8801XXXXXXXXX. */
  to: string;
  text: string;
  /**
   * Sends the message once per key (the `sms.send` job's id), however often the job runs. The
   * console driver keeps one outbox row per key; the HTTP gateway has no such key, so a worker
   * that dies between the gateway's answer and the job's completion may still send it twice.
   */
  key?: string;
}

export interface SmsDriver {
  readonly name: 'console' | 'http';
  send(message: SmsMessage): Promise<{ id: string }>;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly providerCode?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** Local use: keeps every SMS in the outbox table and logs it. */
export function createConsoleSmsDriver(
  outbox: OutboxRepository,
  clock: Clock,
  log: { info(o: object, m: string): void },
): SmsDriver {
  return {
    name: 'console',
    async send(message) {
      const id = newId();
      const kept = await outbox.insert({
        id,
        kind: 'sms',
        to: message.to,
        subject: null,
        body: message.text,
        meta: null,
        created_at: clock.now(),
        send_key: message.key ?? null,
      });
      if (!kept) log.info({ to: message.to, key: message.key }, 'SMS already kept for this key');
      else log.info({ to: message.to, outboxId: id }, 'SMS kept in the console outbox');
      return { id };
    },
  };
}

interface HttpSmsOptions {
  url: string;
  apiKey: string;
  senderId: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * The HTTP API most Bangladeshi bulk-SMS gateways share (BulkSMSBD style): a POST of
 * api_key, type, number (880…), senderid and message; JSON back with response_code 202 on
 * acceptance. Other codes are the provider's errors and fail the send so the job retries.
 */
export function createHttpSmsDriver(options: HttpSmsOptions): SmsDriver {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'http',
    async send(message) {
      const body = new URLSearchParams({
        api_key: options.apiKey,
        type: 'text',
        number: message.to.replace(/^\+/, ''),
        message: message.text,
      });
      if (options.senderId) body.set('senderid', options.senderId);
      const response = await doFetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      if (!response.ok) throw new SmsSendError(`SMS gateway answered HTTP ${response.status}`);
      const result = (await response.json().catch(() => ({}))) as {
        response_code?: number;
        message_id?: string | number;
        error_message?: string;
      };
      if (result.response_code !== 202) {
        throw new SmsSendError(
          `SMS gateway refused the message: ${result.error_message || 'no reason given'}`,
          result.response_code,
        );
      }
      return { id: String(result.message_id ?? newId()) };
    },
  };
}
