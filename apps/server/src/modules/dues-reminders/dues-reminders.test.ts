import { DUES_REMINDER_TEMPLATES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import {
  addStudent,
  assistantWithGrant,
  clientFor,
  createClassroom,
  setSmsQuota,
  smsQuotaOf,
} from '../../test/school';
import { DIALECTS, type TestAppContext, useTestApp } from '../../test/test-deps';
import { enqueueDueReminders } from './dues-reminders-schedule';

// Dues reminders by SMS: the dues placeholders, only students who owe, the
// quota charged like any bulk send and the send in the SMS history; who may send; the automatic
// monthly reminder going out once a month whatever runs it twice.

const SEPTEMBER = Date.UTC(2026, 8, 10);
/** 5 November 2026, 11:00 in Bangladesh: September to November are owed. */
const NOV_5 = Date.UTC(2026, 10, 5, 5, 0);

async function school(ctx: TestAppContext) {
  ctx.deps.clock.set(NOV_5);
  const t = await signUp(ctx.app, ctx.deps);
  const physics = await createClassroom(t.client, t.accountId, {
    name: 'Physics A',
    tuitionFeePaisa: 5_000_000,
  });
  const chemistry = await createClassroom(t.client, t.accountId, {
    name: 'Chemistry B',
    tuitionFeePaisa: 100_000,
  });
  const parents = { parent1: uniquePhone(), parent2: uniquePhone() };
  const rafi = await addStudent(t.client, t.accountId, {
    name: 'Rafi',
    parent1Phone: parents.parent1,
    parent2Phone: parents.parent2,
    enrolments: [{ classroomId: physics }],
  });
  const nadia = await addStudent(t.client, t.accountId, {
    name: 'Nadia',
    parent1Phone: uniquePhone(),
    enrolments: [{ classroomId: physics }],
  });
  const karim = await addStudent(t.client, t.accountId, {
    name: 'Karim',
    enrolments: [{ classroomId: chemistry }],
  });
  await ctx.deps.db.kysely
    .updateTable('enrolments')
    .set({ accepted_at: SEPTEMBER, applied_at: SEPTEMBER })
    .where('student_id', 'in', [rafi.id, nadia.id, karim.id])
    .execute();
  const base = `/api/accounts/${t.accountId}`;
  // Nadia has paid everything she owes.
  const paid = await t.client.post(`${base}/students/${nadia.id}/payments`, {
    method: 'cash',
    allocations: ['2026-09', '2026-10', '2026-11'].map((month) => ({
      kind: 'month',
      classroomId: physics,
      month,
      amountPaisa: 5_000_000,
    })),
  });
  expect(paid.statusCode).toBe(201);
  const { institution } = await ctx.deps.db.kysely
    .selectFrom('accounts')
    .select('institution')
    .where('id', '=', t.accountId)
    .executeTakeFirstOrThrow();
  return { t, physics, chemistry, parents, rafi, nadia, karim, base, institution };
}

const sendsOf = (ctx: TestAppContext, accountId: string) =>
  ctx.deps.db.kysely
    .selectFrom('sms_sends')
    .select(['id', 'parts'])
    .where('account_id', '=', accountId)
    .execute();

describe.each(DIALECTS)('dues reminders [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it("texts each defaulter's parents the dues placeholders, charged to the quota and in the history", async () => {
    const s = await school(ctx);
    await setSmsQuota(ctx.deps, s.t.accountId, 50);
    const body = { template: DUES_REMINDER_TEMPLATES.en, language: 'en' };
    const preview = await s.t.client.post(`${s.base}/dues-reminders/preview`, body);
    expect(preview.statusCode).toBe(200);
    const text = `Dear guardian, Rafi has TK 1,50,000 in fees due for Sep, Oct, Nov 2026. Please pay at ${s.institution}. Thank you.`;
    const parts = Math.ceil(text.length / 100);
    // Nadia owes nothing; Karim owes but has no parent phone (the student's own was not chosen).
    expect(preview.json()).toMatchObject({
      students: 1,
      recipients: 2,
      parts: 2 * parts,
      sumDuePaisa: 15_000_000,
      noPhone: 1,
      quota: 50,
      quotaMessage: null,
      problems: [],
    });
    expect(preview.json().sample).toEqual([
      { name: 'Rafi', phone: s.parents.parent1, text, parts },
      { name: 'Rafi', phone: s.parents.parent2, text, parts },
    ]);
    expect(await smsQuotaOf(ctx.deps, s.t.accountId)).toBe(50);

    const sent = await s.t.client.post(`${s.base}/dues-reminders/sends`, body);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: 2, parts: 2 * parts, quotaAfter: 50 - 2 * parts });
    expect(await smsQuotaOf(ctx.deps, s.t.accountId)).toBe(50 - 2 * parts);
    const history = (await s.t.client.get(`${s.base}/sms/sends`)).json();
    expect(history.items.map((i: { id: string }) => i.id)).toContain(sent.json().sendId);
    const messages = await ctx.deps.db.kysely
      .selectFrom('sms_messages')
      .select(['phone', 'text', 'source', 'student_id'])
      .where('send_id', '=', sent.json().sendId)
      .orderBy('source')
      .execute();
    expect(messages).toEqual([
      { phone: s.parents.parent1, text, source: 'parent1', student_id: s.rafi.id },
      { phone: s.parents.parent2, text, source: 'parent2', student_id: s.rafi.id },
    ]);

    // Bangla: Bangla months and digits, the taka sign, grouped the Bangladeshi way.
    const bangla = await s.t.client.post(`${s.base}/dues-reminders/preview`, {
      template: DUES_REMINDER_TEMPLATES.bn,
      language: 'bn',
      to: { student: true, parent1: false, parent2: false },
    });
    const texts = bangla.json().sample.map((m: { text: string }) => m.text);
    // Who owes most first: Rafi, then Karim.
    expect(texts[1]).toBe(
      `সম্মানিত অভিভাবক, Karim-এর সেপ্টেম্বর, অক্টোবর, নভেম্বর ২০২৬ মাসের বেতন বাবদ ৳৩,০০০ বকেয়া আছে। অনুগ্রহ করে ${s.institution}-এ পরিশোধ করুন। ধন্যবাদ।`,
    );
    expect(texts[0]).toContain('৳১,৫০,০০০');

    // Rows picked from the list: only those who owe get one; picking only who paid sends nothing.
    const picked = await s.t.client.post(`${s.base}/dues-reminders/preview`, {
      ...body,
      studentIds: [s.nadia.id, s.karim.id],
      to: { student: true, parent1: true, parent2: true },
    });
    expect(picked.json()).toMatchObject({ students: 1, recipients: 1, noPhone: 0 });
    const none = await s.t.client.post(`${s.base}/dues-reminders/sends`, {
      ...body,
      studentIds: [s.nadia.id],
    });
    expect([none.statusCode, none.json().error.code]).toEqual([400, 'DUES_REMINDER_NO_RECIPIENTS']);
    expect(await sendsOf(ctx, s.t.accountId)).toHaveLength(1);

    // A template naming a column dues reminders do not have is refused before anything is paid.
    const unknown = await s.t.client.post(`${s.base}/dues-reminders/sends`, { template: 'Hi {Nmae}' });
    expect(unknown.statusCode).toBe(400);
    expect(await smsQuotaOf(ctx.deps, s.t.accountId)).toBe(50 - 2 * parts);
  });

  it('sends each family its own short pay link for {Pay Link}, which opens that student’s portal', async () => {
    const s = await school(ctx);
    const body = { template: '{Name} owes {Amount}. Pay: {Pay Link}', language: 'en' };
    const preview = await s.t.client.post(`${s.base}/dues-reminders/preview`, {
      ...body,
      to: { student: true, parent1: false, parent2: false },
    });
    expect(preview.statusCode).toBe(200);
    const texts: string[] = preview.json().sample.map((m: { text: string }) => m.text);
    const links = texts.map((text) => /(https?:\/\/\S+\/p\/([A-Za-z0-9_-]+))$/.exec(text));
    expect(links.every(Boolean), texts.join('\n')).toBe(true);
    // One link per student, each the student's own pay link (the counter's card shows the same).
    const [rafiLink, karimLink] = links.map((m) => m![2]!);
    expect(rafiLink).not.toBe(karimLink);
    const card = (await s.t.client.post(`${s.base}/students/${s.rafi.id}/pay-link`)).json();
    expect(card.shortUrl).toBe(links[0]![1]);
    const opened = await ctx.app.inject({ method: 'GET', url: `/p/${rafiLink}` });
    expect([opened.statusCode, opened.headers.location]).toEqual([
      302,
      `/s-pay?key=${encodeURIComponent(rafiLink!)}&suid=${encodeURIComponent(s.rafi.id)}`,
    ]);
    // The portal behind it shows that student (the page's API, as the built page would ask).
    const portal = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/pay?key=${encodeURIComponent(rafiLink!)}&suid=${encodeURIComponent(s.rafi.id)}`,
    });
    expect([portal.statusCode, portal.json().studentName]).toEqual([200, 'Rafi']);
    // A template without the placeholder makes no links; a revoked link leads to the invalid page.
    const without = await ctx.deps.db.kysely.selectFrom('student_pay_links').select('student_id').execute();
    expect(without.map((l) => l.student_id).sort()).toEqual([s.rafi.id, s.karim.id].sort());
    await s.t.client.delete(`${s.base}/students/${s.rafi.id}/pay-link`);
    const gone = await ctx.app.inject({ method: 'GET', url: `/p/${rafiLink}` });
    expect(gone.headers.location).toBe('/s-pay');
  });

  it('needs both the collect and the send grant of an assistant, for their classrooms; settings are the owner’s', async () => {
    const s = await school(ctx);
    await setSmsQuota(ctx.deps, s.t.accountId, 50);
    const body = {
      template: DUES_REMINDER_TEMPLATES.en,
      to: { student: true, parent1: true, parent2: true },
    };
    const as = async (grants: object[]) => {
      let userId: string | undefined;
      for (const grant of grants) userId = await assistantWithGrant(ctx.deps, s.t.accountId, grant, userId);
      return clientFor(ctx.app, ctx.deps, userId!);
    };
    for (const grants of [[{ collectPayments: true }], [{ sendSms: true, manageStudents: true }]]) {
      const assistant = await as(grants);
      const res = await assistant.post(`${s.base}/dues-reminders/preview`, body);
      expect([res.statusCode, res.json().error.code]).toEqual([403, 'DUES_REMINDER_PERMISSION_REQUIRED']);
    }
    // Both grants on Physics A: its defaulters only, and only when the list names it.
    const physicsOnly = await as([{ classroomId: s.physics, collectPayments: true, sendSms: true }]);
    const whole = await physicsOnly.post(`${s.base}/dues-reminders/preview`, body);
    expect(whole.json().error.code).toBe('DUES_REMINDER_PERMISSION_REQUIRED');
    const mine = await physicsOnly.post(`${s.base}/dues-reminders/preview`, {
      ...body,
      classroomId: s.physics,
    });
    expect(mine.json()).toMatchObject({ students: 1, recipients: 3 });
    const other = await physicsOnly.post(`${s.base}/dues-reminders/sends`, {
      ...body,
      classroomId: s.chemistry,
    });
    expect(other.statusCode).toBe(403);

    const wide = await as([{ collectPayments: true, sendSms: true }]);
    const preview = await wide.post(`${s.base}/dues-reminders/preview`, body);
    expect(preview.json()).toMatchObject({ students: 2, recipients: 4 });
    expect((await wide.post(`${s.base}/dues-reminders/sends`, body)).statusCode).toBe(200);
    expect((await wide.get(`${s.base}/dues-reminders/settings`)).statusCode).toBe(403);
    const save = await wide.put(`${s.base}/dues-reminders/settings`, {
      enabled: true,
      dayOfMonth: 1,
      template: 'Pay {Amount}',
      language: 'en',
      to: { student: true, parent1: true, parent2: true },
    });
    expect(save.statusCode).toBe(403);
    expect(await sendsOf(ctx, s.t.accountId)).toHaveLength(1);
  });

  it('sends the automatic monthly reminder once a month, on its day, however often it is run', async () => {
    const s = await school(ctx);
    await setSmsQuota(ctx.deps, s.t.accountId, 100);
    const settings = {
      enabled: true,
      dayOfMonth: 6,
      template: DUES_REMINDER_TEMPLATES.en,
      language: 'en',
      to: { student: false, parent1: true, parent2: false },
    };
    const misspelt = await s.t.client.put(`${s.base}/dues-reminders/settings`, {
      ...settings,
      template: 'Please pay {Amont}',
    });
    expect(misspelt.json().error).toMatchObject({
      code: 'TEMPLATE_UNKNOWN_COLUMN',
      params: { column: 'Amont' },
    });
    const saved = await s.t.client.put(`${s.base}/dues-reminders/settings`, settings);
    expect(saved.json()).toMatchObject({ ...settings, lastRun: null });

    // The 5th: not yet its day.
    expect(await enqueueDueReminders(ctx.deps)).toBe(0);
    ctx.deps.clock.set(NOV_5 + 86_400_000);
    const before = await smsQuotaOf(ctx.deps, s.t.accountId);
    expect(await enqueueDueReminders(ctx.deps)).toBeGreaterThanOrEqual(1);
    // Two workers at once, then a restart that tries again: one send.
    const outcomes = await Promise.all([
      ctx.deps.duesReminders.runMonthly(s.t.accountId, '2026-11'),
      ctx.deps.duesReminders.runMonthly(s.t.accountId, '2026-11'),
    ]);
    expect(outcomes.sort()).toEqual(['already', 'sent']);
    expect(await ctx.deps.duesReminders.runMonthly(s.t.accountId, '2026-11')).toBe('already');
    await ctx.deps.createWorker().drain();
    const sends = await sendsOf(ctx, s.t.accountId);
    expect(sends).toHaveLength(1);
    // Rafi's first parent only (Karim has no parent phone): one message, paid once.
    expect(await smsQuotaOf(ctx.deps, s.t.accountId)).toBe(before - Number(sends[0]!.parts));
    expect(await enqueueDueReminders(ctx.deps)).toBe(0);
    // A fresh session: the day moved on past the idle limit of the first.
    const owner = await clientFor(ctx.app, ctx.deps, s.t.userId);
    const after = (await owner.get(`${s.base}/dues-reminders/settings`)).json();
    expect(after.lastRun).toMatchObject({
      month: '2026-11',
      outcome: 'sent',
      recipients: 1,
      sendId: sends[0]!.id,
    });

    // December's goes out in December; without quota it is recorded, not retried all month.
    await setSmsQuota(ctx.deps, s.t.accountId, 0);
    ctx.deps.clock.set(Date.UTC(2026, 11, 6, 5, 0));
    expect(await ctx.deps.duesReminders.runMonthly(s.t.accountId, '2026-12')).toBe('no-quota');
    expect(await ctx.deps.duesReminders.runMonthly(s.t.accountId, '2026-12')).toBe('already');
    expect(await sendsOf(ctx, s.t.accountId)).toHaveLength(1);
    const owner2 = await clientFor(ctx.app, ctx.deps, s.t.userId);
    await owner2.put(`${s.base}/dues-reminders/settings`, { ...settings, enabled: false });
    expect(await ctx.deps.duesReminders.runMonthly(s.t.accountId, '2027-01')).toBe('off');
    ctx.deps.clock.release();
  });
});
