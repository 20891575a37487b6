import { DEFAULT_PLANS } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import type { PaymentStandIns } from '../../drivers/payments/gateways';
import { signUp, uniquePhone } from '../../test/factories';
import { newStaffClient, smsQuotaOf } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { followCallback, landing, postForm } from '../online-pay/online-pay-fixture';
import { BillingGatewayService } from './billing-gateway.service';
import { sendRenewalReminders } from './billing-reminders';

// Paying the platform through the stand-ins and the real routes: a plan bought and renewed, an
// SMS pack credited once however often its IPN comes, forged reports refused, amounts from the
// server, expiry falling back to Lite after the grace period, and staff grants in the ledger.

const IPN = '/api/public/platform-pay/sslcommerz/ipn';
const DAY = 86_400_000;
/** Pro at 20 ৳ per student per month; a new account is billed for the minimum of 10 students. */
const PRO_PRICE = 2_000;

describe.each(DIALECTS)('platform billing [%s]', (dialect) => {
  // Days pass in these tests: sessions stay signed in across them.
  const ctx = useTestApp(dialect, { SESSION_IDLE_HOURS: '2160' });

  async function world() {
    const staff = (await newStaffClient(ctx.app, ctx.deps)).client;
    const { id: _id, ...pro } = DEFAULT_PLANS[1]!;
    const priced = await staff.put('/api/staff/plans/pro', { ...pro, pricePerStudentPaisa: PRO_PRICE });
    expect(priced.statusCode).toBe(200);
    const t = await signUp(ctx.app, ctx.deps);
    const base = `/api/accounts/${t.accountId}/billing`;
    const standIns = (await ctx.deps.paymentGateways.standIns()) as PaymentStandIns;
    const buy = (body: object) => t.client.post(`${base}/purchases`, body);
    const buySsl = async (body: object) => {
      const res = await buy({ ...body, gateway: 'sslcommerz' });
      expect(res.statusCode).toBe(200);
      const { tranId, redirectUrl, amountPaisa } = res.json();
      return { tranId, amountPaisa, sessionkey: new URL(redirectUrl).pathname.split('/').pop()! };
    };
    return { staff, t, base, standIns, buy, buySsl };
  }

  const invite = (client: Awaited<ReturnType<typeof signUp>>['client'], accountId: string) =>
    client.post(`/api/accounts/${accountId}/assistants/invitations`, { phone: uniquePhone() });

  it('sells Pro for the amount the plan table sets, once per payment however often the IPN comes', async () => {
    const w = await world();
    const view = (await w.t.client.get(w.base)).json();
    expect(view).toMatchObject({ planId: 'lite', inForce: 'lite', endsAt: null, students: 0 });
    expect(view.planQuotes).toContainEqual({
      planId: 'pro',
      months: 3,
      quote: { listPaisa: PRO_PRICE * 10 * 3, discountPaisa: 0, amountPaisa: PRO_PRICE * 10 * 3 },
    });
    // The browser cannot name an amount, nor a period or plan that is not on sale.
    expect(
      (await w.buy({ kind: 'plan', planId: 'pro', months: 2, gateway: 'sslcommerz' })).json().error.code,
    ).toBe('BILLING_PERIOD_INVALID');
    expect(
      (await w.buy({ kind: 'plan', planId: 'elite', months: 1, gateway: 'bkash' })).json().error.code,
    ).toBe('BILLING_PLAN_NOT_FOR_SALE');

    const { tranId, sessionkey, amountPaisa } = await w.buySsl({ kind: 'plan', planId: 'pro', months: 1 });
    expect(amountPaisa).toBe(PRO_PRICE * 10);
    const done = await w.standIns.sslcommerz.complete(sessionkey, 'VALID');
    const forged = w.standIns.sslcommerz.tamper(done.form, 'signature');
    expect((await postForm(ctx.app, IPN, forged)).json()).toEqual({ ok: false });
    expect((await w.t.client.get(w.base)).json().planId).toBe('lite');

    const replies = await Promise.all(Array.from({ length: 5 }, () => postForm(ctx.app, IPN, done.form)));
    for (let i = 0; i < 5; i++) replies.push(await postForm(ctx.app, IPN, done.form));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const back = await postForm(ctx.app, '/api/public/platform-pay/sslcommerz/success', done.form);
    expect(landing(back.headers.location)).toMatchObject({ path: '/lms-sub-paid-receipt', tran: tranId });

    const after = (await w.t.client.get(w.base)).json();
    expect(after).toMatchObject({ planId: 'pro', inForce: 'pro' });
    expect(after.purchases).toHaveLength(1);
    const receipt = (await w.t.client.get(`${w.base}/purchases/${tranId}`)).json();
    expect(receipt).toMatchObject({ status: 'paid', amountPaisa: PRO_PRICE * 10, planEndsAt: after.endsAt });
    const ledger = (await w.staff.get(`/api/staff/billing/accounts/${w.t.accountId}`)).json();
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.entries[0]).toMatchObject({ kind: 'purchase', planId: 'pro', endsAfter: after.endsAt });

    // Renewing extends from the current end, not from today.
    const renew = await w.buySsl({ kind: 'plan', planId: 'pro', months: 3 });
    await postForm(ctx.app, IPN, (await w.standIns.sslcommerz.complete(renew.sessionkey, 'VALID')).form);
    const renewed = (await w.t.client.get(w.base)).json();
    expect(new Date(renewed.endsAt).getUTCMonth()).toBe((new Date(after.endsAt).getUTCMonth() + 3) % 12);
  });

  it('credits a bought SMS pack once, through bKash too, and calls the after-payment hooks once', async () => {
    const w = await world();
    const before = await smsQuotaOf(ctx.deps, w.t.accountId);
    const { sessionkey, amountPaisa } = await w.buySsl({ kind: 'sms', count: 1000 });
    expect(amountPaisa).toBe(1000 * 43);
    const done = await w.standIns.sslcommerz.complete(sessionkey, 'VALID');
    for (let i = 0; i < 10; i++) await postForm(ctx.app, IPN, done.form);
    expect(await smsQuotaOf(ctx.deps, w.t.accountId)).toBe(before + 1000);
    const rows = await ctx.deps.db.kysely
      .selectFrom('sms_ledger')
      .selectAll()
      .where('account_id', '=', w.t.accountId)
      .where('reason', '=', 'purchase')
      .execute();
    expect(rows).toHaveLength(1);

    // bKash through a service with an after-payment hook (the composition root passes none).
    const called: string[] = [];
    const gateway = new BillingGatewayService({
      db: ctx.deps.db,
      clock: ctx.deps.clock,
      log: ctx.deps.log,
      events: ctx.deps.events,
      access: ctx.deps.access,
      plans: ctx.deps.plans,
      gateways: ctx.deps.paymentGateways,
      merchant: ctx.deps.config.payments.platform,
      appUrl: ctx.deps.config.appUrl,
      jobs: ctx.deps.jobs,
      afterPlatformPayment: [async (accountId) => void called.push(accountId)],
    });
    const res = await w.buy({ kind: 'sms', count: 5000, gateway: 'bkash' });
    const paymentID = new URL(res.json().redirectUrl).pathname.split('/').pop()!;
    const callback = w.standIns.bkash.choose(paymentID, 'success');
    const url = new URL(callback);
    for (let i = 0; i < 3; i++)
      await gateway.bkashCallback(
        Object.fromEntries(url.searchParams) as { paymentID: string; status: string },
      );
    expect(landing(await followCallback(ctx.app, callback)).path).toBe('/lms-sub-paid-receipt');
    expect(await smsQuotaOf(ctx.deps, w.t.accountId)).toBe(before + 6000);
    expect(called).toEqual([w.t.accountId]);
  });

  it("rewards the account that referred the buyer after the buyer's first payment, once", async () => {
    const w = await world();
    const code = (await w.t.client.get(`/api/accounts/${w.t.accountId}/referrals`)).json().code;
    const newcomer = await signUp(ctx.app, ctx.deps, { referralId: code });
    const before = await smsQuotaOf(ctx.deps, w.t.accountId);
    for (const count of [1000, 1000]) {
      const res = await newcomer.client.post(`/api/accounts/${newcomer.accountId}/billing/purchases`, {
        kind: 'sms',
        count,
        gateway: 'sslcommerz',
      });
      const sessionkey = new URL(res.json().redirectUrl).pathname.split('/').pop()!;
      const done = await w.standIns.sslcommerz.complete(sessionkey, 'VALID');
      for (let i = 0; i < 3; i++) await postForm(ctx.app, IPN, done.form);
    }
    const reward = DEFAULT_PLANS[0]!.referralRewardSms;
    expect(await smsQuotaOf(ctx.deps, w.t.accountId)).toBe(before + reward);
    const rows = await ctx.deps.db.kysely
      .selectFrom('sms_ledger')
      .select('delta')
      .where('account_id', '=', w.t.accountId)
      .where('reason', '=', 'referral')
      .execute();
    expect(rows.map((r) => Number(r.delta))).toEqual([reward]);
  });

  it('falls back to Lite limits after the end date and the grace period, deleting nothing', async () => {
    const w = await world();
    const grant = await w.staff.post(`/api/staff/billing/accounts/${w.t.accountId}/adjustments`, {
      kind: 'grant',
      planId: 'pro',
      months: 1,
      reason: 'Launch offer',
    });
    expect(grant.statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await invite(w.t.client, w.t.accountId)).statusCode).toBe(200);
    // Sessions end 30 days after sign-in, so the granted month is brought to its last two days
    // instead of the clock moving a month.
    await ctx.deps.db.kysely
      .updateTable('accounts')
      .set({ plan_ends_at: ctx.deps.clock.now() + 2 * DAY })
      .where('id', '=', w.t.accountId)
      .execute();
    const { endsAt, graceEndsAt } = (await w.t.client.get(w.base)).json();
    expect(graceEndsAt - endsAt).toBe(7 * DAY);

    // A reminder goes out once per end date, by SMS and e-mail.
    ctx.deps.clock.set(endsAt - DAY);
    expect(
      await sendRenewalReminders({ ...ctx.deps, appUrl: ctx.deps.config.appUrl }),
    ).toBeGreaterThanOrEqual(1);
    expect(await sendRenewalReminders({ ...ctx.deps, appUrl: ctx.deps.config.appUrl })).toBe(0);
    const jobs = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .select(['type', 'idempotency_key'])
      .where('idempotency_key', 'like', `billing.reminders:${w.t.accountId}:%`)
      .execute();
    expect(jobs.map((j) => j.type).sort()).toEqual(['mail.send', 'sms.send']);

    // Within the grace period Pro still holds; after it, Lite: the three stay, a fourth is refused.
    ctx.deps.clock.set(graceEndsAt - 60_000);
    const within = await w.t.client.get(w.base);
    expect(within.json().inForce, within.body).toBe('pro');
    ctx.deps.clock.set(graceEndsAt + 1);
    expect((await w.t.client.get(w.base)).json()).toMatchObject({ planId: 'pro', inForce: 'lite' });
    const refused = await invite(w.t.client, w.t.accountId);
    expect(refused.json().error.code).toBe('PLAN_LIMIT_MODERATORS');
    const team = (await w.t.client.get(`/api/accounts/${w.t.accountId}/team`)).json();
    expect(team.invitations).toHaveLength(3);
    ctx.deps.clock.release();
  });

  it('lets staff grant, extend and discount with a reason in the ledger; owners pay the discounted price', async () => {
    const w = await world();
    const adjust = (body: object) =>
      w.staff.post(`/api/staff/billing/accounts/${w.t.accountId}/adjustments`, body);
    expect(
      (
        await w.t.client.post(`/api/staff/billing/accounts/${w.t.accountId}/adjustments`, {
          kind: 'extend',
          days: 10,
          reason: 'Myself',
        })
      ).statusCode,
    ).toBe(403);
    await adjust({ kind: 'grant', planId: 'pro', months: 1, reason: 'Pilot school' });
    await adjust({ kind: 'extend', days: 10, reason: 'Outage compensation' });
    const ledger = (await adjust({ kind: 'discount', percent: 25, reason: 'NGO' })).json();
    expect(ledger.entries.map((e: { kind: string; reason: string }) => [e.kind, e.reason])).toEqual([
      ['discount', 'NGO'],
      ['extend', 'Outage compensation'],
      ['grant', 'Pilot school'],
    ]);
    expect(ledger.entries[1].endsAfter - ledger.entries[1].endsBefore).toBe(10 * DAY);
    expect(ledger.entries[0].actorName).toBeTruthy();
    const { amountPaisa } = await w.buySsl({ kind: 'sms', count: 1000 });
    expect(amountPaisa).toBe(Math.round(1000 * 43 * 0.75));
  });

  it('expires a purchase left open past its window; one the gateway confirmed takes effect', async () => {
    const w = await world();
    const before = await smsQuotaOf(ctx.deps, w.t.accountId);
    const abandoned = await w.buySsl({ kind: 'sms', count: 1000 });
    // Paid at the gateway, but neither the IPN nor the browser came back.
    w.standIns.sslcommerz.setBehaviour({ postIpn: false });
    const silent = await w.buySsl({ kind: 'sms', count: 5000 });
    await w.standIns.sslcommerz.complete(silent.sessionkey, 'VALID');
    w.standIns.sslcommerz.setBehaviour({});
    const queued = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .select('idempotency_key')
      .where('type', '=', 'billing.reconcile')
      .where(
        'idempotency_key',
        'in',
        [abandoned.tranId, silent.tranId].map((t) => `billing.reconcile:${t}`),
      )
      .execute();
    expect(queued).toHaveLength(2);
    for (const { tranId } of [abandoned, silent]) await ctx.deps.billingGateway.reconcile(tranId);
    const status = async (tranId: string) =>
      (await w.t.client.get(`${w.base}/purchases/${tranId}`)).json().status;
    expect(await status(abandoned.tranId)).toBe('expired');
    expect(await status(silent.tranId)).toBe('paid');
    expect(await smsQuotaOf(ctx.deps, w.t.accountId)).toBe(before + 5000);
  });

  it('keeps purchases to the owner: not the admin, not an assistant, not another teacher', async () => {
    const w = await world();
    const other = await signUp(ctx.app, ctx.deps);
    expect((await other.client.get(w.base)).statusCode).toBe(404);
    const { tranId } = await w.buySsl({ kind: 'sms', count: 1000 });
    expect(
      (await other.client.get(`/api/accounts/${other.accountId}/billing/purchases/${tranId}`)).statusCode,
    ).toBe(404);
  });
});
