import { addDays, addMonths, dayOf, daysFrom, monthsFrom, smsCount } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { startStandInGateway } from '../../drivers/sms/stand-in-gateway';
import { signUp, uniquePhone } from '../../test/factories';
import {
  addStudent,
  adminManages,
  createClassroom,
  newStaffClient,
  setSmsQuota,
  smsQuotaOf,
} from '../../test/school';
import { standInDispatcher } from '../../test/stand-in-dispatcher';
import { DIALECTS, type TestClock, useTestApp } from '../../test/test-deps';

/** 02:00 in Dhaka on 24 November 2026: inside the regulator's quiet hours. */
const DHAKA_2AM = Date.parse('2026-11-23T20:00:00Z');

async function ledgerOf(ctx: ReturnType<typeof useTestApp>, accountId: string) {
  return ctx.deps.db.kysely
    .selectFrom('sms_ledger')
    .select(['delta', 'balance_after', 'reason', 'send_id'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

describe.each(DIALECTS)('SMS [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function school() {
    const t = await signUp(ctx.app, ctx.deps);
    const room = await createClassroom(t.client, t.accountId, { name: 'Physics A' });
    const parent = uniquePhone();
    const rahim = await addStudent(t.client, t.accountId, {
      name: 'Rahim',
      parent1Phone: parent,
      enrolments: [{ classroomId: room }],
    });
    // A sibling with the same parent: the parent gets the message once.
    const karim = await addStudent(t.client, t.accountId, {
      name: 'Karim',
      parent1Phone: `${parent}D`,
      enrolments: [{ classroomId: room }],
    });
    return { t, room, parent, rahim, karim };
  }

  it('starts a new account from the sign-up grant, written to the ledger', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(ctx.deps.config.smsSignupGrant);
    expect(await ledgerOf(ctx, t.accountId)).toEqual([
      {
        delta: ctx.deps.config.smsSignupGrant,
        balance_after: ctx.deps.config.smsSignupGrant,
        reason: 'signup-grant',
        send_id: null,
      },
    ]);
  });

  it('previews recipients, parts and cost: once per number, parents, typed numbers, invalid ones listed', async () => {
    const { t, room, parent } = await school();
    const typed = uniquePhone();
    const res = await t.client.post(`/api/accounts/${t.accountId}/sms/preview`, {
      text: '#notice Class moved to 5 pm',
      classroomIds: [room],
      to: { student: true, parent1: true, parent2: true },
      numbers: `${typed.replace('+880', '0')}, 0171, ${parent}`,
      urgent: true,
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    // The spec removes the hashtags' marks, keeping their words (domain stripHashtags).
    expect(preview.text).toBe('notice Class moved to 5 pm');
    // Two students, one shared parent, one typed number; the parent typed again is not repeated.
    expect(preview.recipients).toBe(4);
    expect(preview.sample.filter((r: { phone: string }) => r.phone === parent)).toHaveLength(1);
    // Neither student has a parent 2: each is listed with the spec's warning.
    expect(preview.invalid.map((i: { name: string }) => i.name).sort()).toEqual(['Karim', 'Rahim']);
    expect(preview.invalid[0].message).toMatch(/^Could not find a valid phone number for /);
    expect(preview.invalidTyped).toEqual(['0171']);
    expect(preview).toMatchObject({ partsEach: 1, parts: 4, costPaisa: 4 * 43, quotaMessage: null });

    const bangla = await t.client.post(`/api/accounts/${t.accountId}/sms/preview`, {
      text: 'প্রিয় অভিভাবক, আপনার সন্তান রহিম (রোল ১২) আজ সকাল ৮:০৫ এ স্কুলে প্রবেশ করেছে। - ABC School',
      classroomIds: [room],
      urgent: true,
    });
    // 151 counted characters: one SMS.
    expect(bangla.json()).toMatchObject({ partsEach: 1, recipients: 2, parts: 2 });
    // One rule (smsCount 'typed'): 160 an SMS, a Bangla letter counting as two, so 80 fit in one.
    for (const [text, each] of [
      ['ক'.repeat(80), 1],
      ['ক'.repeat(81), 2],
      ['a'.repeat(160), 1],
      ['a'.repeat(161), 2],
    ] as const) {
      const counted = await t.client.post(`/api/accounts/${t.accountId}/sms/preview`, {
        text,
        classroomIds: [room],
        urgent: true,
      });
      expect(counted.json()).toMatchObject({ partsEach: each, parts: each * 2 });
      expect(smsCount(text, 'typed').sms).toBe(each);
    }
  });

  it('sends: paid in the same transaction as the send, refused whole when short, dispatched once', async () => {
    const { t, room, parent } = await school();
    const body = {
      text: 'Exam on Sunday',
      classroomIds: [room],
      to: { student: true, parent1: true },
      urgent: true,
    };
    await setSmsQuota(ctx.deps, t.accountId, 2);
    const before = await ledgerOf(ctx, t.accountId);
    const short = await t.client.post(`/api/accounts/${t.accountId}/sms/sends`, body);
    expect(short.statusCode).toBe(409);
    expect(short.json().error.message).toBe(
      'You do not have enough SMS Quota. You need 3. Your current quota is 2.',
    );
    expect(await ledgerOf(ctx, t.accountId)).toEqual(before);
    const sends = () =>
      ctx.deps.db.kysely.selectFrom('sms_sends').selectAll().where('account_id', '=', t.accountId).execute();
    expect(await sends()).toEqual([]);

    await setSmsQuota(ctx.deps, t.accountId, 10);
    const sent = await t.client.post(`/api/accounts/${t.accountId}/sms/sends`, body);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: 3, parts: 3, quotaAfter: 7 });
    const { sendId } = sent.json();
    expect((await ledgerOf(ctx, t.accountId)).at(-1)).toEqual({
      delta: -3,
      balance_after: 7,
      reason: 'send',
      send_id: sendId,
    });
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(7);

    await ctx.deps.createWorker().drain();
    const detail = (await t.client.get(`/api/accounts/${t.accountId}/sms/sends/${sendId}`)).json();
    expect(detail).toMatchObject({ status: 'done', counts: { sent: 3 }, parts: 3, costPaisa: 3 * 43 });
    expect(detail.messages.map((m: { status: string }) => m.status)).toEqual(['sent', 'sent', 'sent']);
    // The console gateway keeps each message once, under its own id.
    const kept = await ctx.deps.outbox.listNewest('sms', 500);
    for (const m of detail.messages) expect(kept.filter((k) => k.send_key === m.id)).toHaveLength(1);
    expect(kept.filter((k) => k.to === parent && k.body === 'Exam on Sunday')).toHaveLength(1);
    // Running the dispatcher again sends nothing more.
    await ctx.deps.smsDispatcher.dispatch(sendId);
    expect((await ctx.deps.outbox.listNewest('sms', 500)).length).toBe(kept.length);

    const history = (await t.client.get(`/api/accounts/${t.accountId}/sms/sends?status=sent`)).json();
    expect(history).toMatchObject({ total: 1, items: [{ id: sendId, recipients: 3, counts: { sent: 3 } }] });
    const inRoom = (id: string) => t.client.get(`/api/accounts/${t.accountId}/sms/sends?classroomId=${id}`);
    expect((await inRoom(room)).json()).toMatchObject({ total: 1, items: [{ id: sendId }] });
    const otherRoom = await createClassroom(t.client, t.accountId);
    expect((await inRoom(otherRoom)).json().total).toBe(0);
  });

  it("uses the shared quota only when the account's own quota is not enough", async () => {
    const { t, room } = await school();
    const sharer = await signUp(ctx.app, ctx.deps);
    await setSmsQuota(ctx.deps, sharer.accountId, 100);
    await setSmsQuota(ctx.deps, t.accountId, 2, sharer.accountId);
    const send = (studentCount: 'one' | 'all') =>
      t.client.post(`/api/accounts/${t.accountId}/sms/sends`, {
        text: 'Hello',
        classroomIds: studentCount === 'all' ? [room] : [],
        numbers: studentCount === 'one' ? uniquePhone() : '',
        urgent: true,
      });
    expect((await send('one')).statusCode).toBe(200);
    expect([await smsQuotaOf(ctx.deps, t.accountId), await smsQuotaOf(ctx.deps, sharer.accountId)]).toEqual([
      1, 100,
    ]);
    expect((await send('all')).statusCode).toBe(200);
    expect([await smsQuotaOf(ctx.deps, t.accountId), await smsQuotaOf(ctx.deps, sharer.accountId)]).toEqual([
      1, 98,
    ]);
    // The sharer's ledger shows the debit, with the send it paid for.
    expect((await ledgerOf(ctx, sharer.accountId)).at(-1)).toMatchObject({ delta: -2, reason: 'send' });
  });

  it('holds a send that is not urgent until 08:00 in Bangladesh, and a scheduled one can be cancelled for its quota', async () => {
    const { t, room } = await school();
    (ctx.deps.clock as TestClock).set(DHAKA_2AM);
    try {
      const body = { text: 'Holiday tomorrow', classroomIds: [room] };
      const preview = (await t.client.post(`/api/accounts/${t.accountId}/sms/preview`, body)).json();
      expect(preview).toMatchObject({ runAt: Date.parse('2026-11-24T02:00:00Z'), heldForQuietHours: true });
      const urgent = (
        await t.client.post(`/api/accounts/${t.accountId}/sms/preview`, { ...body, urgent: true })
      ).json();
      expect(urgent).toMatchObject({ runAt: DHAKA_2AM, heldForQuietHours: false });

      const quota = await smsQuotaOf(ctx.deps, t.accountId);
      const sent = (await t.client.post(`/api/accounts/${t.accountId}/sms/sends`, body)).json();
      expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(quota - 2);
      // Nothing goes out before 08:00.
      await ctx.deps.createWorker().drain();
      const held = (await t.client.get(`/api/accounts/${t.accountId}/sms/sends/${sent.sendId}`)).json();
      expect(held).toMatchObject({ status: 'scheduled', counts: { queued: 2 } });

      const cancel = await t.client.delete(`/api/accounts/${t.accountId}/sms/sends/${sent.sendId}`);
      expect(cancel.statusCode).toBe(200);
      expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(quota);
      const refunds = (await ledgerOf(ctx, t.accountId)).filter((row) => row.reason === 'refund');
      expect(refunds).toEqual([{ delta: 2, balance_after: quota, reason: 'refund', send_id: sent.sendId }]);
      const again = await t.client.delete(`/api/accounts/${t.accountId}/sms/sends/${sent.sendId}`);
      expect(again.statusCode).toBe(409);
      expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(quota);
    } finally {
      (ctx.deps.clock as TestClock).release();
    }
  });

  it('sends the welcome SMS to a student who joins, counted at 100 characters per SMS; no quota, no SMS, but the student', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const room = await createClassroom(t.client, t.accountId, { name: 'Physics A' });
    const base = `/api/accounts/${t.accountId}/sms/welcome`;
    expect((await t.client.get(base)).json()).toEqual({
      includeStudent: false,
      includeParent1: false,
      includeParent2: false,
      message: '',
    });
    const message = `Welcome {name} ({id}) to {institution}: {classroom}. ${'Classes start at 4 pm sharp. '.repeat(3)}`;
    const saved = await t.client.put(base, { includeStudent: true, includeParent1: true, message });
    expect(saved.statusCode).toBe(200);
    expect((await t.client.get(base)).json()).toMatchObject({ includeStudent: true, includeParent1: true });

    const parent = uniquePhone();
    const before = await smsQuotaOf(ctx.deps, t.accountId);
    const student = await addStudent(t.client, t.accountId, {
      name: 'Rahim',
      parent1Phone: parent,
      enrolments: [{ classroomId: room }],
    });
    const sends = await ctx.deps.db.kysely
      .selectFrom('sms_sends')
      .innerJoin('sms_messages', 'sms_messages.send_id', 'sms_sends.id')
      .select(['sms_messages.phone', 'sms_messages.text', 'sms_messages.parts', 'sms_messages.student_id'])
      .where('sms_sends.account_id', '=', t.accountId)
      .orderBy('sms_messages.phone')
      .execute();
    expect(sends.map((m) => m.phone).sort()).toEqual([parent, student.phone].sort());
    const text = sends[0]!.text;
    expect(text.startsWith(`Welcome Rahim (${student.customId}) to `)).toBe(true);
    expect(text).toContain(': Physics A. Classes start');
    // Over 100 characters: 2 SMS each by the spec's welcome rule.
    expect(sends.every((m) => m.parts === 2 && m.student_id === student.id)).toBe(true);
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(before - 4);

    await setSmsQuota(ctx.deps, t.accountId, 1);
    const poor = await t.client.post(`/api/accounts/${t.accountId}/students`, {
      name: 'Karim',
      phone: uniquePhone(),
      institution: 'Udoy School',
      enrolments: [{ classroomId: room }],
    });
    expect(poor.statusCode).toBe(200);
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(1);
  });

  it('refunds messages the gateway refuses, and sends the failed ones again on request', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const gateway = await startStandInGateway({ apiKey: 'k' });
    try {
      gateway.setFaults({ failShare: 1, failAs: 'refused' });
      const dispatcher = standInDispatcher(ctx.deps, gateway.urls.sslwireless);
      const before = await smsQuotaOf(ctx.deps, t.accountId);
      const numbers = `${uniquePhone()} ${uniquePhone()}`;
      const sent = (
        await t.client.post(`/api/accounts/${t.accountId}/sms/sends`, {
          text: 'Fees due',
          numbers,
          urgent: true,
        })
      ).json();
      await dispatcher.dispatch(sent.sendId);
      const detail = (await t.client.get(`/api/accounts/${t.accountId}/sms/sends/${sent.sendId}`)).json();
      expect(detail).toMatchObject({ status: 'done', counts: { failed: 2 } });
      expect(detail.messages[0].error).toBeTruthy();
      // Refunded in the same transaction as the failure.
      expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(before);
      const refund = (await ledgerOf(ctx, t.accountId)).filter((row) => row.send_id === sent.sendId);
      expect(refund.map((row) => [row.reason, row.delta])).toEqual([
        ['send', -2],
        ['refund', 2],
      ]);

      const again = await t.client.post(`/api/accounts/${t.accountId}/sms/sends/${sent.sendId}/resend`, {});
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ recipients: 2, parts: 2 });
      expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(before - 2);
      gateway.setFaults({});
      await dispatcher.dispatch(again.json().sendId);
      const resent = (
        await t.client.get(`/api/accounts/${t.accountId}/sms/sends/${again.json().sendId}`)
      ).json();
      expect(resent.counts).toEqual({ sent: 2 });
      const nothing = await t.client.post(
        `/api/accounts/${t.accountId}/sms/sends/${again.json().sendId}/resend`,
        {},
      );
      expect(nothing.json()).toMatchObject({ error: { code: 'SMS_NOTHING_TO_RESEND' } });
    } finally {
      await gateway.close();
    }
  });

  it('lets platform staff top up an account found by its owner, with the reason in the ledger', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const staff = await newStaffClient(ctx.app, ctx.deps);
    const before = await smsQuotaOf(ctx.deps, t.accountId);
    const res = await staff.client.post('/api/staff/sms/top-ups', {
      owner: t.input.email,
      count: 5000,
      note: 'bKash TrxID 9F3K2L',
    });
    expect(res.json()).toEqual({ institution: t.input.institution, balance: before + 5000 });
    const quota = (await t.client.get(`/api/accounts/${t.accountId}/sms/quota`)).json();
    expect(quota.balance).toBe(before + 5000);
    // Use is shown over the last 30 Bangladesh days and 12 months, ending today; a top-up is no use.
    const today = dayOf(ctx.deps.clock.now());
    expect(quota.usage.byDay.map((d: { day: string }) => d.day)).toEqual(
      daysFrom(addDays(today, -29), today),
    );
    expect(quota.usage.byMonth.map((m: { month: string }) => m.month)).toEqual(
      monthsFrom(addMonths(today.slice(0, 7), -11), today.slice(0, 7)),
    );
    expect(quota.usage.byDay.every((d: { parts: number }) => d.parts === 0)).toBe(true);
    expect(quota.ledger[0]).toMatchObject({
      delta: 5000,
      reason: 'top-up',
      actorName: 'Support Staff',
      note: 'bKash TrxID 9F3K2L',
    });
    // The ledger adds up to the balance.
    expect(quota.ledger.reduce((sum: number, row: { delta: number }) => sum + row.delta, 0)).toBe(
      quota.balance,
    );
    const tooMuch = await staff.client.post('/api/staff/sms/top-ups', {
      owner: t.userId,
      count: -(before + 5001),
      note: 'Correction',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(before + 5000);
    expect(
      (await staff.client.post('/api/staff/sms/top-ups', { owner: 'nobody@x.bd', count: 1, note: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it("lets an admin text their teachers' classrooms, paid from the admin's quota", async () => {
    const { t, room } = await school();
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    await adminManages(ctx.deps, admin.accountId, t.accountId);
    const teacherQuota = await smsQuotaOf(ctx.deps, t.accountId);
    const adminQuota = await smsQuotaOf(ctx.deps, admin.accountId);
    const body = { text: 'Parents meeting on Friday', classroomIds: [room], urgent: true };
    const preview = (await admin.client.post(`/api/accounts/${admin.accountId}/sms/preview`, body)).json();
    expect(preview).toMatchObject({ recipients: 2, parts: 2 });
    const sent = await admin.client.post(`/api/accounts/${admin.accountId}/sms/sends`, body);
    expect(sent.statusCode).toBe(200);
    expect(await smsQuotaOf(ctx.deps, admin.accountId)).toBe(adminQuota - 2);
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(teacherQuota);
    // Another admin's send cannot reach the classroom.
    const stranger = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    const refused = await stranger.client.post(`/api/accounts/${stranger.accountId}/sms/preview`, body);
    expect(refused.statusCode).toBe(404);
  });

  it('refuses an empty message, no recipients, and a classroom out of reach', async () => {
    const { t, room } = await school();
    const other = await signUp(ctx.app, ctx.deps);
    const otherRoom = await createClassroom(other.client, other.accountId);
    const preview = (body: object) => t.client.post(`/api/accounts/${t.accountId}/sms/preview`, body);
    expect((await preview({ text: ' # ## ', classroomIds: [room] })).json()).toMatchObject({
      error: { code: 'SMS_TEXT_EMPTY' },
    });
    expect((await preview({ text: 'Hi', numbers: '0171' })).json()).toMatchObject({
      error: { code: 'SMS_NO_RECIPIENTS' },
    });
    expect((await preview({ text: 'Hi', classroomIds: [otherRoom] })).statusCode).toBe(404);
  });
});
