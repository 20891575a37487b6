import { AI_MONTHLY_CREDITS } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { classroomWithStudent, signUp, uniquePhone } from '../../test/factories';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Question papers through the loopback stand-in model: the sections asked for, the board's
// creative questions with four parts, the total marks, one credit per usable paper and none when
// the model answers with another number of questions twice.

const PAPER = {
  classLevel: 'নবম শ্রেণি',
  subject: 'পদার্থবিজ্ঞান',
  topics: ['গতি', 'বল'],
  language: 'bn',
  difficulty: 'mixed',
  sections: [
    { kind: 'mcq', count: 5, marksEach: 1 },
    { kind: 'creative', count: 2, marksEach: 10 },
  ],
};

describe.each(DIALECTS)('AI question papers [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('drafts a Bangla paper with the sections asked for, an answer key and the total marks, for one credit', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const res = await teacher.client.post(`/api/accounts/${teacher.accountId}/ai/question-paper`, PAPER);
    expect(res.statusCode, res.body).toBe(200);
    const { paper, totalMarks, credits } = res.json();
    expect(paper.title).toBe('নবম শ্রেণি পদার্থবিজ্ঞান: মডেল টেস্ট');
    expect(paper.mcq).toHaveLength(5);
    for (const q of paper.mcq) {
      expect(q.options).toHaveLength(4);
      expect(q.answer).toBeGreaterThanOrEqual(0);
    }
    expect(paper.short).toEqual([]);
    expect(paper.creative).toHaveLength(2);
    expect(paper.creative[0].stem).toContain('গতি');
    expect(paper.creative[0].parts).toHaveLength(4);
    // 5 × 1 + 2 × (1 + 2 + 3 + 4).
    expect(totalMarks).toBe(25);
    expect(credits.balance).toBe(AI_MONTHLY_CREDITS.lite - 1);
  });

  it('asks again when the number of questions is wrong, then reports it and charges nothing', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const model = (await ctx.deps.aiModel!.standIn())!;
    const short = JSON.stringify({
      title: 'x',
      mcq: [{ text: 'q', options: ['a', 'b', 'c', 'd'], answer: 0 }],
    });
    model.queue(short, short);
    const res = await teacher.client.post(`/api/accounts/${teacher.accountId}/ai/question-paper`, PAPER);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('AI_INVALID_ANSWER');
    const credits = (await teacher.client.get(`/api/accounts/${teacher.accountId}/ai/credits`)).json();
    expect(credits.balance).toBe(AI_MONTHLY_CREDITS.lite);
    // The retry told the model what was wrong, in our own words only.
    expect(model.received.at(-1)!.messages.at(-1)!.content).toContain(
      'the mcq section needs exactly 5 questions',
    );
  });

  it('asks again after an answer that is not JSON and charges the usable paper once', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    (await ctx.deps.aiModel!.standIn())!.queue('Here is your paper: {');
    const res = await teacher.client.post(`/api/accounts/${teacher.accountId}/ai/question-paper`, PAPER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().credits.balance).toBe(AI_MONTHLY_CREDITS.lite - 1);
    const charges = await ctx.deps.db.kysely
      .selectFrom('ai_credit_ledger')
      .select('delta')
      .where('account_id', '=', teacher.accountId)
      .where('reason', '=', 'request')
      .execute();
    expect(charges).toEqual([{ delta: -1 }]);
  });

  it('charges nothing when the model is down', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    (await ctx.deps.aiModel!.standIn())!.failNext();
    const res = await teacher.client.post(`/api/accounts/${teacher.accountId}/ai/question-paper`, PAPER);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('AI_UNAVAILABLE');
    const credits = (await teacher.client.get(`/api/accounts/${teacher.accountId}/ai/credits`)).json();
    expect(credits.balance).toBe(AI_MONTHLY_CREDITS.lite);
  });

  it("refuses topics holding a student's phone or id before anything is sent", async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const phone = uniquePhone();
    const { studentId } = await classroomWithStudent(ctx.deps, teacher.accountId, { name: 'Rahim', phone });
    const model = (await ctx.deps.aiModel!.standIn())!;
    const sent = model.received.length;
    for (const topic of [`ask ${phone}`, `about ${studentId}`]) {
      const res = await teacher.client.post(`/api/accounts/${teacher.accountId}/ai/question-paper`, {
        ...PAPER,
        topics: [topic],
      });
      expect(res.statusCode, topic).toBe(422);
      expect(res.json().error.code).toBe('AI_PRIVATE_DATA');
    }
    expect(model.received.length).toBe(sent);
  });

  it('refuses two sections of the same kind', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const res = await teacher.client.post(`/api/accounts/${teacher.accountId}/ai/question-paper`, {
      ...PAPER,
      sections: [PAPER.sections[0], PAPER.sections[0]],
    });
    expect(res.statusCode).toBe(400);
  });
});
