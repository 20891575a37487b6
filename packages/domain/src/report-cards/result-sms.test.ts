import { describe, expect, it } from 'vitest';
import { planTemplateMessages, templateProblems } from '../sms/template/build';
import { BUILT_IN_SMS_TEMPLATES } from '../sms/template/built-in';
import {
  formatGpa,
  formatMarks,
  formatPercent,
  RESULT_SMS_COLUMNS,
  RESULT_SMS_TEMPLATES,
  resultSmsSheet,
} from './result-sms';

const row = {
  name: 'Asha Akter',
  customId: 'ID-1',
  phone: '+8801711000001',
  obtained: 315,
  fullMarks: 400,
  percent: 79.33,
  gpa: 5,
  letter: 'A+',
  passed: true,
  position: 1,
  reportLink: 'https://app.batchwise.test/rc/AbCdEfGhIjKlMnOpQrStUv',
};
const where = { institution: 'Udoy Coaching', classroom: 'Physics A', term: 'Half-yearly 2026' };

describe('result SMS', () => {
  it('writes marks, percentages and GPA as a card does', () => {
    expect([formatMarks(452.5), formatMarks(600), formatMarks(33.333)]).toEqual(['452.5', '600', '33.33']);
    expect([formatPercent(79.33), formatPercent(80)]).toEqual(['79.33%', '80.00%']);
    expect([formatGpa(5), formatGpa(4.25)]).toEqual(['5.00', '4.25']);
  });

  it('fills the standard templates in English and Bangla (Bangla digits, the link untouched)', () => {
    const en = planTemplateMessages(RESULT_SMS_TEMPLATES.gpa.en, resultSmsSheet([row], where, 'en'), {
      phoneColumn: 'Phone',
    });
    expect(en.messages[0]!.text).toBe(
      'Dear guardian, Asha Akter scored 315 out of 400 in Half-yearly 2026 at Udoy Coaching. GPA 5.00 (A+), position 1. Report card: https://app.batchwise.test/rc/AbCdEfGhIjKlMnOpQrStUv',
    );
    const bn = planTemplateMessages(RESULT_SMS_TEMPLATES.percent.bn, resultSmsSheet([row], where, 'bn'), {
      phoneColumn: 'Phone',
    });
    expect(bn.messages[0]!.text).toBe(
      'সম্মানিত অভিভাবক, Udoy Coaching-এর Half-yearly 2026 পরীক্ষায় Asha Akter ৪০০-এর মধ্যে ৩১৫ নম্বর (৭৯.৩৩%) পেয়েছে, মেধাক্রম ১। রিপোর্ট কার্ড: https://app.batchwise.test/rc/AbCdEfGhIjKlMnOpQrStUv',
    );
  });

  it('leaves GPA empty in percent mode and keeps conditions working on the plain score', () => {
    const sheet = resultSmsSheet(
      [{ ...row, gpa: null, letter: null, position: null, percent: 91.5 }],
      where,
      'en',
    );
    const plan = planTemplateMessages('{Name}: {Score}{if Score >= 80} top!', sheet, {
      phoneColumn: 'Phone',
    });
    expect(plan.messages[0]!.text).toBe('Asha Akter: 91.5 top!');
    expect(sheet[1]![RESULT_SMS_COLUMNS.indexOf('GPA')]).toBe('');
  });

  it('takes every template of its own columns, and the built-in result template', () => {
    for (const mode of ['gpa', 'percent'] as const)
      for (const language of ['en', 'bn'] as const)
        expect(
          templateProblems(RESULT_SMS_TEMPLATES[mode][language], [...RESULT_SMS_COLUMNS], 'Phone'),
        ).toEqual([]);
    const builtIn = BUILT_IN_SMS_TEMPLATES.find((t) => t.id === 'result')!;
    expect(templateProblems(builtIn.body.en, [...RESULT_SMS_COLUMNS], 'Phone')).toEqual([]);
  });
});
