import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmsDeliveryReports } from '@batchwise/domain';
import { seededRandom } from '../../lib/seeded-random';
import type { DeliveryReport } from './gateway';

/**
 * A loopback SMS gateway for tests, `npm run bench` and the crash test: it speaks BulkSMSBD
 * (/api/smsapi, /api/smsapimany, /api/getBalanceApi) and SSL Wireless ISMS v3 (/api/v3/send-sms,
 * /send-sms/bulk, /send-sms/dynamic) as research/integrations.md §3 describes them, records every
 * message it takes, drops a repeated SSL csms_id as the real gateway does, and fails on demand.
 */

export interface StandInFaults {
  /**
   * Share (0…1) of messages that fail, drawn from a generator seeded by `seed`, so the same run
   * fails the same messages. SSL fails them one by one (smsinfo); BulkSMSBD answers for a whole
   * request only, so there the draw is per request and fails all of it.
   */
  failShare?: number;
  /** How a drawn failure fails: a passing error (default) or a refusal of the message. */
  failAs?: 'retry' | 'refused';
  seed?: number;
  /** Never answer: 'drop' takes nothing, 'accept' takes the messages and loses the answer. */
  timeout?: 'drop' | 'accept';
  /** Wait this long before answering. */
  delayMs?: number;
  /** Send requests per second past which the protocol's throttle answer comes back. */
  maxPerSecond?: number;
  /** Answer every send with this code (BulkSMSBD response_code, SSL status_code). */
  errorCode?: number;
  /** Answer every send with this HTTP status and no JSON. */
  httpStatus?: number;
  /** A delivery report for each message taken; optionally every report twice. */
  reports?: { undeliveredShare?: number; duplicate?: boolean };
}

export interface StandInMessage {
  protocol: 'bulksmsbd' | 'sslwireless';
  /** The protocol's client message id (SSL csms_id); null where the protocol has none. */
  key: string | null;
  to: string;
  text: string;
  /** BulkSMSBD `type`, SSL `sms_type` (EN/BN). */
  type: string | null;
  senderId: string | null;
  providerId: string;
}

export interface StandInGateway {
  /** The root; the drivers' API bases are in `urls`. */
  url: string;
  urls: { bulksmsbd: string; sslwireless: string };
  accepted(): StandInMessage[];
  /** Send requests received, answered or not. */
  requests(): number;
  /** Delivery reports made since the last call, keyed by the gateway's own message id (providerId). */
  takeReports(): DeliveryReport[];
  /** Replaces the faults in force (`setFaults({})` clears them). */
  setFaults(faults: StandInFaults): void;
  close(): Promise<void>;
}

type Reply = { status: number; body: unknown };
type Params = Record<string, unknown>;

const BD_NUMBER = /^8801[3-9]\d{8}$/;
const BULKSMSBD_PATHS = new Set(['/api/smsapi', '/api/smsapimany']);
const SSL_PATHS = new Set(['/api/v3/send-sms', '/api/v3/send-sms/bulk', '/api/v3/send-sms/dynamic']);

