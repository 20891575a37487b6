import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_LIST, findCurrency, roundToCurrency } from './currencies';
import { formatFileSize } from './file-size';
import { formatMoney, groupDigits, isTaka } from './format';

describe('formatMoney', () => {
  it.each([
    [1234567, undefined, '৳12,34,567'],
    [123, undefined, '৳123'],
    [1234, undefined, '৳1,234'],
    [12345, undefined, '৳12,345'],
    [123456, undefined, '৳1,23,456'],
    [1234567890, undefined, '৳1,23,45,67,890'],
    [0, undefined, '৳0'],
    [-1234567, undefined, '-৳12,34,567'],
    [1234.5, undefined, '৳1,234.5'],
    [1234.567, undefined, '৳1,234.56'],
    ['1234.999', undefined, '৳1,234.99'],
    ['1234.50', undefined, '৳1,234.50'],
    ['12,34,567', undefined, '৳12,34,567'],
    [' ১২৩৪৫ ', undefined, '৳12,345'],
    ['１２３４', undefined, '৳1,234'],
    [1234567, 'TK', '৳12,34,567'],
    [1234567, 'taka', '৳12,34,567'],
    [1234567, 'USD', '$1,234,567'],
    [1234567.891, 'EUR', '€1,234,567.89'],
    [10.5, 'CHF', 'CHF 10.5'],
    [100, 'XYZ', 'XYZ 100'],
    [1e21, undefined, '৳1,00,00,00,00,00,00,00,00,00,000'],
    [1e-7, undefined, '৳0.00'],
    [-0, undefined, '৳0'],
    ['-0.001', undefined, '৳0.00'],
  ])('%j %s → %j', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it.each([
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['abc'],
    [''],
    ['  '],
    [null],
    [undefined],
    [{}],
    ['1.2.3'],
    ['-'],
    ['.'],
  ])('%j → Unknown', (amount) => {
    expect(formatMoney(amount)).toBe('Unknown');
  });

  it('uses TK in the plain form and codes for other currencies', () => {
    expect(formatMoney(1200, 'BDT', { plain: true })).toBe('TK 1,200');
    expect(formatMoney(1200, 'USD', { plain: true })).toBe('USD 1,200');
    expect(formatMoney(1234567, 'BDT', { noSymbol: true })).toBe('12,34,567');
  });

  it('never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.string(), fc.integer(), fc.constant(null)),
        fc.string(),
        (amount, currency) => {
          expect(typeof formatMoney(amount, currency)).toBe('string');
        },
      ),
    );
  });

  it('keeps every integer digit of safe integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(formatMoney(n, 'USD', { noSymbol: true }).replace(/,/g, '')).toBe(String(n));
        expect(formatMoney(n, 'BDT', { noSymbol: true }).replace(/,/g, '')).toBe(String(n));
      }),
    );
  });
});

describe('groupDigits and isTaka', () => {
  it('groups Bangladesh style or in threes', () => {
    expect(groupDigits('1234567', true)).toBe('12,34,567');
    expect(groupDigits('1234567', false)).toBe('1,234,567');
    expect(groupDigits('100', true)).toBe('100');
  });
  it('recognises the taka by any of its names', () => {
    for (const name of ['BDT', 'bdt', 'TK', 'Tk', 'taka', '৳', ' BDT ']) expect(isTaka(name)).toBe(true);
    expect(isTaka('USD')).toBe(false);
  });
});

describe('CURRENCIES', () => {
  it('holds about 160 currencies with every field', () => {
    expect(CURRENCY_LIST.length).toBeGreaterThanOrEqual(150);
    for (const currency of CURRENCY_LIST) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      expect(CURRENCIES[currency.code]).toBe(currency);
      expect(currency.name).not.toBe('');
      expect(currency.symbol).not.toBe('');
      expect(currency.symbol_native).not.toBe('');
      expect(currency.name_plural).not.toBe('');
      expect([0, 2, 3]).toContain(currency.decimal_digits);
      expect(currency.rounding).toBeGreaterThanOrEqual(0);
    }
  });
  it('has the reference values', () => {
    expect(CURRENCIES.BDT).toEqual({
      symbol: 'Tk',
      name: 'Bangladeshi Taka',
      symbol_native: '৳',
      decimal_digits: 2,
      rounding: 0,
      code: 'BDT',
      name_plural: 'Bangladeshi takas',
    });
    expect(CURRENCIES.CHF?.rounding).toBe(0.05);
    expect(CURRENCIES.JPY?.decimal_digits).toBe(0);
    expect(CURRENCIES.KWD?.decimal_digits).toBe(3);
    expect(findCurrency(' usd ')?.code).toBe('USD');
    expect(findCurrency('toString')).toBeUndefined();
  });
});

describe('roundToCurrency', () => {
  it.each([
    [12.345, 'BDT', 12.35],
    [12.344, 'BDT', 12.34],
    [10.02, 'CHF', 10],
    [10.03, 'CHF', 10.05],
    [10.074, 'CHF', 10.05],
    [10.076, 'CHF', 10.1],
    [1234.5, 'JPY', 1235],
    [1.2345, 'KWD', 1.235],
    [1.005, 'XYZ', 1.01],
    [-0.001, 'BDT', 0],
  ])('%d %s → %d', (amount, code, expected) => {
    expect(roundToCurrency(amount, code)).toBe(expected);
  });
  it('passes non-finite amounts through', () => {
    expect(roundToCurrency(Number.NaN, 'BDT')).toBeNaN();
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, undefined, '0 Bytes'],
    [-5, undefined, '0 Bytes'],
    [Number.NaN, undefined, '0 Bytes'],
    [1, undefined, '1 Bytes'],
    [1023, undefined, '1023 Bytes'],
    [1024, undefined, '1 KB'],
    [1536, undefined, '1.5 KB'],
    [1234567, undefined, '1.18 MB'],
    [1234567, 0, '1 MB'],
    [1234567, 4, '1.1774 MB'],
    [1024 ** 3, undefined, '1 GB'],
    [1024 ** 8, undefined, '1 YB'],
    [1024 ** 9, undefined, '1024 YB'],
    [0.5, undefined, '0.5 Bytes'],
  ])('%d (%s decimals) → %s', (bytes, decimals, expected) => {
    expect(formatFileSize(bytes, decimals)).toBe(expected);
  });
});
