import { createHash } from 'node:crypto';
import type { GatewayMessage, GatewayResult, SmsGateway } from './gateway';
import {
  GATEWAY_TIMEOUT_MS,
  type GatewayAnswer,
  type GatewayOutcome,
  gatewayNumber,
  gatewayReason,
  postToGateway,
  sameForAll,
} from './gateway-http';

/**
 * SSL Wireless ISMS Plus, API v3 (research/integrations.md §3.2): JSON POST to
 * `{base}/api/v3/send-sms/dynamic`, one `csms_id` per message. The gateway refuses a csms_id it
 * has seen the same day (4023), which makes a repeated request harmless: `idempotent = true`.
 *
 * Response shape `{status, status_code, error_message, smsinfo: [{sms_status, status_message,
 * msisdn, sms_type, sms_body, csms_id, reference_id}]}` is from the official client's status
 * check (`status_code == 200`), a Java client's parser and sample responses quoted in third-party
 * code; how a partly failed dynamic request reports its failures is not documented (§10).
 */

export interface SslWirelessOptions {
  /** The domain SSL gives the account, e.g. https://smsplus.sslwireless.com (a trailing /api/v3… is dropped). */
  url: string;
  /** api_token */
  apiKey: string;
  /** sid: the stakeholder (sender) profile. */
  senderId: string;
  timeoutMs?: number;
}

/**
 * The csms_id of a message key. Third-party notes on the v3 spec give csms_id as at most 20
 * alphanumeric characters, unique per day; our keys are 26-character ULIDs or `job:<ULID>`, so
 * they are hashed: the first 20 hex digits of SHA-256 (80 bits; a collision among a billion keys
 * has odds of about 1 in 2.4 million). The same key always gives the same csms_id, which is what
 * makes a retry a duplicate the gateway drops. Keep the csms_id to match delivery reports.
 */
export function sslCsmsId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 20);
}

/** Request-wide codes no retry will change: credentials, sender profile, malformed messages. */
const REFUSED = new Set([4001, 4002, 4004, 4005, 4020, 4022, 4025, 4026, 4027]);
/**
 * Everything else is asked again: 4003 IP not whitelisted (SSL fixes it on their side; the
 * messages are fine), 4029/4031 throttled, 4030 limit exceeded, 5000 unknown, codes we do not know.
 */
const DUPLICATE = 4023;
/** "TPS exceeded": too many requests in the last second. */
const THROTTLED = new Set([4029, 4031]);

interface SmsInfo {
  sms_status?: unknown;
  status_message?: unknown;
  csms_id?: unknown;
  reference_id?: unknown;
}

export function createSslWirelessGateway(options: SslWirelessOptions): SmsGateway {
  const base = options.url.replace(/\/+$/, '').replace(/\/api\/v3(\/.*)?$/, '');
  const timeoutMs = options.timeoutMs ?? GATEWAY_TIMEOUT_MS;
  return {
    name: 'sslwireless',
    idempotent: true,
    masking: false,
    batchSize: 100,
    async send(messages) {
      if (!messages.length) return [];
      const body = JSON.stringify({
        api_token: options.apiKey,
        sid: options.senderId,
        sms: messages.map((m) => ({ msisdn: gatewayNumber(m.to), text: m.text, csms_id: sslCsmsId(m.key) })),
      });
      const answer = await postToGateway(
        `${base}/api/v3/send-sms/dynamic`,
        { headers: { 'content-type': 'application/json' }, body },
        timeoutMs,
      );
      return interpret(messages, answer);
    },
  };
}

function interpret(messages: readonly GatewayMessage[], answer: GatewayAnswer): GatewayResult[] {
  if (!answer.reached)
    return sameForAll(messages, { outcome: 'retry', code: answer.code, reason: answer.reason });
  const body = (answer.body ?? {}) as { status_code?: unknown; error_message?: unknown; smsinfo?: unknown };
  const code = Number(body.status_code);
  if (answer.status >= 500 || !Number.isFinite(code)) {
    // A 5xx, or an answer that is not the API's JSON (a proxy's error page): nothing is known.
    return sameForAll(messages, {
      outcome: 'retry',
      code: answer.status >= 200 && answer.status < 300 ? 'bad_response' : `http_${answer.status}`,
      reason: `the SMS gateway answered HTTP ${answer.status} without a status_code`,
    });
  }
  const infos = new Map<string, SmsInfo>();
  if (Array.isArray(body.smsinfo)) {
    for (const info of body.smsinfo as SmsInfo[]) {
      if (info && typeof info.csms_id === 'string') infos.set(info.csms_id, info);
    }
  }
  const whole = requestOutcome(
    code,
    gatewayReason(body.error_message, `SSL Wireless error ${code}`),
    infos.size > 0,
  );
  return messages.map((m) => {
    const info = infos.get(sslCsmsId(m.key));
    return { key: m.key, ...(info ? messageOutcome(info) : whole) };
  });
}

/** What the request's own status says of a message it did not report on one by one. */
function requestOutcome(code: number, reason: string, hasInfo: boolean): GatewayOutcome {
  if (code === 200) return { outcome: 'accepted', providerId: null };
  // The gateway has this csms_id already: the message was taken by an earlier request.
  if (code === DUPLICATE) return { outcome: 'accepted', providerId: null };
  // 4028 "no SMS succeeded": with per-message details those decide; a message missing from them
  // (or no details at all) is not known to be bad, so it is asked again.
  if (code === 4028)
    return { outcome: 'retry', code: String(code), reason: hasInfo ? 'not reported' : reason };
  if (THROTTLED.has(code)) return { outcome: 'retry', code: String(code), reason, throttled: true };
  return { outcome: REFUSED.has(code) ? 'refused' : 'retry', code: String(code), reason };
}

/** One smsinfo entry: SUCCESS, or FAILED with only a status_message (no per-message code). */
function messageOutcome(info: SmsInfo): GatewayOutcome {
  const providerId = typeof info.reference_id === 'string' && info.reference_id ? info.reference_id : null;
  if (String(info.sms_status).toUpperCase() === 'SUCCESS') return { outcome: 'accepted', providerId };
  const reason = gatewayReason(info.status_message, 'failed');
  if (/duplicate/i.test(reason)) return { outcome: 'accepted', providerId };
  // Throttling and limits pass; anything else said of one message (invalid or blocked number,
  // too long) is about that message and will not change.
  if (/tps|too many|limit|internal|unknown|try again/i.test(reason))
    return { outcome: 'retry', code: 'FAILED', reason };
  return { outcome: 'refused', code: 'FAILED', reason };
}