export async function startStandInGateway(
  options: { apiKey?: string; faults?: StandInFaults } = {},
): Promise<StandInGateway> {
  const taken: StandInMessage[] = [];
  const seenIds = new Set<string>();
  let reports: DeliveryReport[] = [];
  let requestCount = 0;
  let sequence = 0;
  /** Arrival times of the last second's send requests, for the throttle. */
  const recent: number[] = [];
  let faults: StandInFaults = {};
  let random = seededRandom(0);
  // New faults start afresh: the same seed draws the same failures, the throttle counts anew.
  const setFaults = (next: StandInFaults) => {
    faults = { ...next };
    random = seededRandom(next.seed ?? 0);
    recent.length = 0;
  };
  setFaults(options.faults ?? {});

  const fails = () => (faults.failShare ?? 0) > 0 && random() < faults.failShare!;
  const authorised = (value: unknown) => options.apiKey === undefined || value === options.apiKey;

  function take(message: Omit<StandInMessage, 'providerId'>, providerId: string): void {
    taken.push({ ...message, providerId });
    if (message.key) seenIds.add(message.key);
    if (!faults.reports) return;
    const undelivered = random() < (faults.reports.undeliveredShare ?? 0);
    const report: DeliveryReport = {
      key: providerId,
      status: undelivered ? 'undelivered' : 'delivered',
      reason: undelivered ? 'handset unreachable' : null,
      at: Date.now(),
    };
    reports.push(report);
    if (faults.reports.duplicate) reports.push({ ...report });
  }

  function bulkSmsBd(path: string, p: Params): Reply {
    const answer = (code: number, extra: Params = {}): Reply => ({
      status: 200,
      body: { response_code: code, ...extra },
    });
    if (!authorised(p.api_key)) return answer(1011, { error_message: 'User Id Not found' });
    let items: { to: string; message: string }[];
    try {
      items =
        path === '/api/smsapi'
          ? String(p.number ?? '')
              .split(',')
              .filter(Boolean)
              .map((to) => ({ to: to.trim(), message: String(p.message ?? '') }))
          : ((typeof p.messages === 'string' ? JSON.parse(p.messages) : p.messages) ?? []);
    } catch {
      items = [];
    }
    if (!p.api_key || !Array.isArray(items) || !items.length || items.some((i) => !i?.to || !i.message)) {
      return answer(1003, { error_message: 'Please provide all required fields' });
    }
    if (items.some((i) => !BD_NUMBER.test(String(i.to))))
      return answer(1001, { error_message: 'Invalid Number' });
    if (fails()) {
      return faults.failAs === 'refused'
        ? answer(1001, { error_message: 'Invalid Number' })
        : answer(1005, { error_message: 'Internal Error' });
    }
    const messageId = `bsb-${++sequence}`;
    for (const item of items) {
      const type = typeof p.type === 'string' ? p.type : null;
      const senderId = typeof p.senderid === 'string' ? p.senderid : null;
      take(
        { protocol: 'bulksmsbd', key: null, to: String(item.to), text: String(item.message), type, senderId },
        messageId,
      );
    }
    return answer(202, { message_id: messageId, success_message: 'SMS Submitted Successfully' });
  }

  function sslWireless(path: string, p: Params): Reply {
    const answer = (code: number, message: string, smsinfo: unknown[] = []): Reply => ({
      status: 200,
      body: {
        status: code === 200 ? 'SUCCESS' : 'FAILED',
        status_code: code,
        error_message: message,
        smsinfo,
      },
    });
    if (!authorised(p.api_token)) return answer(4001, 'Unauthorized');
    const sid = typeof p.sid === 'string' ? p.sid : null;
    let items: { msisdn: unknown; text: unknown; csms_id: unknown }[] = [];
    if (path === '/api/v3/send-sms') items = [{ msisdn: p.msisdn, text: p.sms, csms_id: p.csms_id }];
    else if (path === '/api/v3/send-sms/dynamic') items = Array.isArray(p.sms) ? p.sms : [];
    else {
      const numbers = Array.isArray(p.msisdn) ? p.msisdn : String(p.msisdn ?? '').split(',');
      if (typeof p.batch_csms_id !== 'string') return answer(4022, 'Required Parameter Missing');
      if (seenIds.has(p.batch_csms_id)) return answer(4023, 'Duplicate CSMS ID');
      seenIds.add(p.batch_csms_id);
      items = numbers.filter(Boolean).map((msisdn) => ({ msisdn, text: p.sms, csms_id: null }));
    }
    const bulk = path === '/api/v3/send-sms/bulk';
    if (!sid || !items.length || items.some((i) => !i?.msisdn || !i.text || (!bulk && !i.csms_id))) {
      return answer(4022, 'Required Parameter Missing');
    }
    let firstFailure: [number, string] | null = null;
    const smsinfo = items.map((item) => {
      const msisdn = String(item.msisdn).trim();
      const text = String(item.text);
      const csmsId = item.csms_id == null ? null : String(item.csms_id);
      const type = [...text].some((c) => c.charCodeAt(0) > 0x7f) ? 'BN' : 'EN';
      let failure: [number, string] | null = null;
      if (!BD_NUMBER.test(msisdn)) failure = [4025, 'Invalid MSISDN'];
      else if (csmsId && seenIds.has(csmsId)) failure = [4023, 'Duplicate CSMS ID'];
      else if (fails())
        failure = faults.failAs === 'refused' ? [4025, 'Invalid MSISDN'] : [4031, 'TPS Exceeded'];
      const referenceId = failure ? null : `ssl-${++sequence}`;
      if (failure) firstFailure ??= failure;
      else
        take({ protocol: 'sslwireless', key: csmsId, to: msisdn, text, type, senderId: sid }, referenceId!);
      return {
        sms_status: failure ? 'FAILED' : 'SUCCESS',
        status_message: failure ? failure[1] : 'Success',
        msisdn,
        sms_type: type,
        sms_body: text,
        csms_id: csmsId,
        reference_id: referenceId,
      };
    });
    if (smsinfo.some((s) => s.sms_status === 'SUCCESS')) return answer(200, '', smsinfo);
    // Nothing taken: a single send answers its own code; bulk and dynamic answer 4028 with the
    // per-message details (the details' presence there is our assumption, research §10).
    if (path === '/api/v3/send-sms') return answer(firstFailure![0], firstFailure![1]);
    return answer(4028, 'Invalid message data', smsinfo);
  }

  function route(path: string, p: Params): Reply {
    if (SSL_PATHS.has(path)) {
      if (p.malformed)
        return {
          status: 200,
          body: { status: 'FAILED', status_code: 4005, error_message: 'Invalid request format', smsinfo: [] },
        };
      return sslWireless(path, p);
    }
    if (p.malformed)
      return {
        status: 200,
        body: { response_code: 1003, error_message: 'Please provide all required fields' },
      };
    return bulkSmsBd(path, p);
  }

  async function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname.replace(/\/+$/, '');
    let params: Params = Object.fromEntries(url.searchParams);
    if (/json/.test(req.headers['content-type'] ?? '')) {
      try {
        params = { ...params, ...(JSON.parse(raw) as Params) };
      } catch {
        params = { ...params, malformed: true };
      }
    } else params = { ...params, ...Object.fromEntries(new URLSearchParams(raw)) };
    const send = (reply: Reply) => {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    };
    if (path === '/api/getBalanceApi') {
      // Shape assumed: the official page names the endpoint, not its answer.
      return send({
        status: 200,
        body: { response_code: 202, balance: Math.max(0, 100_000 - taken.length) },
      });
    }
    const ssl = SSL_PATHS.has(path);
    if (!ssl && !BULKSMSBD_PATHS.has(path)) return send({ status: 404, body: { error: 'not found' } });
    requestCount++;
    if (faults.delayMs) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
    if (faults.timeout === 'drop') return;
    if (faults.timeout === 'accept') return void route(path, params);
    if (faults.httpStatus) {
      res.writeHead(faults.httpStatus, { 'content-type': 'text/plain' });
      return void res.end('stand-in failure');
    }
    const now = Date.now();
    while (recent.length && recent[0]! <= now - 1000) recent.shift();
    recent.push(now);
    if (faults.maxPerSecond !== undefined && recent.length > faults.maxPerSecond) {
      // BulkSMSBD documents no throttle code: an HTTP 429 stands in for whatever it does.
      if (ssl)
        return send({
          status: 200,
          body: { status: 'FAILED', status_code: 4031, error_message: 'TPS Exceeded', smsinfo: [] },
        });
      return send({ status: 429, body: { error: 'Too Many Requests' } });
    }
    if (faults.errorCode !== undefined) {
      const code = faults.errorCode;
      const message = `stand-in error ${code}`;
      if (ssl)
        return send({
          status: 200,
          body: { status: 'FAILED', status_code: code, error_message: message, smsinfo: [] },
        });
      return send({ status: 200, body: { response_code: code, error_message: message } });
    }
    send(route(path, params));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, Buffer.concat(chunks).toString('utf8'), res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: root,
    urls: { bulksmsbd: `${root}/api`, sslwireless: root },
    accepted: () => [...taken],
    requests: () => requestCount,
    takeReports: () => {
      const out = reports;
      reports = [];
      return out;
    },
    setFaults,
    close: () =>
      new Promise<void>((resolve) => {
        // Held (timed-out) requests would keep close() waiting for ever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Reports as the stand-in pushes them to Batchwise (`POST /api/sms/delivery-reports`), in the
 * webhook shape of contracts/sms.ts: the gateway's message id and a status group.
 */
export function reportsWebhookBody(reports: readonly DeliveryReport[]): SmsDeliveryReports {
  return {
    results: reports.map((r) => ({
      messageId: r.key,
      status:
        r.status === 'delivered'
          ? { groupName: 'DELIVERED' }
          : { groupName: 'UNDELIVERABLE', ...(r.reason ? { description: r.reason } : {}) },
    })),
  };
}
