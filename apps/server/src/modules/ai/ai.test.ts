import { AI_MONTHLY_CREDITS, smsCount } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { classroomWithStudent, signUp, uniquePhone } from '../../test/factories';
import { DIALECTS, useTestApp } from '../../test/test-deps';

const FEES_BN = {
  description: '১০ তারিখের মধ্যে মাসের বেতন পরিশোধ করুন, বিনীতভাবে',
  language: 'bn',
  maxParts: 2,
  kind: 'typed',
};

/** The AI tools through the loopback stand-in model (drivers/ai/ai-stand-in.ts). */
describe.each(DIALECTS)('AI tools [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function teacherWithAi() {
    // The factory's accounts come with every tool installed, the AI tool among them.
    const teacher = await signUp(ctx.app, ctx.deps);
    const drafts = (body: object) =>
      teacher.client.post(`/api/accounts/${teacher.accountId}/ai/sms-drafts`, body);
    const credits = async () =>
      (await teacher.client.get(`/api/accounts/${teacher.accountId}/ai/credits`)).json();
    const requests = () =>
      ctx.deps.db.kysely
        .selectFrom('ai_requests')
        .selectAll()
        .where('account_id', '=', teacher.accountId)
        .execute();
    return { ...teacher, drafts, credits, requests };
  }

  async function standIn() {
    const s = await ctx.deps.aiModel!.standIn();
    if (!s) throw new Error('the tests run on the stand-in model');
    return s;
  }

  it('refuses the AI tool until it is installed from the catalogue', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    // The factory's accounts come with every tool: this one removes the AI tool first.
    expect((await teacher.client.delete(`/api/accounts/${teacher.accountId}/tools/ai`)).statusCode).toBe(200);
    const refused = await teacher.client.post(`/api/accounts/${teacher.accountId}/ai/sms-drafts`, FEES_BN);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe('TOOL_NOT_AVAILABLE');
    const tools = (await teacher.client.get(`/api/accounts/${teacher.accountId}/tools`)).json();
    expect(tools.tools.find((t: { key: string }) => t.key === 'ai')).toMatchObject({ usable: false });
    // Lite does not include it: installing starts its trial, and the drafts are served.
    expect((await teacher.client.post(`/api/accounts/${teacher.accountId}/tools/ai`)).statusCode).toBe(200);
    expect(
      (await teacher.client.post(`/api/accounts/${teacher.accountId}/ai/sms-drafts`, FEES_BN)).statusCode,
    ).toBe(200);
  });

  it('drafts Bangla SMS that fit two parts, debits one credit per success and records tokens', async () => {
    const teacher = await teacherWithAi();
    expect(await teacher.credits()).toEqual({
      balance: AI_MONTHLY_CREDITS.lite,
      monthly: AI_MONTHLY_CREDITS.lite,
    });
    const res = await teacher.drafts(FEES_BN);
    expect(res.statusCode, res.body).toBe(200);
    const { drafts, credits } = res.json();
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    for (const draft of drafts) {
      expect(draft.text).toMatch(/[\u0980-\u09FF]/u);
      expect(smsCount(draft.text, 'typed').sms).toBeLessThanOrEqual(2);
      expect(draft.parts).toBe(smsCount(draft.text, 'typed').sms);
    }
    expect(credits.balance).toBe(AI_MONTHLY_CREDITS.lite - 1);
    const [request] = await teacher.requests();
    expect(request).toMatchObject({
      task: 'sms-drafts',
      status: 'ok',
      credits: 1,
      attempts: 1,
      model: 'stand-in',
    });
    expect(request!.prompt_tokens).toBeGreaterThan(0);
    expect(request!.completion_tokens).toBeGreaterThan(0);
    // The allowance is added once a month, not on every request.
    await teacher.drafts(FEES_BN);
    expect((await teacher.credits()).balance).toBe(AI_MONTHLY_CREDITS.lite - 2);
  });

  it('keeps a template’s placeholders in every draft', async () => {
    const teacher = await teacherWithAi();
    const res = await teacher.drafts({
      description: 'fees due by the 10th, polite',
      language: 'en',
      maxParts: 2,
      kind: 'template',
      template: "Dear guardian, {Name}'s fee of Tk {Due} is due.{if Due > 0}",
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const draft of res.json().drafts) {
      expect(draft.text).toContain('{Name}');
      expect(draft.text).toContain('{Due}');
      expect(draft.text).toContain('{if Due > 0}');
    }
  });

  it('asks again once after an invalid answer, and charges only the usable one', async () => {
    const teacher = await teacherWithAi();
    const before = (await teacher.credits()).balance;
    (await standIn()).queue('this is not JSON');
    const res = await teacher.drafts(FEES_BN);
    expect(res.statusCode, res.body).toBe(200);
    expect((await teacher.credits()).balance).toBe(before - 1);
    expect((await teacher.requests())[0]).toMatchObject({ status: 'ok', attempts: 2, credits: 1 });
  });

  it('reports two invalid answers as AI_INVALID_ANSWER and charges nothing', async () => {
    const teacher = await teacherWithAi();
    const before = (await teacher.credits()).balance;
    // The second answer is JSON, but a draft far longer than two parts is not usable either.
    (await standIn()).queue('{"drafts": [', JSON.stringify({ drafts: [{ text: 'x'.repeat(900) }] }));
    const res = await teacher.drafts(FEES_BN);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'AI_INVALID_ANSWER',
      message: 'The AI model did not give a usable answer. Nothing was charged; please try again.',
    });
    expect((await teacher.credits()).balance).toBe(before);
    expect((await teacher.requests())[0]).toMatchObject({
      status: 'failed',
      error_code: 'AI_INVALID_ANSWER',
      attempts: 2,
      credits: 0,
    });
    const ledger = await ctx.deps.db.kysely
      .selectFrom('ai_credit_ledger')
      .select('reason')
      .where('account_id', '=', teacher.accountId)
      .execute();
    expect(ledger.map((r) => r.reason)).toEqual(['allowance']);
  });

  it("refuses a payload holding a student's phone or id before anything is sent", async () => {
    const teacher = await teacherWithAi();
    const phone = uniquePhone();
    const { studentId } = await classroomWithStudent(ctx.deps, teacher.accountId, {
      name: 'Rahim Uddin',
      phone,
    });
    const model = await standIn();
    const sentBefore = model.received.length;
    const before = (await teacher.credits()).balance;
    const spaced = `${phone.slice(0, 5)} ${phone.slice(5)}`;
    for (const description of [
      `remind Rahim (${phone}) about fees`,
      `remind Rahim at ${spaced} about fees`,
      `remind student ${studentId} about fees`,
    ]) {
      const res = await teacher.drafts({ ...FEES_BN, description });
      expect(res.statusCode, description).toBe(422);
      expect(res.json().error.code).toBe('AI_PRIVATE_DATA');
    }
    expect(model.received.length).toBe(sentBefore);
    expect((await teacher.credits()).balance).toBe(before);
    // A first name alone goes through.
    expect(
      (await teacher.drafts({ ...FEES_BN, description: 'Rahim, fees due by the 10th' })).statusCode,
    ).toBe(200);
  });

  it('refuses with AI_CREDITS_NOT_ENOUGH when the credits are spent, without asking the model', async () => {
    const teacher = await teacherWithAi();
    await teacher.credits();
    await ctx.deps.db.kysely
      .updateTable('ai_credit_balances')
      .set({ balance: 0 })
      .where('account_id', '=', teacher.accountId)
      .execute();
    const model = await standIn();
    const sentBefore = model.received.length;
    const res = await teacher.drafts(FEES_BN);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'AI_CREDITS_NOT_ENOUGH',
      params: { balance: 0, needed: 1 },
    });
    expect(model.received.length).toBe(sentBefore);
  });
});

