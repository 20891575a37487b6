import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENCODING_SWITCH_MAX_CHARS, smsContentWarnings } from './content-checks';

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

describe('ENCODING_SWITCHED', () => {
  it('lists the few characters that force UCS-2, once each', () => {
    expect(smsContentWarnings('Don’t forget – class at 5pm, don’t be late', plain)).toEqual([
      { code: 'ENCODING_SWITCHED', characters: ['’', '–'], parts: 1, partsIfGsm7: 1 },
    ]);
    expect(smsContentWarnings('Roll 12 ক present', plain)).toEqual([
      { code: 'ENCODING_SWITCHED', characters: ['ক'], parts: 1, partsIfGsm7: 1 },
    ]);
  });

  it('shows what the stray characters cost', () => {
    const [warning] = smsContentWarnings(`${'a'.repeat(150)} “x”`, plain);
    expect(warning).toEqual({ code: 'ENCODING_SWITCHED', characters: ['“', '”'], parts: 3, partsIfGsm7: 1 });
  });

  it('is quiet for GSM-7 texts and for texts that are Bangla anyway', () => {
    expect(codes('Fee 500 Tk due {today} €')).toEqual([]);
    expect(codes('ঠিক')).toEqual([]);
    expect(codes('ঠিক ok')).toEqual([]);
    expect(codes('প্রিয় অভিভাবক, আপনার সন্তান রহিম (রোল ১২) আজ স্কুলে এসেছে। - ABC School')).toEqual([]);
  });

  it('allows a tenth of a long text', () => {
    const text = `${'a'.repeat(90)}${'’'.repeat(10)}`;
    expect(codes(text)).toEqual(['ENCODING_SWITCHED']);
    expect(codes(`${text}’`)).toEqual([]);
    expect(ENCODING_SWITCH_MAX_CHARS).toBe(3);
  });
});

describe('OUTSIDE_BMP', () => {
  it('lists emoji, which also switch an English text to UCS-2', () => {
    expect(smsContentWarnings('Happy Eid 🌙🌙', plain)).toEqual([
      { code: 'ENCODING_SWITCHED', characters: ['🌙'], parts: 1, partsIfGsm7: 1 },
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
