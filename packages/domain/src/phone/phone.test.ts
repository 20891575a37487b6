import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { isCompletePhoneDigits, phoneFormError, phoneInputStatus } from './form-rule';
import {
  hasDuplicateMark,
  isValidBdPhone,
  normalizeBdPhone,
  splitPhones,
  stripDuplicateMark,
} from './normalize';

describe('normalizeBdPhone', () => {
  it.each([
    ['01712345678', '+8801712345678'],
    ['1712345678', '+8801712345678'],
    ['8801712345678', '+8801712345678'],
    ['+8801712345678', '+8801712345678'],
    ['+880 1712-345678', '+8801712345678'],
    ['+88001712345678', '+8801712345678'],
    ['+880001712345678', '+8801712345678'],
    ['(017) 1234 5678', '+8801712345678'],
    ['  01712345678  ', '+8801712345678'],
    ['০১৭১২৩৪৫৬৭৮', '+8801712345678'],
    ['０１７１２３４５６７８', '+8801712345678'],
    ['017123456789', '+8801712345678'],
    ['0171', '+880171'],
    ['+880', '+880'],
    ['', ''],
    ['   ', ''],
    ['abc', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeBdPhone(raw)).toBe(expected);
  });

  it('drops a trailing D unless asked to keep it', () => {
    expect(normalizeBdPhone('01712345678D')).toBe('+8801712345678');
    expect(normalizeBdPhone('01712345678D', { keepDuplicateMark: true })).toBe('+8801712345678D');
    expect(normalizeBdPhone('01712345678d ', { keepDuplicateMark: true })).toBe('+8801712345678D');
    expect(normalizeBdPhone('01712345678', { keepDuplicateMark: true })).toBe('+8801712345678');
  });

  it('is idempotent (normalising twice changes nothing)', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (raw, keep) => {
        const once = normalizeBdPhone(raw, { keepDuplicateMark: keep });
        expect(normalizeBdPhone(once, { keepDuplicateMark: keep })).toBe(once);
      }),
    );
  });

  it('is idempotent on phone-like input', () => {
    const phoneish = fc.stringMatching(/^[+]?[0-9 -]{0,18}[dD]?$/);
    fc.assert(
      fc.property(phoneish, fc.boolean(), (raw, keep) => {
        const once = normalizeBdPhone(raw, { keepDuplicateMark: keep });
        expect(normalizeBdPhone(once, { keepDuplicateMark: keep })).toBe(once);
      }),
    );
  });

  it('gives a number that is either valid or refused by the form rule', () => {
    const phoneish = fc.stringMatching(/^[+]?[0-9 -]{1,18}$/).filter((s) => /\d/.test(s));
    fc.assert(
      fc.property(
        fc.oneof(
          phoneish,
          fc.string().filter((s) => /\d/.test(s)),
        ),
        (raw) => {
          const normalized = normalizeBdPhone(raw);
          expect(isValidBdPhone(normalized) || phoneFormError(normalized) !== null).toBe(true);
        },
      ),
    );
  });
});

describe('isValidBdPhone', () => {
  it.each([
    ['+8801712345678', true],
    ['+8802912345678', true],
    ['+880171234567', false],
    ['+88017123456789', false],
    ['8801712345678', false],
    ['01712345678', false],
    ['+8801712345678D', false],
    ['+880171234567a', false],
    ['', false],
  ])('%j → %s', (phone, expected) => {
    expect(isValidBdPhone(phone)).toBe(expected);
  });
});

