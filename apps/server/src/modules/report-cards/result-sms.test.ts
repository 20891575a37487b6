import { RESULT_SMS_TEMPLATES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http';
import { reportFixture, TERM } from '../../test/report-cards';
import { assistantWithGrant, clientFor, setSmsQuota, smsQuotaOf } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Result SMS: each family gets the marks summary and a link to the card, through
// the SMS module's template rules and queue, after a preview; the quota pays for what is queued.

describe.each(DIALECTS)('result SMS [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('previews, then queues one message per family with the summary and a working link, paid from the quota', async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const base = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards`;
    await setSmsQuota(ctx.deps, f.t.accountId, 50);
    const body = { term: TERM, template: RESULT_SMS_TEMPLATES.gpa.en, language: 'en' };

    const preview = await f.t.client.post(`${base}/result-sms/preview`, body);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    // Chayan's marks are not all in: he is left out, and said to be.
    expect(p).toMatchObject({ students: 2, incomplete: 1, noPhone: 0, problems: [], quotaMessage: null });
    const stand = `${ctx.deps.config.appUrl}/rc/${'x'.repeat(22)}`;
    expect(p.sample[0]).toMatchObject({
      name: 'Asha Akter',
      phone: f.guardian,
      text: `Dear guardian, Asha Akter scored 315 out of 400 in ${TERM} at Udoy Coaching. GPA 5.00 (A+), position 1. Report card: ${stand}`,
    });
    // Bilal has no guardian's number: his own.
    expect(p.sample[1]).toMatchObject({ name: 'Bilal Hossain', phone: f.bilal.phone });
    expect(p.sample[1].text).toContain('GPA 0.00 (F), position 2.');
    // Nothing is written by a preview.
    expect(await smsQuotaOf(ctx.deps, f.t.accountId)).toBe(50);
    const links = ctx.deps.db.kysely
      .selectFrom('report_links')
      .selectAll()
      .where('classroom_id', '=', f.classroomId);
    expect(await links.execute()).toEqual([]);

    const sent = await f.t.client.post(`${base}/result-sms`, body);
    expect(sent.statusCode, sent.body).toBe(200);
    const queued = sent.json();
    expect(queued).toMatchObject({ recipients: 2, parts: p.parts });
    expect(await smsQuotaOf(ctx.deps, f.t.accountId)).toBe(50 - p.parts);
    expect(queued.quotaAfter).toBe(50 - p.parts);

    const messages = await ctx.deps.db.kysely
      .selectFrom('sms_messages')
      .select(['phone', 'text', 'parts', 'source', 'student_id'])
      .where('send_id', '=', queued.sendId)
      .orderBy('phone')
      .execute();
    expect(messages.map((m) => m.student_id).sort()).toEqual([f.asha.id, f.bilal.id].sort());
    const asha = messages.find((m) => m.student_id === f.asha.id)!;
    expect([asha.phone, asha.source]).toEqual([f.guardian, 'parent1']);
    expect(asha.text).toMatch(
      new RegExp(
        `^Dear guardian, Asha Akter scored 315 out of 400 in ${TERM} at Udoy Coaching\\. GPA 5\\.00 \\(A\\+\\), position 1\\. Report card: https?://\\S+/rc/[\\w-]{22}$`,
      ),
    );
    expect(messages.find((m) => m.student_id === f.bilal.id)!.source).toBe('student');
    expect(messages.reduce((t, m) => t + Number(m.parts), 0)).toBe(p.parts);

    // The link in the message opens that student's card, and only it.
    const key = asha.text.split('/rc/')[1]!;
    const redirect = await ctx.app.inject({ method: 'GET', url: `/rc/${key}` });
    expect(redirect.headers.location).toBe(`/viewreport?key=${key}`);
    const card = await new TestClient(ctx.app).get(`/api/public/report-cards/${key}`);
    expect(card.json().student.id).toBe(f.asha.id);
    const table = (await f.t.client.get(`${base}?term=${encodeURIComponent(TERM)}`)).json();
    expect(table.rows.map((r: { status: { liveLinks: number } }) => r.status.liveLinks)).toEqual([1, 1, 0]);
  }, 60_000);

  it('writes Bangla with Bangla digits, sends to the students picked, and refuses what it cannot send', async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const base = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards`;
    await setSmsQuota(ctx.deps, f.t.accountId, 50);
    const bn = await f.t.client.post(`${base}/result-sms/preview`, {
      term: TERM,
      template: RESULT_SMS_TEMPLATES.gpa.bn,
      language: 'bn',
      studentIds: [f.asha.id],
    });
    expect(bn.statusCode, bn.body).toBe(200);
    expect(bn.json().students).toBe(1);
    expect(bn.json().sample[0].text).toContain('৪০০-এর মধ্যে ৩১৫ নম্বর পেয়েছে। জিপিএ ৫.০০ (A+), মেধাক্রম ১।');

    // A column results do not have is named before anything is sent.
    const typo = { term: TERM, template: 'Dear {Nmae}, {Marks}', language: 'en' };
    const problem = (await f.t.client.post(`${base}/result-sms/preview`, typo)).json().problems;
    expect(problem).toEqual([expect.objectContaining({ code: 'TEMPLATE_UNKNOWN_COLUMN' })]);
    expect((await f.t.client.post(`${base}/result-sms`, typo)).statusCode).toBe(400);

    // Only students whose marks are all in can be sent their result.
    const none = await f.t.client.post(`${base}/result-sms`, {
      term: TERM,
      template: RESULT_SMS_TEMPLATES.gpa.en,
      studentIds: [f.chayan.id],
    });
    expect([none.statusCode, none.json().error.code]).toEqual([400, 'RESULT_SMS_NO_RECIPIENTS']);

    // Not enough quota: refused whole, nothing queued, no link made.
    await setSmsQuota(ctx.deps, f.t.accountId, 1);
    const short = await f.t.client.post(`${base}/result-sms`, {
      term: TERM,
      template: RESULT_SMS_TEMPLATES.gpa.en,
    });
    expect([short.statusCode, short.json().error.code]).toEqual([409, 'SMS_QUOTA_NOT_ENOUGH']);
    const links = ctx.deps.db.kysely
      .selectFrom('report_links')
      .selectAll()
      .where('classroom_id', '=', f.classroomId);
    expect(await links.execute()).toEqual([]);

    // An assistant without the SMS permission in the classroom may not send results.
    const assistant = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, f.t.accountId, { manageStudents: true, sendSms: false }),
    );
    const refused = await assistant.post(`${base}/result-sms/preview`, { term: TERM, template: 'x {Name}' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'SMS_SEND_PERMISSION_REQUIRED']);
  }, 60_000);
});
