import { describe, expect, it } from 'vitest';
import type { Sheet } from '../../sheet';
import {
  buildTemplateMessages,
  planTemplateMessages,
  resolveReference,
  templatePhoneColumn,
  templateProblems,
} from './build';
import { compareValues, toDayNumber } from './compare';
import { parseCondition, parseTemplate } from './parse';

// 2025-06-15 12:00 in Dhaka (06:00 UTC).
const NOW = Date.UTC(2025, 5, 15, 6, 0);

const sheet: Sheet = [
  ['Name', 'Phone', 'Due Amount', 'Due Date', 'Batch', 'Note'],
  ['Rahim', '01712345678', 500, '10-06-2025', 'Physics', 'Paid late'],
  ['Karim', '1812345678', 0, '20-06-2025', 'Chemistry', ''],
  ['সালমা', '+8801912345678', 1200, '15-06-2025', 'Physics', null],
  ['No Phone', '', 100, '01-01-2025', 'Physics', 'x'],
  ['Country code only', '+880', 100, '01-01-2025', 'Physics', 'x'],
  ['Institute', 'Phone of office', 'Total', '', 'Dhaka Coaching', ''],
];

const build = (template: string, options = {}) =>
  buildTemplateMessages(template, sheet, { now: NOW, ...options });

describe('parseTemplate', () => {
  it('splits text, values and conditions', () => {
    expect(parseTemplate('Hi {Name}, due {Due Amount | hide}{if Due Amount > 0}.')).toEqual([
      { type: 'text', value: 'Hi ' },
      { type: 'value', ref: 'Name', hide: false, raw: '{Name}' },
      { type: 'text', value: ', due ' },
      { type: 'value', ref: 'Due Amount', hide: true, raw: '{Due Amount | hide}' },
      { type: 'if', raw: '{if Due Amount > 0}', condition: { ref: 'Due Amount', op: '>', value: '0' } },
      { type: 'text', value: '.' },
    ]);
  });
  it('keeps doubled braces, unclosed and empty braces as text', () => {
    expect(parseTemplate('{{literal}} { } {open')).toEqual([{ type: 'text', value: '{literal} { } {open' }]);
    expect(parseTemplate('')).toEqual([]);
  });
});

describe('parseCondition', () => {
  it.each([
    ['Due > 0', { ref: 'Due', op: '>', value: '0' }],
    ['Due>=100', { ref: 'Due', op: '>=', value: '100' }],
    ['Due <= 100', { ref: 'Due', op: '<=', value: '100' }],
    ['Batch = "Physics"', { ref: 'Batch', op: '=', value: 'Physics' }],
    ['Batch == Physics', { ref: 'Batch', op: '=', value: 'Physics' }],
    ['Batch != Physics', { ref: 'Batch', op: '!=', value: 'Physics' }],
    ['Batch <> Physics', { ref: 'Batch', op: '!=', value: 'Physics' }],
    ['Due Date before NOW', { ref: 'Due Date', op: 'before', value: 'NOW' }],
    ['Due Date AFTER now+3', { ref: 'Due Date', op: 'after', value: 'now+3' }],
    ['Paid on on NOW', { ref: 'Paid on', op: 'on', value: 'NOW' }],
    ['Due Date date< NOW', { ref: 'Due Date', op: 'before', value: 'NOW' }],
    ['Due Date date= 15-06-2025', { ref: 'Due Date', op: 'on', value: '15-06-2025' }],
    ['Due Date date> NOW', { ref: 'Due Date', op: 'after', value: 'NOW' }],
  ])('%j', (body, expected) => {
    expect(parseCondition(body)).toEqual(expected);
  });
  it.each([['Due'], ['> 5'], ['Due after'], ['']])('cannot read %j', (body) => {
    expect(parseCondition(body)).toBeNull();
  });
});

