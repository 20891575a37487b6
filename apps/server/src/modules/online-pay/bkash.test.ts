import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { BKASH, FEE, followCallback, landing, payWorld, startBkash } from './online-pay-fixture';
import { sweepOverdue } from './online-pay-reconcile';

// bKash tokenized checkout through its stand-in and the real routes: the
// callback is never believed; execute runs once per paymentID, and a status query settles any
// doubt (a timed-out execute, a forged callback, a payment that ran out of time).

describe.each(DIALECTS)('bKash online payments [%s]', (dialect) => {
  // A short gateway timeout so the hanging execute below times out quickly.
  const ctx = useTestApp(dialect, { PAYMENT_GATEWAY_TIMEOUT_MS: '400' });

  it('executes once and records once, however often the callback comes back', async () => {
    const w = await payWorld(ctx);
    const grantsBefore = w.standIns.bkash.grants();
    const { tranId, paymentID } = await startBkash(w);
    const callback = w.standIns.bkash.choose(paymentID, 'success');
    const first = await followCallback(ctx.app, callback);
    expect(landing(first)).toEqual({ path: '/paymentsuccess', tran: tranId, reason: null });
    const again = await Promise.all([1, 2, 3].map(() => followCallback(ctx.app, callback)));
    expect(again.map((l) => landing(l).path)).toEqual([
      '/paymentsuccess',
      '/paymentsuccess',
      '/paymentsuccess',
    ]);
    expect(w.standIns.bkash.payment(paymentID)).toMatchObject({
      executeCalls: 1,
      transactionStatus: 'Completed',
    });
    const payments = await w.payments();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      method: 'bkash',
      amount: FEE,
      reference: w.standIns.bkash.payment(paymentID)!.trxID,
    });
    expect(await w.attempt(tranId)).toMatchObject({ status: 'paid', receiptNo: 1 });

    // The merchant's token is granted once and reused.
    await startBkash(w, [w.month(w.months[1]!)]);
    expect(w.standIns.bkash.grants() - grantsBefore).toBeLessThanOrEqual(1);
  });

  it('refunds through bKash, then records the refund receipt', async () => {
    const w = await payWorld(ctx);
    const { tranId, paymentID } = await startBkash(w);
    await followCallback(ctx.app, w.standIns.bkash.choose(paymentID, 'success'));
    const attempt = (await w.t.client.get(`${w.base}/online-payments?status=paid`)).json().items[0];
    expect(attempt).toMatchObject({ tranId, gatewayPaymentId: paymentID });
    const refund = await w.t.client.post(`${w.base}/online-payments/${attempt.id}/refund`, {
      amountPaisa: FEE,
      reason: 'Paid twice',
    });
    expect(refund.json()).toMatchObject({ amountPaisa: -FEE, method: 'bkash', refundOf: attempt.paymentId });
    expect(w.standIns.bkash.payment(paymentID)!.refunds).toHaveLength(1);
    const again = await w.t.client.post(`${w.base}/online-payments/${attempt.id}/refund`, {
      amountPaisa: 100,
      reason: 'x',
    });
    expect(again.json().error.code).toBe('PAY_REFUND_TOO_MUCH');
  });

  it('a forged early success callback executes nothing and does not block the real one', async () => {
    const w = await payWorld(ctx);
    const { tranId, paymentID } = await startBkash(w);
    const forged = await followCallback(
      ctx.app,
      `http://x/api/public/pay/bkash/callback?paymentID=${paymentID}&status=success`,
    );
    expect(landing(forged).path).toBe('/paymentsuccess');
    expect(await w.attempt(tranId)).toMatchObject({ status: 'redirected' });
    expect(await w.payments()).toHaveLength(0);
    await followCallback(ctx.app, w.standIns.bkash.choose(paymentID, 'success'));
    expect(await w.attempt(tranId)).toMatchObject({ status: 'paid' });
    expect(await w.payments()).toHaveLength(1);
  });

  it.each([
    ['cancel', 'cancelled', 'CANCELLED'],
    ['failure', 'failed', 'DECLINED'],
  ] as const)('ends a payment the payer chose %s on with the spec reason', async (choice, status, reason) => {
    const w = await payWorld(ctx);
    const { tranId, paymentID } = await startBkash(w);
    const where = await followCallback(ctx.app, w.standIns.bkash.choose(paymentID, choice));
    expect(landing(where)).toEqual({ path: '/paymentfail', tran: tranId, reason });
    expect(await w.attempt(tranId)).toMatchObject({ status, reason });
    expect(await w.payments()).toHaveLength(0);
  });

  it('declines when execute is refused (insufficient balance)', async () => {
    const w = await payWorld(ctx);
    const { tranId, paymentID } = await startBkash(w);
    w.standIns.bkash.setBehaviour({ declineExecute: true });
    const where = await followCallback(ctx.app, w.standIns.bkash.choose(paymentID, 'success'));
    w.standIns.bkash.setBehaviour({});
    expect(landing(where)).toEqual({ path: '/paymentfail', tran: tranId, reason: 'DECLINED' });
    expect(await w.payments()).toHaveLength(0);
  });

  it('records once an execute that timed out, from the status query', async () => {
    const w = await payWorld(ctx);
    const { tranId, paymentID } = await startBkash(w);
    w.standIns.bkash.setBehaviour({ hangExecute: true });
    const callback = w.standIns.bkash.choose(paymentID, 'success');
    const where = await followCallback(ctx.app, callback);
    w.standIns.bkash.setBehaviour({});
    expect(landing(where)).toEqual({ path: '/paymentsuccess', tran: tranId, reason: null });
    const at = w.standIns.bkash.payment(paymentID)!;
    expect(at.executeCalls).toBe(1);
    expect(at.statusCalls).toBeGreaterThanOrEqual(1);
    await followCallback(ctx.app, callback);
    expect(w.standIns.bkash.payment(paymentID)!.executeCalls).toBe(1);
    expect(await w.payments()).toHaveLength(1);
  });

  it('expires an attempt left past the 5-minute window; a late confirmation still records it', async () => {
    const w = await payWorld(ctx);
    const left = await startBkash(w);
    const late = await startBkash(w, [w.month(w.months[1]!)]);
    w.standIns.bkash.expire(left.paymentID);
    const worker = ctx.deps.createWorker();
    try {
      await worker.drain(); // the set-up's own jobs (the sign-up's mail)
      // Within the window (and the minute of grace after it) the reconcile jobs are not due.
      ctx.deps.clock.advance(4 * 60_000);
      expect(await worker.drain()).toBe(0);
      expect(await w.attempt(late.tranId)).toMatchObject({ status: 'redirected' });
      ctx.deps.clock.advance(3 * 60_000);
      expect(await worker.drain()).toBeGreaterThanOrEqual(2);
      expect(await w.attempt(left.tranId)).toMatchObject({ status: 'expired', reason: 'EXPIRED' });
      expect(await w.attempt(late.tranId)).toMatchObject({ status: 'expired', reason: 'EXPIRED' });
      expect(w.standIns.bkash.payment(late.paymentID)!.statusCalls).toBeGreaterThanOrEqual(1);
      // The payer finished at bKash after all: the callback executes and the money is recorded.
      await followCallback(ctx.app, w.standIns.bkash.choose(late.paymentID, 'success'));
      expect(await w.attempt(late.tranId)).toMatchObject({ status: 'paid' });
      expect(await w.payments()).toHaveLength(1);
    } finally {
      ctx.deps.clock.release();
    }
  });

  it('the sweep records a payment bKash completed whose callback never came', async () => {
    const w = await payWorld(ctx);
    const { tranId, paymentID } = await startBkash(w);
    // The payer approved and bKash completed it (another tab executed), but our callback was lost.
    w.standIns.bkash.choose(paymentID, 'success');
    const creds = { ...BKASH, live: false };
    await ctx.deps.paymentGateways.bkash.execute(creds, paymentID);
    try {
      ctx.deps.clock.advance(6 * 60_000);
      const deps = {
        db: ctx.deps.db,
        clock: ctx.deps.clock,
        events: ctx.deps.events,
        gateway: ctx.deps.onlinePayGateway,
      };
      expect(await sweepOverdue(deps)).toBeGreaterThanOrEqual(1);
    } finally {
      ctx.deps.clock.release();
    }
    expect(await w.attempt(tranId)).toMatchObject({ status: 'paid' });
    expect(await w.payments()).toHaveLength(1);
  });

  it('sends an unknown or unreadable callback to the bKash error page', async () => {
    expect(
      await followCallback(ctx.app, 'http://x/api/public/pay/bkash/callback?paymentID=nope&status=success'),
    ).toBe('/bkash-payment-error');
    expect(await followCallback(ctx.app, 'http://x/api/public/pay/bkash/callback')).toBe(
      '/bkash-payment-error',
    );
  });
});
