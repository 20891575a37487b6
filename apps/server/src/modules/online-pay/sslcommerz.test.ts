import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { FEE, landing, payWorld, postForm, STORE, startSsl } from './online-pay-fixture';

// SSLCommerz through its stand-in and the real routes: every outcome, the IPN
// replayed, tampered reports, a risky payment held for review. Tests deliver the IPN themselves
// (no server listens in a test); the browser's return is the same form POSTed to our return URL.

const IPN = '/api/public/pay/sslcommerz/ipn';

describe.each(DIALECTS)('SSLCommerz online payments [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('records a paid month once however often the IPN, the return and replays report it', async () => {
    const w = await payWorld(ctx);
    const { tranId, sessionkey } = await startSsl(w);
    expect(await w.attempt(tranId)).toMatchObject({
      status: 'redirected',
      amountPaisa: FEE,
      gateway: 'sslcommerz',
    });
    const done = await w.standIns.sslcommerz.complete(sessionkey, 'VALID');

    // Ten deliveries of one IPN, five at once, then the browser's return.
    const replies = await Promise.all(Array.from({ length: 5 }, () => postForm(ctx.app, IPN, done.form)));
    for (let i = 0; i < 5; i++) replies.push(await postForm(ctx.app, IPN, done.form));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const back = await postForm(ctx.app, '/api/public/pay/sslcommerz/success', done.form);
    expect(back.statusCode).toBe(303);
    expect(landing(back.headers.location)).toEqual({ path: '/paymentsuccess', tran: tranId, reason: null });

    const payments = await w.payments();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      method: 'sslcommerz',
      amount: FEE,
      reference: done.form.bank_tran_id,
    });
    const page = await w.attempt(tranId);
    expect(page).toMatchObject({
      status: 'paid',
      reason: null,
      receiptNo: 1,
      gatewayTransactionId: done.form.bank_tran_id,
    });
    expect(page.receiptLink).toMatch(/^\/student-payment-receipt\?key=/);
    const dues = (await w.t.client.get(`${w.base}/students/${w.student.id}/dues`)).json();
    expect(dues.lines.find((l: { month: string }) => l.month === w.months[0])).toMatchObject({
      status: 'paid',
    });
    expect(await w.alerts()).toHaveLength(0);
  });

  it('refunds through the refund API, then records the refund receipt', async () => {
    const w = await payWorld(ctx);
    const { tranId, sessionkey } = await startSsl(w);
    const done = await w.standIns.sslcommerz.complete(sessionkey, 'VALID');
    await postForm(ctx.app, IPN, done.form);
    const attempt = (await w.t.client.get(`${w.base}/online-payments`))
      .json()
      .items.find((i: { tranId: string }) => i.tranId === tranId);
    const url = `${w.base}/online-payments/${attempt.id}/refund`;
    const refund = await w.t.client.post(url, { amountPaisa: 50_000, reason: 'Left the batch' });
    expect([refund.statusCode, refund.json()]).toEqual([
      201,
      expect.objectContaining({ amountPaisa: -50_000, method: 'sslcommerz', refundOf: attempt.paymentId }),
    ]);
    expect(w.standIns.sslcommerz.session(tranId)!.refunds).toEqual([
      expect.objectContaining({ amount: '500.00' }),
    ]);
    const tooMuch = await w.t.client.post(url, { amountPaisa: 100_001, reason: 'Again' });
    expect(tooMuch.json().error).toMatchObject({
      code: 'PAY_REFUND_TOO_MUCH',
      message: expect.stringContaining('1,000'),
    });
    expect(w.standIns.sslcommerz.session(tranId)!.refunds).toHaveLength(1);
  });

  it.each([
    ['FAILED', 'fail', 'failed', 'DECLINED'],
    ['CANCELLED', 'cancel', 'cancelled', 'CANCELLED'],
    ['EXPIRED', 'fail', 'expired', 'EXPIRED'],
    ['UNATTEMPTED', 'fail', 'failed', 'UNATTEMPTED'],
  ] as const)(
    'ends a %s payment with the spec reason and records nothing',
    async (outcome, url, status, reason) => {
      const w = await payWorld(ctx);
      const { tranId, sessionkey } = await startSsl(w);
      const done = await w.standIns.sslcommerz.complete(sessionkey, outcome);
      expect((await postForm(ctx.app, IPN, done.form)).json()).toEqual({ ok: true });
      const back = await postForm(ctx.app, `/api/public/pay/sslcommerz/${url}`, done.form);
      expect(landing(back.headers.location)).toEqual({ path: '/paymentfail', tran: tranId, reason });
      expect(await w.attempt(tranId)).toMatchObject({ status, reason, receiptLink: null });
      expect(await w.payments()).toHaveLength(0);
    },
  );

  it.each(['amount', 'currency', 'signature', 'unknown-tran'] as const)(
    'refuses an IPN with a tampered %s: no payment, an alert',
    async (kind) => {
      const w = await payWorld(ctx);
      const { tranId, sessionkey } = await startSsl(w);
      const done = await w.standIns.sslcommerz.complete(sessionkey, 'VALID');
      const forged = w.standIns.sslcommerz.tamper(done.form, kind);
      const reply = await postForm(ctx.app, IPN, forged);
      expect([reply.statusCode, reply.json()]).toEqual([200, { ok: false }]);
      expect(await w.payments()).toHaveLength(0);
      // The attempt waits for the real report; the forged one only raised an alert.
      expect((await w.attempt(tranId)).status).toBe('redirected');
      if (kind === 'unknown-tran') {
        const platform = await ctx.deps.db.kysely
          .selectFrom('activity_log')
          .selectAll()
          .where('event_name', '=', 'Online Payment Alert')
          .where('summary', 'like', `%${forged.tran_id}%`)
          .execute();
        expect(platform).toHaveLength(1);
        expect(platform[0]!.account_id).toBeNull();
      } else {
        expect((await w.alerts()).map((a) => a.summary)).toEqual([
          expect.stringContaining(
            kind === 'signature' ? 'verify_sign' : kind === 'amount' ? 'reports 15.00 BDT' : 'USD',
          ),
        ]);
      }
      // The genuine IPN still records it.
      await postForm(ctx.app, IPN, done.form);
      expect(await w.payments()).toHaveLength(1);
    },
  );

  it('sends an unsigned cancel back to the failure page without believing it', async () => {
    const w = await payWorld(ctx);
    const { tranId } = await startSsl(w);
    const back = await postForm(ctx.app, '/api/public/pay/sslcommerz/cancel', {
      tran_id: tranId,
      status: 'CANCELLED',
    });
    expect(landing(back.headers.location)).toEqual({
      path: '/paymentfail',
      tran: tranId,
      reason: 'CANCELLED',
    });
    // Only the gateway's own word ends the attempt (the reconcile job asks it after the window).
    expect((await w.attempt(tranId)).status).toBe('redirected');
    expect(await w.alerts()).toHaveLength(1);
  });

  it('fails a payment the validation API reports at another amount, with an alert', async () => {
    const w = await payWorld(ctx);
    const { tranId, sessionkey } = await startSsl(w);
    w.standIns.sslcommerz.setBehaviour({ chargeAmount: '1.00' });
    const done = await w.standIns.sslcommerz.complete(sessionkey, 'VALID');
    w.standIns.sslcommerz.setBehaviour({});
    await postForm(ctx.app, IPN, done.form);
    const back = await postForm(ctx.app, '/api/public/pay/sslcommerz/success', done.form);
    expect(landing(back.headers.location)).toEqual({
      path: '/paymentfail',
      tran: tranId,
      reason: 'IPN_VALIDATION_FAILED',
    });
    expect(await w.payments()).toHaveLength(0);
    expect((await w.alerts()).length).toBeGreaterThanOrEqual(1);
  });

  it('holds a risky payment for review; the manager records it', async () => {
    const w = await payWorld(ctx);
    const { tranId, sessionkey } = await startSsl(w);
    w.standIns.sslcommerz.setBehaviour({ risky: true });
    const done = await w.standIns.sslcommerz.complete(sessionkey, 'VALID');
    w.standIns.sslcommerz.setBehaviour({});
    await postForm(ctx.app, IPN, done.form);
    expect(await w.attempt(tranId)).toMatchObject({ status: 'needs_review', receiptLink: null });
    expect(await w.payments()).toHaveLength(0);
    expect(await w.alerts()).toHaveLength(1);
    const held = (await w.t.client.get(`${w.base}/online-payments?status=needs_review`)).json().items;
    expect(held).toHaveLength(1);
    const reviewed = await w.t.client.post(`${w.base}/online-payments/${held[0].id}/review`, {
      decision: 'record',
    });
    expect(reviewed.json()).toMatchObject({ status: 'paid' });
    await postForm(ctx.app, IPN, done.form);
    expect(await w.payments()).toHaveLength(1);
    const again = await w.t.client.post(`${w.base}/online-payments/${held[0].id}/review`, {
      decision: 'record',
    });
    expect(again.json().error.code).toBe('PAY_REVIEW_NOT_PENDING');
  });

  it('walks the hosted checkout page over HTTP: Pay posts the signed form back to us', async () => {
    const w = await payWorld(ctx);
    const { tranId, redirectUrl } = await startSsl(w);
    const page = await (await fetch(redirectUrl)).text();
    expect(page).toContain('data-testid="ssl-pay"');
    const after = await (await fetch(`${redirectUrl}/pay`, { method: 'POST' })).text();
    const action = /action="([^"]+)"/.exec(after)![1]!;
    const fields = Object.fromEntries(
      [...after.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/&#(\d+);/g, (_x, c) => String.fromCharCode(Number(c))),
      ]),
    );
    expect(new URL(action).pathname).toBe('/api/public/pay/sslcommerz/success');
    expect(fields.store_id).toBe(STORE.storeId);
    const back = await postForm(ctx.app, new URL(action).pathname, fields);
    expect(landing(back.headers.location).path).toBe('/paymentsuccess');
    expect((await w.attempt(tranId)).status).toBe('paid');
  });
});