describe('compareValues and toDayNumber', () => {
  const context = { now: NOW, utcOffsetMinutes: 360 };
  it('reads dates in every supported form', () => {
    const day = Date.UTC(2025, 5, 15) / 86_400_000;
    expect(toDayNumber('NOW', context)).toBe(day);
    expect(toDayNumber('now + 2', context)).toBe(day + 2);
    expect(toDayNumber('NOW-1', context)).toBe(day - 1);
    expect(toDayNumber('15-06-2025', context)).toBe(day);
    expect(toDayNumber('2025-06-15', context)).toBe(day);
    expect(toDayNumber('45823', context)).toBe(day);
    expect(toDayNumber(String(NOW), context)).toBe(day);
    expect(toDayNumber('2025-02-30', context)).toBeNull();
    expect(toDayNumber('soon', context)).toBeNull();
  });
  it('uses the Bangladesh calendar for NOW', () => {
    const lateUtc = Date.UTC(2025, 5, 14, 20, 0);
    expect(toDayNumber('NOW', { now: lateUtc, utcOffsetMinutes: 360 })).toBe(
      Date.UTC(2025, 5, 15) / 86_400_000,
    );
    expect(toDayNumber('NOW', { now: lateUtc, utcOffsetMinutes: 0 })).toBe(
      Date.UTC(2025, 5, 14) / 86_400_000,
    );
  });
  it.each([
    ['500', '>', '0', true],
    ['0', '>', '0', false],
    ['1,200', '>', '1000', true],
    ['৫০০', '<', '1000', true],
    ['5', '>=', '5', true],
    ['5', '<=', '4', false],
    ['Physics', '=', ' physics ', true],
    ['Physics', '!=', 'Chemistry', true],
    ['abc', '>', '5', false],
    ['', '=', '', true],
    ['10-06-2025', 'before', 'NOW', true],
    ['15-06-2025', 'on', 'NOW', true],
    ['20-06-2025', 'after', 'NOW', true],
    ['20-06-2025', '<', 'NOW', false],
    ['10-06-2025', '<', '12-06-2025', true],
    ['not a date', 'before', 'NOW', false],
  ] as const)('%j %s %j → %s', (left, op, right, expected) => {
    expect(compareValues(left, op, right, context)).toBe(expected);
  });
});

