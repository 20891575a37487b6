import { describe, expect, it } from 'vitest';
import {
  documentDirection,
  initialLanguage,
  normaliseLanguage,
  readStoredLanguage,
  storeLanguage,
} from './language';

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe('readStoredLanguage', () => {
  it.each([
    [{}, 'en'],
    [{ lng: 'bn' }, 'bn'],
    [{ ln: 'bn' }, 'bn'],
    [{ lng: 'en', ln: 'bn' }, 'en'],
    [{ lng: 'fr', ln: 'bn' }, 'fr'],
    [{ lng: 'xx', ln: 'ar' }, 'ar'],
    [{ lng: 'bn-BD' }, 'bn'],
    [{ lng: 'xx' }, 'en'],
  ] as const)('%j → %s', (stored, expected) => {
    expect(readStoredLanguage(storage(stored))).toBe(expected);
  });

  it('defaults to English without storage', () => {
    expect(readStoredLanguage(null)).toBe('en');
  });
});

describe('storeLanguage', () => {
  it('writes both ln and lng', () => {
    const written: Record<string, string> = {};
    const setItem = (key: string, value: string) => {
      written[key] = value;
    };
    storeLanguage({ setItem }, 'bn');
    expect(written).toEqual({ ln: 'bn', lng: 'bn' });
  });

  it('survives storage that throws', () => {
    const throwing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => storeLanguage(throwing, 'en')).not.toThrow();
  });
});

describe('normaliseLanguage', () => {
  it.each([
    ['bn', 'bn'],
    ['BN', 'bn'],
    ['bn_BD', 'bn'],
    ['en-GB', 'en'],
    ['ar', 'ar'],
    ['zh-CN', 'zh'],
    ['de', null],
    ['', null],
    [null, null],
  ] as const)('%s → %s', (input, expected) => {
    expect(normaliseLanguage(input)).toBe(expected);
  });
});

describe('initialLanguage', () => {
  it.each([
    ['?lng=ar', { lng: 'bn' }, '', 'ar'],
    ['?lng=xx', { lng: 'bn' }, '', 'bn'],
    ['', {}, 'theme=dark; bw_lng=fr', 'fr'],
    ['', { ln: 'zh' }, 'bw_lng=fr', 'zh'],
    ['', {}, '', 'en'],
  ] as const)('%s %j %s → %s', (search, stored, cookie, expected) => {
    expect(initialLanguage(search, storage(stored), cookie)).toBe(expected);
  });
});

describe('documentDirection', () => {
  it('is right to left for Arabic whatever the theme says, else the theme decides', () => {
    expect(documentDirection('ar', 'ltr')).toBe('rtl');
    expect(documentDirection('fr', 'ltr')).toBe('ltr');
    expect(documentDirection('en', 'rtl')).toBe('rtl');
  });
});
