import { describe, expect, it } from 'vitest';
import { containsPrivateData } from '../privacy-guard';
import { QUESTION_PAPER_PROMPT_VERSION, questionPaperPrompt } from './question-paper.v1';
import { REPORT_COMMENT_PROMPT_VERSION, reportCommentPrompt } from './report-comment.v1';
import { SMS_DRAFTS_PROMPT_VERSION, smsDraftsPrompt } from './sms-drafts.v1';

const input = {
  description: 'fees due by the 10th, polite',
  language: 'bn' as const,
  maxParts: 2 as const,
  kind: 'template' as const,
  placeholders: ['{Name}', '{if Due > 0}'],
  maxLength: 200,
};

describe('SMS drafts prompt v1', () => {
  const [system, user] = smsDraftsPrompt(input);

  it('is version 1, a system message and the input as JSON', () => {
    expect(SMS_DRAFTS_PROMPT_VERSION).toBe(1);
    expect(system!.role).toBe('system');
    expect(user!.role).toBe('user');
    expect(JSON.parse(user!.content)).toEqual({ task: 'sms-drafts', ...input });
  });

  it('asks for JSON only, three drafts, the length limit and the placeholders kept', () => {
    expect(system!.content).toContain('Answer with only a JSON object');
    expect(system!.content).toContain('{"drafts":[{"text":"..."}');
    expect(system!.content).toMatch(/three different drafts/);
    expect(system!.content).toMatch(/maxLength characters, counting every Bangla letter as two/);
    expect(system!.content).toMatch(/placeholder.*must appear in every draft exactly as written/);
    expect(system!.content).toMatch(/"bn" means natural Bangla/);
  });

  it('carries nothing the privacy guard refuses', () => {
    expect(containsPrivateData(system!.content)).toBe(false);
    expect(containsPrivateData(user!.content)).toBe(false);
  });
});

describe('privacy guard', () => {
  it.each([
    ['a phone', 'call 01712345678 about fees'],
    ['a phone with the country code', 'parent +8801812345678'],
    ['a spaced phone', 'call 01712 345 678'],
    ['a phone in Bangla digits', 'ফোন ০১৭১২৩৪৫৬৭৮'],
    ['an id', 'student 01M8KECVB66RDYGTCYH6Q1H0QX'],
    ['an e-mail address', 'write to rahim@example.com'],
  ])('refuses %s', (_, text) => {
    expect(containsPrivateData(text)).toBe(true);
  });

  it('lets first names, dates and amounts through, and refuses a known private value', () => {
    expect(containsPrivateData('Rahim, fees of Tk 1500 due by the 10th')).toBe(false);
    expect(containsPrivateData('Rahim (roll EDU-123) is absent', ['EDU-123'])).toBe(true);
  });
});

describe('report comment prompt v1', () => {
  const input = {
    language: 'bn' as const,
    tone: 'warm' as const,
    notes: '[STUDENT] helps classmates',
    term: 'Half-yearly 2026',
    overall: {
      percent: 79.33,
      letter: 'A+',
      gpa: 5,
      passed: true,
      position: 1,
      classSize: 30,
      classPercent: 61.2,
    },
    subjects: [{ name: 'Math', percent: 84, letter: 'A+', passed: true }],
    attendancePercent: 92.5,
    absentSessions: 3,
  };
  const [system, user] = reportCommentPrompt(input);

  it('is version 1, a system message and the input as JSON', () => {
    expect(REPORT_COMMENT_PROMPT_VERSION).toBe(1);
    expect(system!.role).toBe('system');
    expect(JSON.parse(user!.content)).toEqual({ task: 'report-comment', ...input });
  });

  it('asks for JSON only, the pseudonym for the name, the tone and the language', () => {
    expect(system!.content).toContain('{"comment":"..."}');
    expect(system!.content).toContain('only as [STUDENT], written exactly so');
    expect(system!.content).toMatch(/"encouraging" stresses progress/);
    expect(system!.content).toMatch(/"bn" means natural Bangla/);
  });

  it('carries nothing the privacy guard refuses', () => {
    expect(containsPrivateData(system!.content)).toBe(false);
    expect(containsPrivateData(user!.content)).toBe(false);
  });
});

describe('question paper prompt v1', () => {
  const input = {
    classLevel: 'Class 9',
    subject: 'Physics',
    topics: ['Motion'],
    language: 'bn' as const,
    difficulty: 'mixed' as const,
    sections: [{ kind: 'creative' as const, count: 2, marksEach: 10 }],
  };
  const [system, user] = questionPaperPrompt(input);

  it('is version 1, a system message and the input as JSON', () => {
    expect(QUESTION_PAPER_PROMPT_VERSION).toBe(1);
    expect(JSON.parse(user!.content)).toEqual({ task: 'question-paper', ...input });
  });

  it("describes the boards' creative question, four MCQ options and JSON only", () => {
    expect(system!.content).toMatch(
      /ক knowledge \(1 mark\), খ comprehension \(2\), গ application \(3\), ঘ higher ability \(4\)/,
    );
    expect(system!.content).toContain('exactly four options');
    expect(system!.content).toContain('Answer with only a JSON object');
    expect(containsPrivateData(system!.content)).toBe(false);
  });
});
