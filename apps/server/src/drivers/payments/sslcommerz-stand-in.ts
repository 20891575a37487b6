import crypto from 'node:crypto';
import { decimalToPaisa, signNotification } from './sslcommerz';
import {
  autoPostPage,
  checkoutPage,
  type StandInReply,
  type StandInRequest,
  startLoopback,
} from './stand-in-http';

/**
 * A loopback SSLCommerz v4 (research/integrations.md §1) for development, tests and the bench:
 * the session API, a hosted checkout page with Pay / Decline / Cancel buttons, the IPN posted to
 * the store's ipn_url with a correct verify_sign, the validation API (VALID, then VALIDATED), the
 * transaction query and refunds. It can be told to decline, cancel, expire, leave a payment
 * unattempted, flag it risky, charge another amount than asked, replay or tamper an IPN.
 */

export type SslOutcome = 'VALID' | 'FAILED' | 'CANCELLED' | 'EXPIRED' | 'UNATTEMPTED';
export type SslTamper = 'amount' | 'currency' | 'signature' | 'unknown-tran';

export interface SslSession {
  sessionkey: string;
  storeId: string;
  storePassword: string;
  tranId: string;
  amount: string;
  currency: string;
  urls: { success: string; fail: string; cancel: string; ipn: string };
  valueA: string;
  outcome: SslOutcome | null;
  valId: string | null;
  bankTranId: string | null;
  validations: number;
  riskLevel: '0' | '1';
  /** What the validation API reports as charged (a gateway-side mismatch when it differs). */
  chargedAmount: string;
  refunds: { refundRefId: string; amount: string }[];
}

export interface SslBehaviour {
  /** Post the IPN to ipn_url when a payment ends (default true). */
  postIpn?: boolean;
  /** The next payment is flagged risky (risk_level 1). */
  risky?: boolean;
  /** The validation API reports this amount instead of the session's (decimal, e.g. "1.00"). */
  chargeAmount?: string;
  /** The session API answers FAILED. */
  refuseSessions?: boolean;
}

export interface SslCompletion {
  form: Record<string, string>;
  /** Where the gateway sends the browser (success, fail or cancel URL). */
  redirectTo: string;
}

export interface SslCommerzStandIn {
  url: string;
  sessions(): SslSession[];
  session(tranId: string): SslSession | undefined;
  setBehaviour(behaviour: SslBehaviour): void;
  /** Ends a session as the payer's choice at the checkout page would (posting the IPN unless told not to). */
  complete(sessionkey: string, outcome: SslOutcome): Promise<SslCompletion>;
  /** The signed notification of an ended session, as the IPN carries it. */
  notification(sessionkey: string): Record<string, string>;
  /** A copy of a notification changed as a forger would. */
  tamper(form: Readonly<Record<string, string>>, kind: SslTamper): Record<string, string>;
  /** POSTs a notification to a session's ipn_url; answers the HTTP status. */
  postIpn(sessionkey: string, form: Readonly<Record<string, string>>): Promise<number>;
  close(): Promise<void>;
}

const id = (bytes = 9) => crypto.randomBytes(bytes).toString('hex').toUpperCase();

