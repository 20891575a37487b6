import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textLength } from '../text/length';
import { INDIVIDUAL_MESSAGE_SMS_COUNT, SMS_PART_LENGTH, smsCount, smsParts, welcomeSmsCount } from './sms';
import { planTemplateMessages } from './template/build';

// The one counting rule of every path that charges SMS (Compose, templates with dues reminders and
// result SMS, attendance SMS, welcome, individual messages): the spec's constants, a Bangla letter
// counting double everywhere.

describe('smsCount', () => {
  it.each([
    ['', 'typed', 0, 0, 160],
    ['a'.repeat(160), 'typed', 160, 1, 0],
    ['a'.repeat(161), 'typed', 161, 2, 159],
    ['ক'.repeat(80), 'typed', 160, 1, 0],
    ['ক'.repeat(81), 'typed', 162, 2, 158],
    ['a'.repeat(100), 'template', 100, 1, 0],
    ['a'.repeat(101), 'template', 101, 2, 99],
    ['ক'.repeat(50), 'template', 100, 1, 0],
    ['ক'.repeat(51), 'template', 102, 2, 98],
    ['', 'welcome', 0, 1, 100],
    ['ক'.repeat(51), 'welcome', 102, 2, 98],
    ['a'.repeat(500), 'individual', 500, 2, 0],
  ] as const)('%#: %s (%s) is %i long, %i SMS, %i left', (text, kind, length, sms, remaining) => {
    expect(smsCount(text, kind)).toMatchObject({ length, sms, remaining });
  });

  it('says the same about a message on every path that counts it', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'ক', ' ', '১', 'Z'), maxLength: 400 }), (text) => {
        const length = textLength(text);
        // Compose: 160 an SMS.
        expect(smsCount(text, 'typed').sms).toBe(smsParts(text, SMS_PART_LENGTH));
        expect(smsCount(text, 'typed').sms).toBe(Math.ceil(length / 160));
        // Templates (and what is built from them): 100 an SMS, as the template preview lists.
        const sheet = [
          ['Phone', 'Text'],
          ['01712345678', text],
        ];
        const [built] = planTemplateMessages('{Text}', sheet, { phoneColumn: 'Phone' }).messages;
        if (built) expect(built.totalSMSNeeded).toBe(smsCount(built.text, 'template').sms);
        expect(smsCount(text, 'template').sms).toBe(Math.ceil(length / 100));
        // Welcome: 100 custom characters an SMS, at least one.
        expect(smsCount(text, 'welcome').sms).toBe(welcomeSmsCount(text));
        expect(smsCount(text, 'welcome').sms).toBe(Math.max(1, Math.ceil(length / 100)));
        // Individual messages: 2 whatever the length.
        expect(smsCount(text, 'individual').sms).toBe(INDIVIDUAL_MESSAGE_SMS_COUNT);
      }),
    );
  });

  it("takes an account's own characters per SMS for templates, and ignores a nonsense one", () => {
    expect(smsCount('a'.repeat(120), 'template', 60).sms).toBe(2);
    expect(smsCount('a'.repeat(120), 'template', 0).sms).toBe(2);
    expect(smsCount('a'.repeat(120), 'template', Number.NaN).perSms).toBe(100);
  });
});