describe.each(DIALECTS)('AI tools without a model [%s]', (dialect) => {
  const ctx = useTestApp(dialect, { AI_BASE_URL: 'off' });

  it('hides the AI tool from the catalogue and refuses it', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const tools = (await teacher.client.get(`/api/accounts/${teacher.accountId}/tools`)).json();
    expect(tools.tools.map((t: { key: string }) => t.key)).not.toContain('ai');
    expect((await teacher.client.post(`/api/accounts/${teacher.accountId}/tools/ai`)).statusCode).toBe(404);
  });
});

describe.each(DIALECTS)('AI tools with a model that does not answer [%s]', (dialect) => {
  const ctx = useTestApp(dialect, { AI_TIMEOUT_MS: '1000' });

  it('gives up after AI_TIMEOUT_MS with AI_UNAVAILABLE and charges nothing', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const credits = async () =>
      (await teacher.client.get(`/api/accounts/${teacher.accountId}/ai/credits`)).json();
    const before = (await credits()).balance;
    (await ctx.deps.aiModel!.standIn())!.hangNext();
    const res = await teacher.client.post(`/api/accounts/${teacher.accountId}/ai/sms-drafts`, FEES_BN);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('AI_UNAVAILABLE');
    expect((await credits()).balance).toBe(before);
  });
});
