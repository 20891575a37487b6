import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classroomWithStudent, signUp, uniquePhone } from '../../test/factories';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Saved question papers: a drafted paper saved to a classroom with each question's marks, listed,
// reopened, edited, printed (a real PDF through Chromium with the question in it, Bangla shaped),
// made into an assessment with the paper's total, and deleted; another account finds none of it.

const pdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const PAPER = {
  classLevel: 'নবম শ্রেণি',
  subject: 'পদার্থবিজ্ঞান',
  language: 'bn',
  durationMinutes: 90,
  paper: {
    title: 'অর্ধবার্ষিক পরীক্ষা',
    mcq: [
      { text: 'বেগের একক কোনটি?', options: ['মিটার', 'মিটার/সেকেন্ড', 'সেকেন্ড', 'কেজি'], answer: 1, marks: 1 },
    ],
    short: [{ text: 'ত্বরণ কাকে বলে?', answer: 'বেগ পরিবর্তনের হার।', marks: 2 }],
    creative: [
      {
        stem: 'একটি গাড়ি স্থির অবস্থা থেকে যাত্রা শুরু করে ১০ সেকেন্ডে ২০ মিটার/সেকেন্ড বেগ পায়।',
        parts: [
          { text: 'ত্বরণ কী?', answer: 'বেগ বৃদ্ধির হার।', marks: 1 },
          { text: 'সুষম ত্বরণ ব্যাখ্যা করো।', answer: 'সমান সময়ে সমান বেগ বৃদ্ধি।', marks: 2 },
          { text: 'গাড়িটির ত্বরণ নির্ণয় করো।', answer: '২ মিটার/সেকেন্ড²', marks: 3 },
          { text: 'অতিক্রান্ত দূরত্ব বিশ্লেষণ করো।', answer: '১০০ মিটার', marks: 4 },
        ],
      },
    ],
  },
};

describe.each(DIALECTS)('saved question papers [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('saves a paper to a classroom, lists, edits, prints and makes an assessment of it', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const { classroomId } = await classroomWithStudent(ctx.deps, teacher.accountId, {
      name: 'Asha',
      phone: uniquePhone(),
    });
    const base = `/api/accounts/${teacher.accountId}`;
    const saved = await teacher.client.post(`${base}/classrooms/${classroomId}/question-papers`, PAPER);
    expect(saved.statusCode, saved.body).toBe(201);
    const paper = saved.json();
    // 1 + 2 + (1 + 2 + 3 + 4).
    expect(paper).toMatchObject({ title: 'অর্ধবার্ষিক পরীক্ষা', totalMarks: 13, questions: 3 });

    const list = (await teacher.client.get(`${base}/classrooms/${classroomId}/question-papers`)).json();
    expect(list.papers.map((p: { id: string }) => p.id)).toEqual([paper.id]);

    const edited = { ...PAPER, paper: { ...PAPER.paper, short: [{ ...PAPER.paper.short[0], marks: 5 }] } };
    const updated = await teacher.client.put(`${base}/question-papers/${paper.id}`, edited);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().totalMarks).toBe(16);
    const reopened = (await teacher.client.get(`${base}/question-papers/${paper.id}`)).json();
    expect(reopened.paper.short[0].marks).toBe(5);

    const pdf = await teacher.client.get(`${base}/question-papers/${paper.id}/pdf?answers=1`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (pdftotext) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paper-pdf-'));
      fs.writeFileSync(path.join(dir, 'paper.pdf'), pdf.rawPayload);
      const text = execFileSync('pdftotext', [path.join(dir, 'paper.pdf'), '-']).toString();
      fs.rmSync(dir, { recursive: true });
      expect(text).toContain('বেগের একক কোনটি');
      expect(text).toContain('উত্তরমালা');
    }

    const assessment = await teacher.client.post(`${base}/question-papers/${paper.id}/assessment`, {
      name: 'Half-yearly',
      term: 'Half-yearly 2026',
      heldOn: '2026-06-10',
    });
    expect(assessment.statusCode, assessment.body).toBe(201);
    expect(assessment.json().subjects[0]).toMatchObject({ name: 'পদার্থবিজ্ঞান' });
    expect(assessment.json().subjects[0].parts[0]).toMatchObject({ fullMarks: 16, passMarks: 6 });

    expect((await teacher.client.delete(`${base}/question-papers/${paper.id}`)).statusCode).toBe(200);
    expect((await teacher.client.get(`${base}/question-papers/${paper.id}`)).statusCode).toBe(404);
  });

  it("keeps one account's papers from another and refuses a paper without questions", async () => {
    const a = await signUp(ctx.app, ctx.deps);
    const b = await signUp(ctx.app, ctx.deps);
    const { classroomId } = await classroomWithStudent(ctx.deps, a.accountId, {
      name: 'Asha',
      phone: uniquePhone(),
    });
    const url = `/api/accounts/${a.accountId}/classrooms/${classroomId}/question-papers`;
    const empty = { ...PAPER, paper: { title: 'x', mcq: [], short: [], creative: [] } };
    expect((await a.client.post(url, empty)).statusCode).toBe(400);
    const paper = (await a.client.post(url, PAPER)).json();
    const other = `/api/accounts/${b.accountId}/question-papers/${paper.id}`;
    expect((await b.client.get(other)).statusCode).toBe(404);
    expect(
      (await b.client.post(`/api/accounts/${b.accountId}/classrooms/${classroomId}/question-papers`, PAPER))
        .statusCode,
    ).toBe(404);
    // Another account's paper is not found, whichever account the path names.
    expect((await b.client.get(`/api/accounts/${a.accountId}/question-papers/${paper.id}`)).statusCode).toBe(
      404,
    );
  });
});
