import crypto from 'node:crypto';
import { checkoutPage, type StandInReply, type StandInRequest, startLoopback } from './stand-in-http';

/**
 * A loopback bKash Tokenized Checkout (research/integrations.md §2) for development, tests and
 * the bench: token grant/refresh, create, a hosted wallet page with Pay / Fail / Cancel that
 * redirects the browser to the callbackURL as bKash does, execute (once: a second call answers
 * 2062), payment/status. It can be told to decline at execute, hang an execute after completing
 * the payment (the timeout the client must resolve with a status query), or expire a payment.
 */

export type BkashPayerChoice = 'success' | 'failure' | 'cancel';

export interface BkashStandInPayment {
  paymentID: string;
  appKey: string;
  amount: string;
  invoice: string;
  callbackURL: string;
  payerChoice: BkashPayerChoice | null;
  transactionStatus: 'Initiated' | 'Completed' | 'Failed' | 'Cancelled' | 'Expired';
  trxID: string | null;
  executeCalls: number;
  statusCalls: number;
  refunds: { refundTrxID: string; amount: string }[];
}

export interface BkashBehaviour {
  /** Execute answers 2023 (insufficient balance) and the payment fails. */
  declineExecute?: boolean;
  /** Execute completes the payment but never answers (a client timeout). */
  hangExecute?: boolean;
}

export interface BkashStandIn {
  url: string;
  payments(): BkashStandInPayment[];
  payment(paymentID: string): BkashStandInPayment | undefined;
  setBehaviour(behaviour: BkashBehaviour): void;
  /** The payer's choice on the wallet page; answers the callback URL the browser is sent to. */
  choose(paymentID: string, choice: BkashPayerChoice): string;
  /** The payment ran out of time at bKash. */
  expire(paymentID: string): void;
  /** Tokens granted (a cache that works grants once per merchant). */
  grants(): number;
  close(): Promise<void>;
}

const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');

