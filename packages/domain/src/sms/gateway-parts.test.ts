import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GSM7_PER_PART,
  GSM7_SINGLE_PART,
  gatewayParts,
  isGsm7Char,
  smsEncoding,
  UCS2_PER_PART,
  UCS2_SINGLE_PART,
} from './gateway-parts';

// integrations.md §3.5, measured with sms-segments-calculator and split-sms.
const ATTENDANCE_BN = 'প্রিয় অভিভাবক, আপনার সন্তান রহিম (রোল ১২) আজ সকাল ৮:০৫ এ স্কুলে প্রবেশ করেছে। - ABC School';

describe('smsEncoding', () => {
  it.each([
    ['Hello, Rahim! Fee: $20 @ 5%', 'gsm7'],
    ['Price €5 {x} [y] ~ \\ | ^', 'gsm7'],
    ['Ça va? Ñ ü Ø å ß É ¿¡ § £ ¥ ¤', 'gsm7'],
    ['line\nbreak\r\f', 'gsm7'],
    ['', 'gsm7'],
    ['রহিম', 'ucs2'],
    ['“Hi”', 'ucs2'],
    ['Fee – due', 'ucs2'],
    ['ç', 'ucs2'],
    ['Hi 😀', 'ucs2'],
    ['Tab\there', 'ucs2'],
  ])('%j → %s', (text, encoding) => {
    expect(smsEncoding(text)).toBe(encoding);
  });

  it('knows the extension table and nothing outside GSM 03.38', () => {
    for (const char of '€^{}[]~\\|\f') expect(isGsm7Char(char)).toBe(true);
    for (const char of '`’—ক৳') expect(isGsm7Char(char)).toBe(false);
  });
});

describe('gatewayParts (research facts, §3.5)', () => {
  it('uses the standard limits', () => {
    expect([GSM7_SINGLE_PART, GSM7_PER_PART, UCS2_SINGLE_PART, UCS2_PER_PART]).toEqual([160, 153, 70, 67]);
  });

  it.each([
    ['160 GSM chars', 'a'.repeat(160), 1],
    ['161 GSM chars', 'a'.repeat(161), 2],
    ['159 chars + €', `${'a'.repeat(159)}€`, 2],
    ['158 chars + €', `${'a'.repeat(158)}€`, 1],
    ['306 GSM chars', 'a'.repeat(306), 2],
    ['307 GSM chars', 'a'.repeat(307), 3],
    ['70 Bangla chars', 'ক'.repeat(70), 1],
    ['71 Bangla chars', 'ক'.repeat(71), 2],
    ['134 Bangla chars', 'ক'.repeat(134), 2],
    ['135 Bangla chars', 'ক'.repeat(135), 3],
    ['the 91-char attendance message', ATTENDANCE_BN, 2],
  ])('%s → %i part(s)', (_label, text, parts) => {
    expect(gatewayParts(text).parts).toBe(parts);
  });

  it('counts the attendance message in UTF-16 units', () => {
    expect(gatewayParts(ATTENDANCE_BN)).toEqual({
      encoding: 'ucs2',
      units: 91,
      parts: 2,
      perPart: 67,
      remainingInPart: 2 * 67 - 91,
    });
  });

  it('counts an emoji as 2 units and an extension character as 2 septets', () => {
    expect(gatewayParts('😀')).toMatchObject({ encoding: 'ucs2', units: 2, parts: 1, remainingInPart: 68 });
    expect(gatewayParts('€')).toMatchObject({ encoding: 'gsm7', units: 2, parts: 1, remainingInPart: 158 });
    expect(gatewayParts(`${'ক'.repeat(69)}😀`).parts).toBe(2);
  });

  it('gives 0 parts for an empty text and reports the room left', () => {
    expect(gatewayParts('')).toEqual({
      encoding: 'gsm7',
      units: 0,
      parts: 0,
      perPart: 160,
      remainingInPart: 160,
    });
    expect(gatewayParts('Hello')).toEqual({
      encoding: 'gsm7',
      units: 5,
      parts: 1,
      perPart: 160,
      remainingInPart: 155,
    });
    expect(gatewayParts('a'.repeat(161)).remainingInPart).toBe(2 * 153 - 161);
  });

  it('never cuts an escaped character or a surrogate pair between parts', () => {
    // 306 septets would fit two parts, but the € would straddle the boundary.
    expect(gatewayParts(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toMatchObject({ units: 306, parts: 3 });
    expect(gatewayParts(`${'ক'.repeat(66)}😀${'ক'.repeat(66)}`)).toMatchObject({ units: 134, parts: 3 });
  });

  it('bills at least ceil(units / perPart) parts, exactly that for plain GSM text', () => {
    const gsmChar = fc.constantFrom(...'aZ0 @£\n.,!?{}€^', 'ক', '’', '😀');
    fc.assert(
      fc.property(fc.string({ unit: gsmChar, maxLength: 500 }), (text) => {
        const { units, parts, perPart, remainingInPart } = gatewayParts(text);
        const single = smsEncoding(text) === 'gsm7' ? 160 : 70;
        const plain = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / perPart);
        expect(parts).toBeGreaterThanOrEqual(plain);
        expect(remainingInPart).toBeGreaterThanOrEqual(0);
        expect(remainingInPart).toBeLessThanOrEqual(perPart);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abc XYZ 019.,'), maxLength: 600 }), (text) => {
        const n = text.length;
        expect(gatewayParts(text).parts).toBe(n === 0 ? 0 : n <= 160 ? 1 : Math.ceil(n / 153));
      }),
    );
  });
});
