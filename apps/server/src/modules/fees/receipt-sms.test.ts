import { individualSmsCount, monthOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { addStudent, createClassroom, setSmsQuota, smsQuotaOf } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// A receipt texted to the family: one SMS from the quota to the first
// guardian's phone (an individual message, as the spec prices them), carrying a short link that opens this receipt's public page.

describe.each(DIALECTS)('receipt SMS [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('texts the short receipt link to the guardian, once paid for; not for a voided receipt', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const base = `/api/accounts/${t.accountId}`;
    const classroomId = await createClassroom(t.client, t.accountId, {
      name: 'Physics A',
      tuitionFeePaisa: 150_000,
    });
    const guardian = uniquePhone();
    const student = await addStudent(t.client, t.accountId, {
      name: 'Rafi Islam',
      parent1Phone: guardian,
      enrolments: [{ classroomId }],
    });
    const month = monthOf(ctx.deps.clock.now());
    const paid = await t.client.post(`${base}/students/${student.id}/payments`, {
      method: 'cash',
      allocations: [{ kind: 'month', classroomId, month, amountPaisa: 150_000 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json();
    await setSmsQuota(ctx.deps, t.accountId, 5);

    const sent = await t.client.post(`${base}/payments/${payment.id}/receipt-sms`);
    expect(sent.statusCode, sent.body).toBe(200);
    const { phone, shortUrl } = sent.json();
    expect(phone).toBe(
      (
        await ctx.deps.db.kysely
          .selectFrom('students')
          .select('parent1_phone')
          .where('id', '=', student.id)
          .executeTakeFirstOrThrow()
      ).parent1_phone,
    );
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(5 - individualSmsCount(1));
    const jobs = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .select(['type', 'payload'])
      .where('type', '=', 'sms.send')
      .execute();
    const texts = jobs
      .map((j) => JSON.parse(String(j.payload)) as { to: string; text: string })
      .filter((j) => j.to === phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toMatch(
      /^.+: TK 1,500 received for Rafi Islam, receipt no\. 1\. https?:\/\/\S+\/r\/\w+$/,
    );
    expect(texts[0]!.text.endsWith(shortUrl)).toBe(true);

    // In the sender's language: Chinese, charged as any individual message.
    const chinese = await t.client.post(`${base}/payments/${payment.id}/receipt-sms?lang=zh`);
    expect(chinese.statusCode, chinese.body).toBe(200);
    const zh = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', 'sms.send')
      .execute();
    expect(zh.map((j) => (JSON.parse(String(j.payload)) as { text: string }).text)).toContainEqual(
      expect.stringMatching(/：已收到 Rafi Islam 的 TK 1,500，收据编号 1。https?:\/\/\S+\/r\/\w+$/),
    );
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(5 - 2 * individualSmsCount(1));
    // The short link opens this receipt's page.
    const code = shortUrl.split('/r/')[1];
    const opened = await ctx.app.inject({ method: 'GET', url: `/r/${code}` });
    expect([opened.statusCode, opened.headers.location]).toEqual([302, payment.receiptLink]);

    // A voided receipt is not sent, and nothing is charged.
    await t.client.post(`${base}/payments/${payment.id}/void`, { reason: 'Entered twice' });
    const voided = await t.client.post(`${base}/payments/${payment.id}/receipt-sms`);
    expect([voided.statusCode, voided.json().error.code]).toEqual([409, 'RECEIPT_SMS_VOIDED']);
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(5 - 2 * individualSmsCount(1));
  });
});
