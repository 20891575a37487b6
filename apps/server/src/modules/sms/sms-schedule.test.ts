import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { setSmsQuota, smsQuotaOf } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Editing a scheduled send (the SMS capability's "Scheduling": edit or cancel before it runs): the send is
// replaced by one with the new text and time, repriced in the same transaction.

const DAY = 86_400_000;

describe.each(DIALECTS)('SMS scheduled sends [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('changes the text and time before it runs, repriced in one step; short of quota nothing changes', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    await setSmsQuota(ctx.deps, t.accountId, 10);
    const numbers = `${uniquePhone()} ${uniquePhone()}`;
    const later = ctx.deps.clock.now() + DAY;
    const base = `/api/accounts/${t.accountId}/sms/sends`;
    const first = (
      await t.client.post(base, { text: 'Exam on Sunday', numbers, urgent: true, sendAt: later })
    ).json();
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(8);

    // Bangla text of 103 letters is two parts a message: 4 in all, paid after the 2 come back.
    const bangla = 'পরীক্ষা '.repeat(13).trim();
    const edited = await t.client.put(`${base}/${first.sendId}`, { text: bangla, sendAt: later + DAY });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ recipients: 2, parts: 4, quotaAfter: 6, runAt: later + DAY });
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(6);
    const replaced = (await t.client.get(`${base}/${first.sendId}`)).json();
    expect(replaced).toMatchObject({ status: 'cancelled', counts: { cancelled: 2 } });
    const now = (await t.client.get(`${base}/${edited.json().sendId}`)).json();
    expect(now).toMatchObject({
      status: 'scheduled',
      text: bangla,
      runAt: later + DAY,
      counts: { queued: 2 },
    });

    // Seven SMS a message (160 counted characters an SMS, a Bangla letter double) would need 14: refused,
    // and the send stays as it was.
    const tooLong = await t.client.put(`${base}/${edited.json().sendId}`, {
      text: bangla.repeat(5),
      sendAt: later,
    });
    expect(tooLong.json().error.message).toBe(
      'You do not have enough SMS Quota. You need 14. Your current quota is 10.',
    );
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(6);
    expect((await t.client.get(`${base}/${edited.json().sendId}`)).json().status).toBe('scheduled');

    // Once it has gone out it can no longer change.
    await ctx.deps.db.kysely
      .updateTable('sms_sends')
      .set({ status: 'queued' })
      .where('id', '=', edited.json().sendId)
      .execute();
    const late = await t.client.put(`${base}/${edited.json().sendId}`, { text: 'Too late', sendAt: later });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'SMS_SEND_NOT_EDITABLE']);
  });

  it('moves a spreadsheet send in time but keeps its texts', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const later = ctx.deps.clock.now() + DAY;
    const rows = [
      ['Name', 'Phone'],
      ['Rahim', uniquePhone()],
      ['Karim', uniquePhone()],
    ];
    const sent = (
      await t.client.post(`/api/accounts/${t.accountId}/sms/template-sends`, {
        template: 'Hi {Name}',
        rows,
        urgent: true,
        sendAt: later,
      })
    ).json();
    const base = `/api/accounts/${t.accountId}/sms/sends`;
    const rewrite = await t.client.put(`${base}/${sent.sendId}`, { text: 'Hello all', sendAt: later });
    expect([rewrite.statusCode, rewrite.json().error.code]).toEqual([400, 'SMS_SEND_TEXTS_FIXED']);
    const moved = await t.client.put(`${base}/${sent.sendId}`, { text: 'Hi {Name}', sendAt: later + DAY });
    expect(moved.statusCode).toBe(200);
    const detail = (await t.client.get(`${base}/${moved.json().sendId}`)).json();
    expect(detail.runAt).toBe(later + DAY);
    const texts = await ctx.deps.db.kysely
      .selectFrom('sms_messages')
      .select('text')
      .where('send_id', '=', moved.json().sendId)
      .orderBy('text')
      .execute();
    expect(texts.map((m) => m.text)).toEqual(['Hi Karim', 'Hi Rahim']);
  });
});
