import { describe, expect, it } from 'vitest';
import { planTemplateMessages } from '../sms/template/build';
import {
  DUES_REMINDER_TEMPLATES,
  duesReminderSheet,
  formatDueAmount,
  formatDueMonths,
  toBanglaDigits,
} from './dues-reminder';

describe('dues reminder placeholders', () => {
  it.each([
    [150_000, 'en', 'TK 1,500'],
    [12_345_600, 'en', 'TK 1,23,456'],
    [150_050, 'en', 'TK 1,500.50'],
    [12_345_600, 'bn', '৳১,২৩,৪৫৬'],
    [99_900, 'bn', '৳৯৯৯'],
  ] as const)('writes %i paisa in %s as %s', (paisa, language, text) => {
    expect(formatDueAmount(paisa, language)).toBe(text);
  });

  it.each([
    [[], 'en', ''],
    [['2026-09'], 'en', 'Sep 2026'],
    [['2026-10', '2026-09', '2026-10'], 'en', 'Sep, Oct 2026'],
    [['2026-12', '2027-01'], 'en', 'Dec 2026, Jan 2027'],
    [['2026-07', '2026-08', '2026-09', '2026-10', '2026-11'], 'en', 'Jul 2026 – Nov 2026 (5 months)'],
    [['2026-09', '2026-10'], 'bn', 'সেপ্টেম্বর, অক্টোবর ২০২৬'],
    [['2026-07', '2026-08', '2026-09', '2026-10', '2026-11'], 'bn', 'জুলাই ২০২৬ – নভেম্বর ২০২৬ (৫ মাস)'],
  ] as const)('writes months %j in %s as %s', (months, language, text) => {
    expect(formatDueMonths(months, language)).toBe(text);
  });

  it('writes Bangla digits', () => {
    expect(toBanglaDigits('Tk 2026, 1-9')).toBe('Tk ২০২৬, ১-৯');
  });

  it('fills every column for the template builder, one row per phone, with conditions on Due', () => {
    const sheet = duesReminderSheet(
      [
        {
          name: 'Rafi',
          customId: 'ID-7',
          phone: '01711000001',
          duePaisa: 300_000,
          months: ['2026-09', '2026-10'],
          payLink: 'https://app.example/p/k1',
        },
        { name: 'Nadia', customId: null, phone: '01711000002', duePaisa: 40_000, months: ['2026-11'] },
      ],
      'Udoy Coaching',
      'en',
    );
    expect(sheet[1]).toEqual([
      'Rafi',
      'ID-7',
      '01711000001',
      'TK 3,000',
      '3000',
      'Sep, Oct 2026',
      '2',
      'Udoy Coaching',
      'https://app.example/p/k1',
    ]);
    // No link asked for: the column is empty.
    expect(sheet[2]?.at(-1)).toBe('');
    const plan = planTemplateMessages(`${DUES_REMINDER_TEMPLATES.en} ({ID}){if Due > 1000}`, sheet, {
      phoneColumn: 'Phone',
    });
    expect(plan.messages).toEqual([
      {
        row: 2,
        phone: '+8801711000001',
        text: 'Dear guardian, Rafi has TK 3,000 in fees due for Sep, Oct 2026. Please pay at Udoy Coaching. Thank you. (ID-7)',
        totalSMSNeeded: 2,
      },
    ]);
    expect(plan.dropped).toEqual([{ row: 3, reason: 'CONDITION', phone: '01711000002' }]);
  });
});
