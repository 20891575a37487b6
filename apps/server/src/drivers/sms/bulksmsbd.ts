import type { GatewayMessage, GatewayResult, SmsGateway } from './gateway';
import {
  GATEWAY_TIMEOUT_MS,
  type GatewayAnswer,
  gatewayNumber,
  gatewayReason,
  postToGateway,
  sameForAll,
} from './gateway-http';

/**
 * BulkSMSBD (research/integrations.md §3.1). Form-encoded POSTs; the answer is JSON with
 * `response_code` (202 = submitted) and HTTP 200 even on error. One answer covers the whole
 * request: there are no per-message results and no client message id, so a request repeated
 * after a lost answer may send twice (`idempotent = false`).
 */

export interface BulkSmsBdOptions {
  /** The API base, e.g. https://bulksmsbd.net/api (an old SMS_API_URL ending in /smsapi works too). */
  url: string;
  apiKey: string;
  senderId: string | undefined;
  timeoutMs?: number;
}

/**
 * Codes no retry will change: a bad number (1001), sender id (1002, 1013-1017), missing field
 * (1003), unknown or disabled account (1011, 1018-1021), a mask sent in English (1012). Every
 * other code is asked again: 1005 internal error, 1006/1007 balance (a top-up fixes them), and
 * codes we do not know, since an unknown answer is no proof the message is bad.
 */
const REFUSED = new Set([1001, 1002, 1003, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021]);

const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€\f',
);

/** Whether every character fits the GSM 03.38 alphabet (basic set and extension table). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM7.has(char)) return false;
  return true;
}

export function createBulkSmsBdGateway(options: BulkSmsBdOptions): SmsGateway {
  const base = options.url.replace(/\/+$/, '').replace(/\/(smsapi|smsapimany)$/, '');
  const timeoutMs = options.timeoutMs ?? GATEWAY_TIMEOUT_MS;
  return {
    name: 'bulksmsbd',
    idempotent: false,
    masking: true,
    batchSize: 100,
    async send(messages) {
      if (!messages.length) return [];
      const form = new URLSearchParams({ api_key: options.apiKey });
      const gsm = messages.every((m) => isGsm7(m.text));
      // A mask takes Bangla text only (code 1012, "Masking SMS must be sent in Bengali"), so an
      // English message goes under the platform's sender rather than fail for good.
      const mask = messages[0]!.sender;
      const sender = mask && !gsm && messages.every((m) => m.sender === mask) ? mask : options.senderId;
      if (sender) form.set('senderid', sender);
      // UNCONFIRMED: the official page shows only type=text; integrators send type=unicode for
      // non-GSM text (research §3.1, §10). Verify with a real account before relying on Bangla.
      form.set('type', gsm ? 'text' : 'unicode');
      const first = messages[0]!.text;
      let endpoint: string;
      if (messages.every((m) => m.text === first)) {
        // One-to-many: one request, one text, a comma list of numbers.
        endpoint = 'smsapi';
        form.set('number', messages.map((m) => gatewayNumber(m.to)).join(','));
        form.set('message', first);
      } else {
        endpoint = 'smsapimany';
        form.set(
          'messages',
          JSON.stringify(messages.map((m) => ({ to: gatewayNumber(m.to), message: m.text }))),
        );
      }
      const answer = await postToGateway(
        `${base}/${endpoint}`,
        { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
        timeoutMs,
      );
      return interpret(messages, answer);
    },
  };
}

function interpret(messages: readonly GatewayMessage[], answer: GatewayAnswer): GatewayResult[] {
  if (!answer.reached)
    return sameForAll(messages, { outcome: 'retry', code: answer.code, reason: answer.reason });
  if (answer.status < 200 || answer.status > 299) {
    return sameForAll(messages, {
      outcome: 'retry',
      code: `http_${answer.status}`,
      reason: `the SMS gateway answered HTTP ${answer.status}`,
      ...(answer.status === 429 ? { throttled: true as const } : {}),
    });
  }
  const body = (answer.body ?? {}) as {
    response_code?: unknown;
    message_id?: unknown;
    error_message?: unknown;
  };
  const code = Number(body.response_code);
  if (!Number.isFinite(code)) {
    return sameForAll(messages, {
      outcome: 'retry',
      code: 'bad_response',
      reason: 'the SMS gateway answered without a response_code',
    });
  }
  if (code === 202) {
    const id = body.message_id;
    const providerId = typeof id === 'string' || typeof id === 'number' ? String(id) : null;
    return sameForAll(messages, { outcome: 'accepted', providerId });
  }
  const reason = gatewayReason(body.error_message, `BulkSMSBD error ${code}`);
  const outcome = REFUSED.has(code) ? 'refused' : 'retry';
  return sameForAll(messages, { outcome, code: String(code), reason });
}
