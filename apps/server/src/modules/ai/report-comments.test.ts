import { AI_MONTHLY_CREDITS } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { reportFixture, TERM } from '../../test/report-cards';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Report-card comments through the loopback stand-in model: a draft of the teacher's remark from
// the card's figures, with the student pseudonymised on the way out and named on the way back,
// one credit per usable draft, nothing charged when the model fails, and nothing saved on the card.

describe.each(DIALECTS)('AI report-card comments [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function setUp() {
    const f = await reportFixture(ctx.app, ctx.deps);
    const model = (await ctx.deps.aiModel!.standIn())!;
    const draft = (body: object) =>
      f.t.client.post(`/api/accounts/${f.t.accountId}/ai/report-comment`, {
        classroomId: f.classroomId,
        term: TERM,
        ...body,
      });
    const balance = async () =>
      (await f.t.client.get(`/api/accounts/${f.t.accountId}/ai/credits`)).json().balance as number;
    const requests = () =>
      ctx.deps.db.kysely
        .selectFrom('ai_requests')
        .selectAll()
        .where('account_id', '=', f.t.accountId)
        .orderBy('created_at')
        .execute();
    const card = async (studentId: string) =>
      (
        await f.t.client.get(
          `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards/students/${studentId}?term=${encodeURIComponent(TERM)}`,
        )
      ).json();
    return { ...f, model, draft, balance, requests, card };
  }

  it('drafts an English remark from the marks, names the student only on the way back and charges once', async () => {
    const s = await setUp();
    const sentBefore = s.model.received.length;
    const res = await s.draft({ studentId: s.asha.id, language: 'en', tone: 'warm' });
    expect(res.statusCode, res.body).toBe(200);
    const { comment, credits } = res.json();
    // 79.33 % overall (A+), Math the best subject.
    expect(comment).toBe(
      'Asha scored 79.33% overall this term (A+). The strongest subject was Math (84%). Well done, Asha; keep it up!',
    );
    expect(credits).toEqual({ balance: AI_MONTHLY_CREDITS.lite - 1, monthly: AI_MONTHLY_CREDITS.lite });
    expect(await s.requests()).toMatchObject([
      { task: 'report-comment', status: 'ok', credits: 1, attempts: 1, prompt_version: 1 },
    ]);
    // The model read the figures and the pseudonym: no name, no id.
    expect(s.model.received.length).toBe(sentBefore + 1);
    const sent = JSON.stringify(s.model.received.at(-1));
    expect(sent).toContain('[STUDENT]');
    expect(sent).not.toContain('Asha');
    expect(sent).not.toContain('Akter');
    expect(sent).not.toContain(s.asha.id);
    // A draft is only a draft: the card has no remark until the teacher saves one.
    expect((await s.card(s.asha.id)).remark).toBeNull();
  });

  it("writes in Bangla in the tone asked for, with the teacher's notes and the weak subject", async () => {
    const s = await setUp();
    const res = await s.draft({
      studentId: s.bilal.id,
      language: 'bn',
      tone: 'encouraging',
      notes: 'Bilal helps his classmates',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { comment } = res.json();
    expect(comment).toMatch(/[\u0980-\u09FF]/u);
    expect(comment).toContain('Math বিষয়ে আরও নিয়মিত অনুশীলন দরকার।');
    expect(comment).toContain('নিয়মিত অনুশীলনে Bilal আগামী টার্মে আরও ভালো করবে।');
    expect(comment).not.toContain('[STUDENT]');
    // The first name in the notes went out as the pseudonym too.
    const sent = JSON.stringify(s.model.received.at(-1));
    expect(sent).toContain('[STUDENT] helps his classmates');
    expect(sent).not.toContain('Bilal');
  });

  it('charges nothing when the model is down or answers unusably, and once when it answers', async () => {
    const s = await setUp();
    const before = await s.balance();
    s.model.failNext();
    const down = await s.draft({ studentId: s.asha.id, language: 'en' });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('AI_UNAVAILABLE');
    expect(await s.balance()).toBe(before);

    // Not JSON, then a comment in the wrong language: asked again once, then reported.
    s.model.queue('{"comment": ', JSON.stringify({ comment: '[STUDENT] ভালো করেছে।' }));
    const invalid = await s.draft({ studentId: s.asha.id, language: 'en' });
    expect(invalid.statusCode).toBe(502);
    expect(invalid.json().error.code).toBe('AI_INVALID_ANSWER');
    expect(await s.balance()).toBe(before);

    const ok = await s.draft({ studentId: s.asha.id, language: 'en' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await s.balance()).toBe(before - 1);
    expect((await s.requests()).map((r) => [r.status, r.error_code, r.credits])).toEqual([
      ['failed', 'AI_UNAVAILABLE', 0],
      ['failed', 'AI_INVALID_ANSWER', 0],
      ['ok', null, 1],
    ]);
    const ledger = await ctx.deps.db.kysely
      .selectFrom('ai_credit_ledger')
      .select(['reason', 'delta'])
      .where('account_id', '=', s.t.accountId)
      .orderBy('created_at')
      .execute();
    expect(ledger).toEqual([
      { reason: 'allowance', delta: AI_MONTHLY_CREDITS.lite },
      { reason: 'request', delta: -1 },
    ]);
  });

  it('refuses a phone in the notes before anything is sent', async () => {
    const s = await setUp();
    const sentBefore = s.model.received.length;
    const res = await s.draft({ studentId: s.asha.id, language: 'en', notes: 'call 01712345678' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('AI_PRIVATE_DATA');
    expect(s.model.received.length).toBe(sentBefore);
  });

  it("refuses another account's card without asking the model or charging anyone", async () => {
    const s = await setUp();
    const other = await signUp(ctx.app, ctx.deps);
    const sentBefore = s.model.received.length;
    const body = { classroomId: s.classroomId, studentId: s.asha.id, term: TERM, language: 'en' };
    const own = await other.client.post(`/api/accounts/${other.accountId}/ai/report-comment`, body);
    expect(own.statusCode).toBe(404);
    const theirs = await other.client.post(`/api/accounts/${s.t.accountId}/ai/report-comment`, body);
    expect([403, 404]).toContain(theirs.statusCode);
    expect(s.model.received.length).toBe(sentBefore);
    expect(await s.requests()).toEqual([]);
  });
});
