import { dayOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { newStaffClient } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { FEE, followCallback, payWorld, postForm, startBkash, startSsl } from './online-pay-fixture';

// The staff's balances page: per account and gateway, what was collected
// online, refunded, kept as fees (SSLCommerz reports store_amount; bKash reports no fee) and so
// owed to the merchant, over a range of Bangladesh days.

describe.each(DIALECTS)('online payment balances [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('sums paid payments per account and gateway with refunds and the fees the gateway reported', async () => {
    const w = await payWorld(ctx);
    // SSLCommerz: one month paid; the stand-in keeps 2.5 % (store_amount = 97.5 %).
    const ssl = await startSsl(w, [w.month(w.months[0]!)]);
    const done = await w.standIns.sslcommerz.complete(ssl.sessionkey, 'VALID');
    expect((await postForm(ctx.app, '/api/public/pay/sslcommerz/ipn', done.form)).statusCode).toBe(200);
    // bKash: the next month paid.
    const bkash = await startBkash(w, [w.month(w.months[1]!)]);
    await followCallback(ctx.app, w.standIns.bkash.choose(bkash.paymentID, 'success'));
    // A cancelled attempt counts for nothing.
    const cancelled = await startSsl(w, [w.month(w.months[2]!)]);
    await postForm(
      ctx.app,
      '/api/public/pay/sslcommerz/ipn',
      (await w.standIns.sslcommerz.complete(cancelled.sessionkey, 'CANCELLED')).form,
    );
    // 500 ৳ of the SSLCommerz payment given back through the gateway.
    const attempts = (await w.t.client.get(`${w.base}/online-payments`)).json().items as {
      id: string;
      tranId: string;
    }[];
    const paidSsl = attempts.find((a) => a.tranId === ssl.tranId)!;
    const refund = await w.t.client.post(`${w.base}/online-payments/${paidSsl.id}/refund`, {
      amountPaisa: 50_000,
      reason: 'Left the batch',
    });
    expect(refund.statusCode).toBe(201);

    const staff = await newStaffClient(ctx.app, ctx.deps);
    const today = dayOf(ctx.deps.clock.now());
    const res = await staff.client.get(`/api/staff/online-pay-balances?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    const mine = res.json().rows.filter((r: { accountId: string }) => r.accountId === w.t.accountId);
    const fee = Math.round(FEE * 0.025);
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          gateway: 'sslcommerz',
          payments: 1,
          collectedPaisa: FEE,
          refundedPaisa: 50_000,
          feePaisa: fee,
          feeUnreported: 0,
          netPaisa: FEE - 50_000 - fee,
        }),
        expect.objectContaining({
          gateway: 'bkash',
          payments: 1,
          collectedPaisa: FEE,
          refundedPaisa: 0,
          feePaisa: 0,
          feeUnreported: 1,
          netPaisa: FEE,
        }),
      ]),
    );
    expect(mine).toHaveLength(2);

    // Another period shows none of it; the account's own owner is not staff.
    const past = await staff.client.get('/api/staff/online-pay-balances?from=2020-01-01&to=2020-01-31');
    expect(past.json().rows.filter((r: { accountId: string }) => r.accountId === w.t.accountId)).toEqual([]);
    expect(
      (await w.t.client.get(`/api/staff/online-pay-balances?from=${today}&to=${today}`)).statusCode,
    ).toBe(403);
  });
});
