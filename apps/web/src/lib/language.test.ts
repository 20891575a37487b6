import { describe, expect, it } from 'vitest';
import { normaliseLanguage, readStoredLanguage, storeLanguage } from './language';

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe('readStoredLanguage', () => {
  it.each([
    [{}, 'en'],
    [{ lng: 'bn' }, 'bn'],
    [{ ln: 'bn' }, 'bn'],
    [{ lng: 'en', ln: 'bn' }, 'en'],
    [{ lng: 'fr', ln: 'bn' }, 'bn'],
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
    ['ar', null],
    ['', null],
    [null, null],
  ] as const)('%s → %s', (input, expected) => {
    expect(normaliseLanguage(input)).toBe(expected);
  });
});