describe('buildTemplateMessages', () => {
  it('fills placeholders by header name for each row with a phone', () => {
    expect(build('Dear {Name}, your due is {Due Amount} Tk.')).toEqual([
      { text: 'Dear Rahim, your due is 500 Tk.', phone: '+8801712345678', totalSMSNeeded: 1 },
      { text: 'Dear Karim, your due is 0 Tk.', phone: '+8801812345678', totalSMSNeeded: 1 },
      { text: 'Dear সালমা, your due is 1200 Tk.', phone: '+8801912345678', totalSMSNeeded: 1 },
    ]);
  });

  it('is forgiving: header case, spaces inside braces, repeated inner spaces', () => {
    const [first] = build('{ name }|{DUE   amount}|{  Batch}');
    expect(first?.text).toBe('Rahim|500|Physics');
  });

  it('drops rows without a phone and phones that are +880 alone', () => {
    const phones = build('x').map((m) => m.phone);
    expect(phones).toEqual(['+8801712345678', '+8801812345678', '+8801912345678']);
  });

  it('reads column letters for the current row and fixed cells', () => {
    expect(build('{A} / {c} / {E7}').map((m) => m.text)).toEqual([
      'Rahim / 500 / Dhaka Coaching',
      'Karim / 0 / Dhaka Coaching',
      'সালমা / 1200 / Dhaka Coaching',
    ]);
  });

  it('writes a dot for an empty or missing cell, and blanks hidden values', () => {
    expect(build('Note: {Note}').map((m) => m.text)).toEqual(['Note: Paid late', 'Note: .', 'Note: .']);
    expect(build('{Unknown Column}!')[0]?.text).toBe('.!');
    expect(build('{A99}')[0]?.text).toBe('.');
    expect(build('[{Name|HIDE}]')[0]?.text).toBe('[]');
  });

  it('drops recipients whose include-if condition fails', () => {
    expect(build('{Name}{if Due Amount > 0}').map((m) => m.text)).toEqual(['Rahim', 'সালমা']);
    expect(build('{Name}{if Due Amount < 600}').map((m) => m.text)).toEqual(['Rahim', 'Karim']);
    expect(build('{Name}{if Batch = physics}').map((m) => m.text)).toEqual(['Rahim', 'সালমা']);
    expect(build('{Name}{if Batch = physics}{if Due Amount > 1000}').map((m) => m.text)).toEqual(['সালমা']);
  });

  it('supports date conditions against NOW', () => {
    expect(build('{Name}{if Due Date before NOW}').map((m) => m.text)).toEqual(['Rahim']);
    expect(build('{Name}{if Due Date on NOW}').map((m) => m.text)).toEqual(['সালমা']);
    expect(build('{Name}{if Due Date after NOW}').map((m) => m.text)).toEqual(['Karim']);
    expect(build('{Name}{if Due Date before NOW+7}').map((m) => m.text)).toEqual(['Rahim', 'Karim', 'সালমা']);
    expect(build('{Name}{if Due Date before NOW-1}').map((m) => m.text)).toEqual(['Rahim']);
  });

  it('treats a condition it cannot read as failing', () => {
    expect(build('{Name}{if Due Amount}')).toEqual([]);
  });

  it('counts SMS at 100 characters by default, Bangla counting double', () => {
    const long = 'a'.repeat(101);
    expect(build(long)[0]?.totalSMSNeeded).toBe(2);
    expect(build('a'.repeat(100))[0]?.totalSMSNeeded).toBe(1);
    expect(build(long, { charsPerSms: 160 })[0]?.totalSMSNeeded).toBe(1);
    expect(build('আ'.repeat(51))[0]?.totalSMSNeeded).toBe(2);
  });

  it('uses the chosen phone column', () => {
    const twoPhones: Sheet = [
      ['Name', 'Mobile', 'Father Phone'],
      ['Rahim', '01712345678', '01812345678'],
    ];
    expect(buildTemplateMessages('{Name}', twoPhones)[0]?.phone).toBe('+8801712345678');
    expect(buildTemplateMessages('{Name}', twoPhones, { phoneColumn: 'father phone' })[0]?.phone).toBe(
      '+8801812345678',
    );
    expect(buildTemplateMessages('{Name}', twoPhones, { phoneColumn: 'C' })[0]?.phone).toBe('+8801812345678');
    expect(buildTemplateMessages('{Name}', twoPhones, { phoneColumn: 'Nope' })).toEqual([]);
  });

  it('handles empty sheets and templates', () => {
    expect(buildTemplateMessages('Hi', [])).toEqual([]);
    expect(buildTemplateMessages('', sheet, { now: NOW })[0]).toEqual({
      text: '',
      phone: '+8801712345678',
      totalSMSNeeded: 0,
    });
  });
});

describe('references and problems', () => {
  const headers = sheet[0] ?? [];
  it('prefers a header over a column letter', () => {
    const withIdHeader = ['ID', 'Phone'];
    expect(resolveReference('ID', withIdHeader)).toEqual({ kind: 'column', column: 0 });
    expect(resolveReference('B', withIdHeader)).toEqual({ kind: 'column', column: 1 });
    expect(resolveReference('Z', withIdHeader)).toEqual({ kind: 'unknown' });
    expect(resolveReference('B2', withIdHeader)).toEqual({ kind: 'cell', row: 1, column: 1 });
    expect(resolveReference('B0', withIdHeader)).toEqual({ kind: 'unknown' });
  });
  it('finds the phone column by name', () => {
    expect(templatePhoneColumn(headers)).toBe(1);
    expect(templatePhoneColumn(['Name', 'মোবাইল'])).toBe(1);
    expect(templatePhoneColumn(['Name'])).toBe(-1);
  });
  it('reports unknown columns, unreadable conditions and a missing phone column', () => {
    expect(templateProblems('{Name} {Nme} {if Due Amount}', headers).map((p) => p.message)).toEqual([
      'The template refers to Nme, which is not a column of the sheet.',
      'Could not understand the condition {if Due Amount}.',
    ]);
    expect(templateProblems('{Name}', ['Name']).map((p) => p.code)).toEqual(['TEMPLATE_NO_PHONE_COLUMN']);
    expect(templateProblems('{if Nope > 1}', headers).map((p) => p.code)).toEqual([
      'TEMPLATE_UNKNOWN_COLUMN',
    ]);
    expect(templateProblems('{Name} {B2}', headers)).toEqual([]);
  });
});

