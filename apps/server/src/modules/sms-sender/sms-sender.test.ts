import { describe, expect, it } from 'vitest';
import { createBulkSmsBdGateway } from '../../drivers/sms/bulksmsbd';
import type { SmsGateway } from '../../drivers/sms/gateway';
import { createSslWirelessGateway } from '../../drivers/sms/ssl-wireless';
import { startStandInGateway } from '../../drivers/sms/stand-in-gateway';
import { signUp, uniquePhone } from '../../test/factories';
import { adminManages, newStaffClient, setSmsQuota, smsQuotaOf } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { SmsDispatcher } from '../sms/sms-dispatcher';
import { maskedSenderOf, SmsSenderService } from './sms-sender.service';

const BANGLA = 'আগামীকাল পরীক্ষা সকাল ৯টায়।';
const PLATFORM = '8809617600000';

describe.each(DIALECTS)('SMS masking names and quota sharing [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  /** Sends `text` from the account through `gateway`, and returns the sender the stand-in saw. */
  async function senderSeen(
    client: Awaited<ReturnType<typeof signUp>>['client'],
    accountId: string,
    make: (urls: { bulksmsbd: string; sslwireless: string }) => SmsGateway,
    text = BANGLA,
  ) {
    const standIn = await startStandInGateway({ apiKey: 'k' });
    try {
      const gateway = make(standIn.urls);
      const senders = new SmsSenderService({ ...ctx.deps, gatewayMasking: gateway.masking });
      const dispatcher = new SmsDispatcher(
        { ...ctx.deps, gateway, senderOf: (id) => senders.senderOf(id) },
        { leaseMs: 60_000, retryBaseMs: 1_000, maxAttempts: 3, requestsPerSecond: 1_000 },
      );
      const sent = await client.post(`/api/accounts/${accountId}/sms/sends`, {
        text,
        numbers: uniquePhone(),
        urgent: true,
      });
      expect(sent.statusCode).toBe(200);
      await dispatcher.dispatch(sent.json().sendId);
      const taken = standIn.accepted();
      expect(taken).toHaveLength(1);
      return taken[0]!.senderId;
    } finally {
      await standIn.close();
    }
  }
  const bulk = (urls: { bulksmsbd: string }) =>
    createBulkSmsBdGateway({ url: urls.bulksmsbd, apiKey: 'k', senderId: PLATFORM });
  const ssl = (urls: { sslwireless: string }) =>
    createSslWirelessGateway({ url: urls.sslwireless, apiKey: 'k', senderId: PLATFORM });

  it('checks the name, lets staff approve it, and sends under it only once approved', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    await setSmsQuota(ctx.deps, t.accountId, 50);
    const sender = `/api/accounts/${t.accountId}/sms/sender`;
    const bad = await t.client.put(sender, { name: 'Gov. Info' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('SENDER_NAME_RESERVED');
    expect((await t.client.put(sender, { name: 'Far Too Long Name' })).json().error.code).toBe(
      'SENDER_NAME_LENGTH',
    );
    const asked = await t.client.put(sender, { name: ' ABC  School ' });
    expect(asked.json()).toMatchObject({ name: 'ABC School', status: 'pending', reason: null });

    // Waiting for staff: the platform's sender.
    expect(await senderSeen(t.client, t.accountId, bulk)).toBe(PLATFORM);

    const staff = await newStaffClient(ctx.app, ctx.deps);
    const listed = (await staff.client.get('/api/staff/sms-senders')).json().requests;
    expect(listed.find((r: { accountId: string }) => r.accountId === t.accountId)).toMatchObject({
      name: 'ABC School',
      status: 'pending',
      institution: t.input.institution,
    });
    const decide = (body: object) => staff.client.put(`/api/staff/sms-senders/${t.accountId}`, body);
    expect((await decide({ approve: false })).statusCode).toBe(400);
    expect((await decide({ approve: true })).statusCode).toBe(200);
    expect((await decide({ approve: false, reason: 'late' })).json().error.code).toBe(
      'SENDER_NAME_NOT_PENDING',
    );
    expect((await t.client.get(sender)).json().request).toMatchObject({ status: 'approved' });

    // Previews (compose, templates, reminders, results) warn that the approved mask needs Bangla,
    // where the gateway masks; not otherwise, and not for another account.
    const masked = (gatewayMasking: boolean) =>
      maskedSenderOf(false, new SmsSenderService({ ...ctx.deps, gatewayMasking }));
    expect(await masked(true)(t.accountId)).toBe(true);
    expect(await masked(false)(t.accountId)).toBe(false);
    const other = await signUp(ctx.app, ctx.deps);
    expect(await masked(true)(other.accountId)).toBe(false);
    expect(
      await maskedSenderOf(
        true,
        new SmsSenderService({ ...ctx.deps, gatewayMasking: false }),
      )(other.accountId),
    ).toBe(true);

    // Approved: under the mask where the gateway takes masks, with Bangla text as the mask needs.
    expect(await senderSeen(t.client, t.accountId, bulk)).toBe('ABC School');
    expect(await senderSeen(t.client, t.accountId, bulk, 'Exam at 9')).toBe(PLATFORM);
    expect(await senderSeen(t.client, t.accountId, ssl)).toBe(PLATFORM);
  });

  it('keeps a rejected name off the messages and shows the reason', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    await setSmsQuota(ctx.deps, t.accountId, 50);
    await t.client.put(`/api/accounts/${t.accountId}/sms/sender`, { name: 'Coca Cola' });
    const staff = await newStaffClient(ctx.app, ctx.deps);
    await staff.client.put(`/api/staff/sms-senders/${t.accountId}`, {
      approve: false,
      reason: 'Another brand',
    });
    expect((await t.client.get(`/api/accounts/${t.accountId}/sms/sender`)).json().request).toMatchObject({
      status: 'rejected',
      reason: 'Another brand',
    });
    expect(await senderSeen(t.client, t.accountId, bulk)).toBe(PLATFORM);
  });

  it("charges a sharing teacher's send to the admin's quota, and refuses when the admin's is short", async () => {
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    const teacher = await signUp(ctx.app, ctx.deps);
    const stranger = await signUp(ctx.app, ctx.deps);
    await adminManages(ctx.deps, admin.accountId, teacher.accountId);
    await setSmsQuota(ctx.deps, admin.accountId, 3);
    await setSmsQuota(ctx.deps, teacher.accountId, 0);
    const sharing = `/api/accounts/${admin.accountId}/sms/sharing`;
    expect((await admin.client.get(sharing)).json().members).toEqual([
      expect.objectContaining({ accountId: teacher.accountId, relation: 'teacher', shared: false }),
    ]);
    const share = (accountId: string, shared: boolean) =>
      admin.client.put(`${sharing}/${accountId}`, { shared });
    expect((await share(stranger.accountId, true)).json().error.code).toBe('SMS_SHARE_NOT_MEMBER');
    expect((await share(teacher.accountId, true)).statusCode).toBe(200);
    expect((await admin.client.get(sharing)).json().members[0].shared).toBe(true);

    const send = () =>
      teacher.client.post(`/api/accounts/${teacher.accountId}/sms/sends`, {
        text: 'Exam at 9',
        numbers: uniquePhone(),
        urgent: true,
      });
    expect((await send()).statusCode).toBe(200);
    expect(await smsQuotaOf(ctx.deps, admin.accountId)).toBe(2);
    const adminLedger = await ctx.deps.db.kysely
      .selectFrom('sms_ledger')
      .select(['delta', 'reason', 'actor_user_id'])
      .where('account_id', '=', admin.accountId)
      .where('reason', '=', 'send')
      .execute();
    expect(adminLedger).toEqual([{ delta: -1, reason: 'send', actor_user_id: teacher.userId }]);

    // Two sends at once on the admin's last SMS: one is paid, the other refused.
    await setSmsQuota(ctx.deps, admin.accountId, 1);
    const both = await Promise.all([send(), send()]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.statusCode === 409)!.json().error;
    expect(refused.code).toBe('SMS_QUOTA_NOT_ENOUGH');
    expect(await smsQuotaOf(ctx.deps, admin.accountId)).toBe(0);

    // A teacher who left the team still shows while sharing, and can only be switched off.
    await ctx.deps.db.kysely
      .deleteFrom('admin_teachers')
      .where('teacher_account_id', '=', teacher.accountId)
      .execute();
    expect((await admin.client.get(sharing)).json().members).toEqual([
      expect.objectContaining({ accountId: teacher.accountId, relation: 'former', shared: true }),
    ]);
    expect((await share(teacher.accountId, true)).json().error.code).toBe('SMS_SHARE_NOT_MEMBER');

    // Stopping the share: the teacher's own (empty) quota again.
    expect((await share(teacher.accountId, false)).statusCode).toBe(200);
    await setSmsQuota(ctx.deps, admin.accountId, 10);
    expect((await send()).statusCode).toBe(409);
    expect(await smsQuotaOf(ctx.deps, admin.accountId)).toBe(10);
  });
});