describe('phoneFormError', () => {
  const message = (value: string, student = false) => phoneFormError(value, { student })?.message ?? null;

  it.each([
    ['', null],
    ['   ', null],
    ['01712345678', null],
    ['1712345678', null],
    ['8801712345678', null],
    ['+8801712345678', null],
    ['+880 1712-345678', null],
    ['০১৭১২৩৪৫৬৭৮', null],
    ['０１７１２３４５６７８', null],
    ['+8800', MESSAGES.PHONE_ZERO_AFTER_COUNTRY_CODE],
    ['+88001712345678', MESSAGES.PHONE_ZERO_AFTER_COUNTRY_CODE],
    ['+880171234567', MESSAGES.PHONE_MUST_BE_13_DIGITS],
    ['+88017123456789', MESSAGES.PHONE_MUST_BE_13_DIGITS],
    ['0171234567', MESSAGES.PHONE_MUST_BE_11_DIGITS],
    ['017123456789', MESSAGES.PHONE_MUST_BE_11_DIGITS],
    ['171234567', MESSAGES.PHONE_MUST_BE_10_DIGITS],
    ['17123456789', MESSAGES.PHONE_MUST_BE_10_DIGITS],
    ['+880', MESSAGES.PHONE_INVALID_FORMAT],
    ['2912345678', MESSAGES.PHONE_INVALID_FORMAT],
    ['phone', MESSAGES.PHONE_INVALID_FORMAT],
    ['01712345678D', MESSAGES.PHONE_INVALID_FORMAT],
  ])('%j → %j', (value, expected) => {
    expect(message(value)).toBe(expected);
  });

  it('uses the exact spec wording', () => {
    expect(phoneFormError('0171234567')).toEqual({
      code: 'PHONE_MUST_BE_11_DIGITS',
      message: 'Invalid phone number: must be 11 digits starting with 01',
    });
  });

  it('ignores a trailing D on student phones only', () => {
    expect(message('01712345678D', true)).toBeNull();
    expect(message('+8801712345678d', true)).toBeNull();
    expect(message('0171234567D', true)).toBe(MESSAGES.PHONE_MUST_BE_11_DIGITS);
    expect(message('D', true)).toBeNull();
  });
});

describe('phoneInputStatus', () => {
  it.each([
    ['', ''],
    ['8801712345678', 'success'],
    ['+880 1712 345678', 'success'],
    ['01712345678', 'success'],
    ['1712345678', 'success'],
    ['০১৭১২৩৪৫৬৭৮', 'success'],
    ['0', 'error'],
    ['017123456', 'error'],
    ['88017123456789', 'error'],
    ['0171234567', ''],
    ['880171234567', ''],
    ['2912345678', ''],
  ])('while typing %j → %j', (value, expected) => {
    expect(phoneInputStatus(value)).toBe(expected);
  });

  it('once settled, anything incomplete is an error', () => {
    expect(phoneInputStatus('0171234567', { typing: false })).toBe('error');
    expect(phoneInputStatus('01712345678', { typing: false })).toBe('success');
    expect(phoneInputStatus('', { typing: false })).toBe('');
  });

  it('matches the three complete shapes', () => {
    expect(isCompletePhoneDigits('8801712345678')).toBe(true);
    expect(isCompletePhoneDigits('8802712345678')).toBe(false);
  });
});

describe('splitPhones', () => {
  it('splits on commas and spaces and keeps only valid numbers, normalised', () => {
    expect(splitPhones('01712345678, 1812345678 +8801912345678,0171')).toEqual([
      '+8801712345678',
      '+8801812345678',
      '+8801912345678',
    ]);
  });
  it('handles newlines, semicolons, Bangla digits and empty input', () => {
    expect(splitPhones('০১৭১২৩৪৫৬৭৮;\n01812345678')).toEqual(['+8801712345678', '+8801812345678']);
    expect(splitPhones('')).toEqual([]);
    expect(splitPhones(' , ,')).toEqual([]);
  });
});

describe('duplicate mark helpers', () => {
  it('detects and strips one trailing D', () => {
    expect(hasDuplicateMark('+8801712345678D')).toBe(true);
    expect(hasDuplicateMark('+8801712345678d ')).toBe(true);
    expect(hasDuplicateMark('+8801712345678')).toBe(false);
    expect(stripDuplicateMark('+8801712345678D ')).toBe('+8801712345678');
  });
});