describe('README examples', () => {
  const readmeSheet: Sheet = [
    ['Name', 'Phone', 'Due', 'Due Date', 'Batch', 'Classes resume 01-07-2025'],
    ['Rahim', '01712345678', 500, '10-06-2025', 'Physics'],
    ['Karim', '1812345678', 0, '20-06-2025', 'Chemistry'],
  ];
  const texts = (template: string) =>
    buildTemplateMessages(template, readmeSheet, { now: NOW }).map((message) => message.text);

  it('work as documented', () => {
    expect(texts('Dear {name}, your fee of {Due} Tk for {batch} is due.')).toEqual([
      'Dear Rahim, your fee of 500 Tk for Physics is due.',
      'Dear Karim, your fee of 0 Tk for Chemistry is due.',
    ]);
    expect(texts('Dear {Name}, please pay {Due} Tk.{if Due > 0}')).toEqual([
      'Dear Rahim, please pay 500 Tk.',
    ]);
    expect(texts('{Name}: your payment was due on {Due Date}.{if Due Date before NOW}{if Due > 0}')).toEqual([
      'Rahim: your payment was due on 10-06-2025.',
    ]);
    expect(texts('Reminder for {Name} ({C} Tk){if Batch = chemistry}')).toEqual([
      'Reminder for Karim (0 Tk)',
    ]);
    expect(texts('{Name}, {F1}.')).toEqual([
      'Rahim, Classes resume 01-07-2025.',
      'Karim, Classes resume 01-07-2025.',
    ]);
    expect(texts('{{literal}} {Name | hide}')).toEqual(['{literal} ', '{literal} ']);
    expect(texts('{if Batch = "Physics"}{Name}')).toEqual(['Rahim']);
  });
});

describe('planTemplateMessages', () => {
  it('says why each row gets no message, by spreadsheet row, and skips blank rows', () => {
    const withBad: Sheet = [
      ...sheet,
      ['Typo', '0171234', 5, '', 'Physics', ''],
      [null, '', ''],
      ['Late', '01512345678', 0],
      ['Rahim', '+8801712345678', 9],
    ];
    const plan = planTemplateMessages('Hi {Name}{if Due Amount > 0}', withBad, { now: NOW });
    expect(plan.messages.map((m) => [m.row, m.phone, m.text])).toEqual([
      [2, '+8801712345678', 'Hi Rahim'],
      [4, '+8801912345678', 'Hi সালমা'],
    ]);
    expect(plan.dropped).toEqual([
      { row: 3, reason: 'CONDITION', phone: '1812345678' },
      { row: 5, reason: 'NO_PHONE', phone: '' },
      { row: 6, reason: 'NO_PHONE', phone: '+880' },
      { row: 7, reason: 'NO_PHONE', phone: 'Phone of office' },
      { row: 8, reason: 'INVALID_PHONE', phone: '0171234' },
      { row: 10, reason: 'CONDITION', phone: '01512345678' },
      { row: 11, reason: 'DUPLICATE', phone: '+8801712345678' },
    ]);
  });

  it('has nothing to plan without a phone column', () => {
    expect(planTemplateMessages('Hi', [['Name'], ['Rahim']])).toEqual({ messages: [], dropped: [] });
  });
});
