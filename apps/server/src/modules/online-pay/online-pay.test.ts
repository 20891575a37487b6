import { describe, expect, it } from 'vitest';
import { addStudent, assistantWithGrant, clientFor } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { BKASH, FEE, payWorld, STORE, startSsl } from './online-pay-fixture';

// Pay links, the parent portal, merchant settings and starting payments.

describe.each(DIALECTS)('pay links, the parent portal and merchant settings [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it("shows a pay link's student and dues, and nobody else's", async () => {
    const w = await payWorld(ctx);
    expect(w.link.url).toMatch(new RegExp(`/s-pay\\?key=${w.link.key}&suid=${w.student.id}$`));
    // Made once: asking again answers the same link.
    expect((await w.t.client.post(`${w.base}/students/${w.student.id}/pay-link`)).json().key).toBe(
      w.link.key,
    );

    const portal = (await w.parent.get(`/api/public/pay?key=${w.link.key}&suid=${w.student.id}`)).json();
    expect(portal).toMatchObject({
      studentName: 'Rafi Islam',
      onlinePayment: true,
      gateways: ['sslcommerz', 'bkash'],
      totalDuePaisa: 3 * FEE,
      windowMinutes: 5,
      donationPaisa: 100,
    });
    expect(portal.classrooms).toEqual([
      expect.objectContaining({
        classroomName: 'Physics A',
        subTotalPaisa: 3 * FEE,
        months: w.months.map((m) => expect.objectContaining({ month: m, duePaisa: FEE })),
      }),
    ]);
    expect(JSON.stringify(portal)).not.toContain(STORE.storePassword);

    // Another student of the same account, and another account's student, with this key.
    const sibling = await addStudent(w.t.client, w.t.accountId, { name: 'Sumi' });
    const other = await payWorld(ctx);
    for (const suid of [sibling.id, other.student.id]) {
      const res = await w.parent.get(`/api/public/pay?key=${w.link.key}&suid=${suid}`);
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'PAY_LINK_INVALID']);
    }
    const start = await w.parent.post('/api/public/pay/start', {
      key: w.link.key,
      suid: other.student.id,
      gateway: 'sslcommerz',
      items: [{ kind: 'month', classroomId: other.classroomId, month: other.months[0] }],
    });
    expect(start.json().error.code).toBe('PAY_LINK_INVALID');
    // Another account's staff cannot make this student's link.
    const foreign = await other.t.client.post(`${w.base}/students/${w.student.id}/pay-link`);
    expect(foreign.statusCode).toBe(404);
  });

  it('regenerating or revoking a link stops the old one', async () => {
    const w = await payWorld(ctx);
    const fresh = (await w.t.client.post(`${w.base}/students/${w.student.id}/pay-link/regenerate`)).json();
    expect(fresh.key).not.toBe(w.link.key);
    const old = await w.parent.get(`/api/public/pay?key=${w.link.key}&suid=${w.student.id}`);
    expect(old.json().error).toMatchObject({
      code: 'PAY_LINK_INVALID',
      message: expect.stringContaining('generate the link again from your learning management system'),
    });
    expect((await w.parent.get(`/api/public/pay?key=${fresh.key}&suid=${w.student.id}`)).statusCode).toBe(
      200,
    );
    expect((await w.t.client.delete(`${w.base}/students/${w.student.id}/pay-link`)).json()).toEqual({
      ok: true,
    });
    expect((await w.parent.get(`/api/public/pay?key=${fresh.key}&suid=${w.student.id}`)).statusCode).toBe(
      404,
    );
  });

  it('keeps merchant credentials sealed: the answer says which are set, never what they are', async () => {
    const w = await payWorld(ctx);
    const res = await w.t.client.get(`${w.base}/merchant-settings`);
    const view = res.json();
    expect(view).toMatchObject({
      onlinePayment: true,
      sslcommerz: {
        enabled: true,
        mode: 'sandbox',
        ready: true,
        storeId: { set: true, hint: '…t01' },
        storePassword: { set: true, hint: null },
      },
      bkash: { ready: true, appSecret: { set: true, hint: null }, password: { set: true, hint: null } },
    });
    for (const secret of [STORE.storePassword, STORE.storeId, BKASH.appSecret, BKASH.password, BKASH.appKey])
      expect(res.body).not.toContain(secret);
    const row = await ctx.deps.db.kysely
      .selectFrom('merchant_settings')
      .selectAll()
      .where('account_id', '=', w.t.accountId)
      .executeTakeFirstOrThrow();
    expect(`${row.sslcommerz_secret}${row.bkash_secret}`).not.toContain(STORE.storePassword);
    expect(row.sslcommerz_secret).toMatch(/^v1\./);

    // Absent keeps, empty clears; bKash without a password is not ready and leaves the portal.
    const cleared = await w.t.client.put(`${w.base}/merchant-settings`, { bkash: { password: '' } });
    expect(cleared.json().bkash).toMatchObject({
      ready: false,
      password: { set: false },
      appKey: { set: true },
    });
    expect(cleared.json().sslcommerz.ready).toBe(true);
    const portal = (await w.parent.get(`/api/public/pay?key=${w.link.key}&suid=${w.student.id}`)).json();
    expect(portal.gateways).toEqual(['sslcommerz']);
    expect((await w.start('bkash')).json().error.code).toBe('PAY_GATEWAY_UNAVAILABLE');

    // Assistants never see or change them, whatever their grants.
    const assistant = await assistantWithGrant(ctx.deps, w.t.accountId, {
      collectPayments: true,
      manageStudents: true,
    });
    const as = await clientFor(ctx.app, ctx.deps, assistant);
    expect((await as.get(`${w.base}/merchant-settings`)).statusCode).toBe(403);
    expect((await as.put(`${w.base}/merchant-settings`, { onlinePayment: false })).statusCode).toBe(403);

    // Online payment off: the portal shows the dues without gateways; starting is refused.
    await w.t.client.put(`${w.base}/merchant-settings`, { onlinePayment: false });
    const off = (await w.parent.get(`/api/public/pay?key=${w.link.key}&suid=${w.student.id}`)).json();
    expect(off).toMatchObject({ onlinePayment: false, gateways: [], totalDuePaisa: 3 * FEE });
    expect((await w.start('sslcommerz')).json().error.code).toBe('PAY_ONLINE_OFF');
  });

  it('starts only for what is still owed, at least 10 ৳', async () => {
    const w = await payWorld(ctx);
    const paid = await w.t.client.post(`${w.base}/students/${w.student.id}/payments`, {
      method: 'cash',
      allocations: [
        { kind: 'month', classroomId: w.classroomId, month: w.months[0], amountPaisa: FEE - 500 },
      ],
    });
    expect(paid.statusCode).toBe(201);
    // 5 ৳ left on that month: below the gateway's minimum.
    expect((await w.start('sslcommerz')).json().error.code).toBe('PAY_AMOUNT_TOO_SMALL');
    const both = await w.start('sslcommerz', [w.month(w.months[0]!), w.month(w.months[1]!)]);
    expect(both.json()).toMatchObject({ amountPaisa: FEE + 500 });
    const charge = await w.start('sslcommerz', [{ kind: 'charge', chargeId: 'nope' }]);
    expect(charge.json().error.code).toBe('PAY_NOTHING_DUE');
  });

  it('expires an SSLCommerz attempt with no answer 5 minutes after the redirect', async () => {
    const w = await payWorld(ctx);
    const { tranId } = await startSsl(w);
    try {
      ctx.deps.clock.advance(4 * 60_000 + 50_000);
      expect(await w.attempt(tranId)).toMatchObject({ status: 'redirected' });
      ctx.deps.clock.advance(20_000);
      expect(await w.attempt(tranId)).toMatchObject({ status: 'expired', reason: 'EXPIRED' });
    } finally {
      ctx.deps.clock.release();
    }
    const listed = (await w.t.client.get(`${w.base}/online-payments`)).json().items;
    expect(listed).toEqual([
      expect.objectContaining({ tranId, status: 'expired', studentName: 'Rafi Islam' }),
    ]);
  });
});