export async function startSslCommerzStandIn(
  port = 0,
  defaults: SslBehaviour = {},
): Promise<SslCommerzStandIn> {
  const byKey = new Map<string, SslSession>();
  const byVal = new Map<string, SslSession>();
  let behaviour: SslBehaviour = { ...defaults };
  let base = '';

  const notification = (s: SslSession): Record<string, string> => {
    const valid = s.outcome === 'VALID';
    const fields: Record<string, string> = {
      status: s.outcome ?? 'UNATTEMPTED',
      tran_id: s.tranId,
      val_id: s.valId ?? '',
      amount: s.amount,
      store_amount: (Number(s.amount) * 0.975).toFixed(2),
      currency: s.currency,
      bank_tran_id: s.bankTranId ?? '',
      card_type: valid ? 'BKASH-BKash' : '',
      card_no: '',
      card_issuer: valid ? 'BKash Mobile Banking' : '',
      card_brand: valid ? 'MOBILEBANKING' : '',
      card_issuer_country: 'Bangladesh',
      card_issuer_country_code: 'BD',
      currency_type: s.currency,
      currency_amount: s.amount,
      currency_rate: '1.0000',
      base_fair: '0.00',
      value_a: s.valueA,
      value_b: '',
      value_c: '',
      value_d: '',
      risk_level: s.riskLevel,
      risk_title: s.riskLevel === '1' ? 'Risky' : 'Safe',
      tran_date: new Date().toISOString().slice(0, 19).replace('T', ' '),
      store_id: s.storeId,
    };
    return { ...fields, ...signNotification(fields, s.storePassword) };
  };

  const postIpn = async (s: SslSession, form: Readonly<Record<string, string>>) => {
    const response = await fetch(s.urls.ipn, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    await response.arrayBuffer();
    return response.status;
  };

  const complete = async (sessionkey: string, outcome: SslOutcome): Promise<SslCompletion> => {
    const s = byKey.get(sessionkey);
    if (!s) throw new Error(`no session ${sessionkey}`);
    s.outcome = outcome;
    if (outcome === 'VALID') {
      s.valId = id(12);
      s.bankTranId = id(10);
      s.riskLevel = behaviour.risky ? '1' : '0';
      s.chargedAmount = behaviour.chargeAmount ?? s.amount;
      byVal.set(s.valId, s);
    }
    const form = notification(s);
    if (behaviour.postIpn !== false) await postIpn(s, form).catch(() => undefined);
    const redirectTo =
      outcome === 'VALID' ? s.urls.success : outcome === 'CANCELLED' ? s.urls.cancel : s.urls.fail;
    return { form, redirectTo };
  };

  const creds = (q: URLSearchParams, s: SslSession) =>
    q.get('store_id') === s.storeId && q.get('store_passwd') === s.storePassword;

  const handle = async (r: StandInRequest): Promise<StandInReply> => {
    if (r.method === 'POST' && r.path === '/gwprocess/v4/api.php') {
      const b = r.body;
      const amount = decimalToPaisa(b.total_amount);
      const missing = [
        'store_id',
        'store_passwd',
        'tran_id',
        'success_url',
        'fail_url',
        'cancel_url',
        'currency',
      ].filter((k) => !b[k]);
      if (behaviour.refuseSessions || missing.length || !(amount >= 1000 && amount <= 50_000_000)) {
        return {
          status: 200,
          json: {
            status: 'FAILED',
            failedreason: missing.length ? `missing ${missing.join(', ')}` : 'Invalid amount',
          },
        };
      }
      const sessionkey = id(16);
      byKey.set(sessionkey, {
        sessionkey,
        storeId: b.store_id!,
        storePassword: b.store_passwd!,
        tranId: b.tran_id!,
        amount: (amount / 100).toFixed(2),
        currency: b.currency!,
        urls: { success: b.success_url!, fail: b.fail_url!, cancel: b.cancel_url!, ipn: b.ipn_url ?? '' },
        valueA: b.value_a ?? '',
        outcome: null,
        valId: null,
        bankTranId: null,
        validations: 0,
        riskLevel: '0',
        chargedAmount: (amount / 100).toFixed(2),
        refunds: [],
      });
      return {
        status: 200,
        json: {
          status: 'SUCCESS',
          sessionkey,
          GatewayPageURL: `${base}/gwprocess/v4/checkout/${sessionkey}`,
          failedreason: '',
        },
      };
    }
    const page = /^\/gwprocess\/v4\/checkout\/([A-F0-9]+)(?:\/(pay|decline|cancel))?$/.exec(r.path);
    if (page) {
      const s = byKey.get(page[1]!);
      if (!s) return { status: 404, html: checkoutPage('Session not found', [], []) };
      if (r.method === 'GET' && !page[2]) {
        return {
          status: 200,
          html: checkoutPage(
            'SSLCommerz stand-in',
            [`Amount: ${s.amount} ${s.currency}`, `Transaction: ${s.tranId}`],
            [
              { label: 'Pay', action: `${r.path}/pay`, testId: 'ssl-pay' },
              { label: 'Decline', action: `${r.path}/decline`, testId: 'ssl-decline' },
              { label: 'Cancel', action: `${r.path}/cancel`, testId: 'ssl-cancel' },
            ],
          ),
        };
      }
      if (r.method === 'POST' && page[2]) {
        const outcome = page[2] === 'pay' ? 'VALID' : page[2] === 'decline' ? 'FAILED' : 'CANCELLED';
        const done = await complete(s.sessionkey, outcome);
        return { status: 200, html: autoPostPage(done.redirectTo, done.form) };
      }
    }
    if (r.method === 'GET' && r.path === '/validator/api/validationserverAPI.php') {
      const s = byVal.get(r.query.get('val_id') ?? '');
      if (!s || !creds(r.query, s)) return { status: 200, json: { status: 'INVALID_TRANSACTION' } };
      s.validations += 1;
      return {
        status: 200,
        json: {
          status: s.validations === 1 ? 'VALID' : 'VALIDATED',
          tran_id: s.tranId,
          val_id: s.valId,
          amount: s.chargedAmount,
          store_amount: (Number(s.chargedAmount) * 0.975).toFixed(2),
          currency: s.currency,
          currency_type: s.currency,
          currency_amount: s.chargedAmount,
          bank_tran_id: s.bankTranId,
          risk_level: s.riskLevel,
          risk_title: s.riskLevel === '1' ? 'Risky' : 'Safe',
          value_a: s.valueA,
        },
      };
    }
    if (r.method === 'GET' && r.path === '/validator/api/merchantTransIDvalidationAPI.php') {
      if (r.query.get('refund_amount')) {
        const s = [...byKey.values()].find((x) => x.bankTranId === r.query.get('bank_tran_id'));
        if (!s || !creds(r.query, s))
          return { status: 200, json: { APIConnect: 'INVALID_REQUEST', status: 'failed' } };
        const refundRefId = id(8);
        s.refunds.push({ refundRefId, amount: r.query.get('refund_amount') ?? '' });
        return {
          status: 200,
          json: {
            APIConnect: 'DONE',
            status: 'success',
            refund_ref_id: refundRefId,
            bank_tran_id: s.bankTranId,
          },
        };
      }
      const found = [...byKey.values()].filter(
        (x) => x.tranId === r.query.get('tran_id') && creds(r.query, x),
      );
      return {
        status: 200,
        json: {
          APIConnect: 'DONE',
          no_of_trans_found: found.length,
          element: found.map((s) => ({
            status:
              s.outcome === 'VALID' ? (s.validations ? 'VALIDATED' : 'VALID') : (s.outcome ?? 'PENDING'),
            tran_id: s.tranId,
            val_id: s.valId ?? '',
            amount: s.chargedAmount,
            currency: s.currency,
            bank_tran_id: s.bankTranId ?? '',
            risk_level: s.riskLevel,
          })),
        },
      };
    }
    return { status: 404, json: { status: 'FAILED', failedreason: 'Unknown path' } };
  };

  const server = await startLoopback(handle, port);
  base = server.url;
  return {
    url: server.url,
    sessions: () => [...byKey.values()],
    session: (tranId) => [...byKey.values()].find((s) => s.tranId === tranId),
    setBehaviour: (b) => {
      behaviour = { ...defaults, ...b };
    },
    complete,
    notification: (sessionkey) => {
      const s = byKey.get(sessionkey);
      if (!s) throw new Error(`no session ${sessionkey}`);
      return notification(s);
    },
    tamper: (form, kind) => {
      const copy = { ...form };
      const s = [...byKey.values()].find((x) => x.tranId === form.tran_id);
      // Amount, currency and tran_id are changed and signed again, as one who knows the store
      // password could: only our own record catches them. A bad signature is the cheap forgery.
      if (kind === 'amount') copy.amount = (Number(copy.amount) / 100).toFixed(2);
      if (kind === 'currency') copy.currency = 'USD';
      if (kind === 'unknown-tran') copy.tran_id = `X${id(8)}`;
      if (s && kind !== 'signature') Object.assign(copy, signNotification(stripSign(copy), s.storePassword));
      if (kind === 'signature') {
        copy.amount = (Number(copy.amount) / 100).toFixed(2);
        copy.verify_sign = crypto.randomBytes(16).toString('hex');
      }
      return copy;
    },
    postIpn: (sessionkey, form) => {
      const s = byKey.get(sessionkey);
      if (!s) throw new Error(`no session ${sessionkey}`);
      return postIpn(s, form);
    },
    close: server.close,
  };
}

function stripSign(form: Record<string, string>) {
  const { verify_sign: _s, verify_key: _k, ...rest } = form;
  return rest;
}