export async function startBkashStandIn(port = 0): Promise<BkashStandIn> {
  const payments = new Map<string, BkashStandInPayment>();
  /** id_token → app key it was granted to. */
  const tokens = new Map<string, string>();
  const merchants = new Map<string, { appSecret: string; username: string; password: string }>();
  let behaviour: BkashBehaviour = {};
  let grants = 0;
  let base = '';

  const fail = (statusCode: string, statusMessage: string): StandInReply => ({
    status: 200,
    json: { statusCode, statusMessage },
  });

  const paymentJson = (p: BkashStandInPayment) => ({
    statusCode: '0000',
    statusMessage: 'Successful',
    paymentID: p.paymentID,
    trxID: p.trxID ?? undefined,
    amount: p.amount,
    currency: 'BDT',
    intent: 'sale',
    transactionStatus: p.transactionStatus,
    merchantInvoiceNumber: p.invoice,
    customerMsisdn: p.trxID ? '01770618575' : undefined,
  });

  const choose = (paymentID: string, choice: BkashPayerChoice) => {
    const p = payments.get(paymentID);
    if (!p) throw new Error(`no payment ${paymentID}`);
    p.payerChoice = choice;
    if (choice === 'cancel') p.transactionStatus = 'Cancelled';
    if (choice === 'failure') p.transactionStatus = 'Failed';
    const url = new URL(p.callbackURL);
    url.searchParams.set('paymentID', paymentID);
    url.searchParams.set('status', choice);
    url.searchParams.set('signature', hex(8));
    url.searchParams.set('apiVersion', '1.2.0-beta');
    return url.toString();
  };

  const handle = async (r: StandInRequest): Promise<StandInReply> => {
    if (r.method === 'POST' && (r.path === '/token/grant' || r.path === '/token/refresh')) {
      const username = String(r.headers.username ?? '');
      const password = String(r.headers.password ?? '');
      const known = merchants.get(r.body.app_key ?? '');
      if (!r.body.app_key || !r.body.app_secret || !username || !password)
        return fail('2001', 'Invalid App Key');
      // The first grant of an app key sets its credentials; later ones must match them.
      if (
        known &&
        (known.appSecret !== r.body.app_secret || known.username !== username || known.password !== password)
      )
        return fail('2079', 'Invalid username or password');
      merchants.set(r.body.app_key, { appSecret: r.body.app_secret, username, password });
      grants += 1;
      const idToken = hex(24);
      tokens.set(idToken, r.body.app_key);
      return {
        status: 200,
        json: {
          statusCode: '0000',
          statusMessage: 'Successful',
          id_token: idToken,
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: hex(24),
        },
      };
    }
    if (r.method === 'GET' || (r.method === 'POST' && r.path.startsWith('/checkout/'))) {
      const page = /^\/checkout\/([a-f0-9]+)(?:\/(success|failure|cancel))?$/.exec(r.path);
      const p = page ? payments.get(page[1]!) : undefined;
      if (!page || !p) return { status: 404, html: checkoutPage('Payment not found', [], []) };
      if (r.method === 'POST' && page[2])
        return { status: 302, redirect: choose(p.paymentID, page[2] as BkashPayerChoice) };
      return {
        status: 200,
        html: checkoutPage(
          'bKash stand-in',
          [`Amount: ${p.amount} BDT`, `Invoice: ${p.invoice}`],
          [
            { label: 'Pay', action: `${r.path}/success`, testId: 'bkash-pay' },
            { label: 'Fail', action: `${r.path}/failure`, testId: 'bkash-fail' },
            { label: 'Cancel', action: `${r.path}/cancel`, testId: 'bkash-cancel' },
          ],
        ),
      };
    }
    const appKey = tokens.get(String(r.headers.authorization ?? ''));
    if (!appKey || appKey !== r.headers['x-app-key'])
      return { status: 401, json: { message: 'Unauthorized' } };
    if (r.method === 'POST' && r.path === '/create') {
      if (r.body.mode !== '0011' || !r.body.callbackURL || !r.body.merchantInvoiceNumber || !r.body.amount)
        return fail('2065', 'Mandatory field missing');
      if ([...payments.values()].some((p) => p.invoice === r.body.merchantInvoiceNumber))
        return fail('2029', 'Duplicate for all transactions');
      const paymentID = hex(12);
      const p: BkashStandInPayment = {
        paymentID,
        appKey,
        amount: r.body.amount,
        invoice: r.body.merchantInvoiceNumber,
        callbackURL: r.body.callbackURL,
        payerChoice: null,
        transactionStatus: 'Initiated',
        trxID: null,
        executeCalls: 0,
        statusCalls: 0,
        refunds: [],
      };
      payments.set(paymentID, p);
      return {
        status: 200,
        json: { ...paymentJson(p), bkashURL: `${base}/checkout/${paymentID}`, callbackURL: p.callbackURL },
      };
    }
    const p = payments.get(r.body.paymentID ?? '');
    if (r.method === 'POST' && r.path === '/execute') {
      if (!p || p.appKey !== appKey) return fail('2002', 'Invalid Payment ID');
      p.executeCalls += 1;
      if (p.transactionStatus === 'Completed') return fail('2062', 'The payment has already been completed');
      if (p.payerChoice !== 'success' || p.transactionStatus !== 'Initiated')
        return fail('2056', 'Invalid Payment State');
      if (behaviour.declineExecute) {
        p.transactionStatus = 'Failed';
        return fail('2023', 'Insufficient Balance');
      }
      p.transactionStatus = 'Completed';
      p.trxID = `TRX${hex(5).toUpperCase()}`;
      if (behaviour.hangExecute) return { hang: true };
      return { status: 200, json: paymentJson(p) };
    }
    if (r.method === 'POST' && r.path === '/payment/refund') {
      if (!p || p.appKey !== appKey || p.trxID !== r.body.trxID) return fail('2002', 'Invalid Payment ID');
      if (p.transactionStatus !== 'Completed') return fail('2056', 'Invalid Payment State');
      const refunded = p.refunds.reduce((sum, x) => sum + Number(x.amount), 0);
      if (refunded + Number(r.body.amount) > Number(p.amount) + 1e-9)
        return fail('2071', 'Refund amount exceeds');
      const refundTrxID = `RTX${hex(5).toUpperCase()}`;
      p.refunds.push({ refundTrxID, amount: r.body.amount ?? '0' });
      return {
        status: 200,
        json: {
          originalTrxID: p.trxID,
          refundTrxID,
          transactionStatus: 'Completed',
          amount: r.body.amount,
          currency: 'BDT',
        },
      };
    }
    if (r.method === 'POST' && r.path === '/payment/status') {
      if (!p || p.appKey !== appKey) return fail('2002', 'Invalid Payment ID');
      p.statusCalls += 1;
      return { status: 200, json: paymentJson(p) };
    }
    return { status: 404, json: { statusCode: '404', statusMessage: 'Unknown path' } };
  };

  const server = await startLoopback(handle, port);
  base = server.url;
  return {
    url: server.url,
    payments: () => [...payments.values()],
    payment: (paymentID) => payments.get(paymentID),
    setBehaviour: (b) => {
      behaviour = { ...b };
    },
    choose,
    expire: (paymentID) => {
      const p = payments.get(paymentID);
      if (p && p.transactionStatus === 'Initiated') p.transactionStatus = 'Expired';
    },
    grants: () => grants,
    close: server.close,
  };
}
