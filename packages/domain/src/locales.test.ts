/// <reference types="node" />
// Tests may use Node; the package source may not (see purity.test.ts). This file reads the web
// app's locale files to prove every catalogue code has a text in every interface language.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareWithEnglish } from '../../../apps/web/src/app/locale-parity';
import { MESSAGES } from './messages';
import { INTERFACE_LANGUAGES } from './text/languages';

function readLocale(language: string): Record<string, string> {
  const url = new URL(`../../../apps/web/public/Locales/${language}/domain.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const codes = Object.keys(MESSAGES) as (keyof typeof MESSAGES)[];
const translations = INTERFACE_LANGUAGES.filter((language) => language !== 'en');

describe('domain locale files', () => {
  const en = readLocale('en');
  const bn = readLocale('bn');

  it('have exactly the catalogue codes in English', () => {
    expect(Object.keys(en).sort()).toEqual([...codes].sort());
  });

  it.each(codes)('%s: English is the catalogue text in i18next syntax', (code) => {
    expect(en[code]).toBe(MESSAGES[code].replace(/\{(\w+)\}/g, '{{$1}}'));
  });

  it.each(codes)('%s: Bangla is a real translation with the same placeholders', (code) => {
    const text = bn[code] ?? '';
    expect(text).not.toBe(en[code]);
    expect(text).toMatch(/[\u0980-\u09FF]/);
    expect(placeholders(text)).toEqual(placeholders(en[code] ?? ''));
  });

  // The web app's rules for every pack (apps/web/src/app/locale-parity.ts).
  it.each(translations)('%s: every code, translated, with the placeholders of English', (language) => {
    const report = compareWithEnglish(en, readLocale(language), language);
    expect(report).toEqual({ missing: [], extra: [], placeholders: [], untranslated: [] });
  });
});
