import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smsContentWarnings } from './content-checks';

const plain = { maskedSender: false };
const masked = { maskedSender: true };
const codes = (text: string, options = plain) => smsContentWarnings(text, options).map((w) => w.code);

describe('MASKED_NOT_BANGLA (BTRC, BulkSMSBD code 1012)', () => {
  it.each([
    ['Your fee is due', masked, true],
    ['১২৩ 456', masked, true],
    ['আপনার বেতন বাকি', masked, false],
    ['Fee due: আজ', masked, false],
    ['Your fee is due', plain, false],
  ])('%j (%o) → %s', (text, options, warned) => {
    expect(codes(text, options).includes('MASKED_NOT_BANGLA')).toBe(warned);
  });

  it('says nothing about an empty or blank text', () => {
    expect(smsContentWarnings('', masked)).toEqual([]);
    expect(smsContentWarnings('  \n', masked)).toEqual([]);
  });
});

describe('no cost warnings: a message costs what smsCount says', () => {
  it('is quiet for curly quotes, dashes and a stray Bangla letter', () => {
    expect(codes('Don’t forget – class at 5pm, don’t be late')).toEqual([]);
    expect(codes('Roll 12 ক present')).toEqual([]);
  });
});

describe('OUTSIDE_BMP', () => {
  it('lists emoji, once each', () => {
    expect(smsContentWarnings('Happy Eid 🌙🌙', plain)).toEqual([
      { code: 'OUTSIDE_BMP', characters: ['🌙'] },
    ]);
    expect(smsContentWarnings('ঈদ মোবারক 🌙 😀', masked)).toEqual([
      { code: 'OUTSIDE_BMP', characters: ['🌙', '😀'] },
    ]);
  });

  it('is raised exactly when a character needs a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const flagged = codes(text).includes('OUTSIDE_BMP');
        expect(flagged).toBe(text.trim() !== '' && /[\uD800-\uDBFF]/.test(text));
      }),
    );
  });
});
