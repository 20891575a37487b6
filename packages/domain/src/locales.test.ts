/// <reference types="node" />
// Tests may use Node; the package source may not (see purity.test.ts). This file reads the web
// app's locale files to prove every catalogue code has an English and a Bangla text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

function readLocale(language: 'en' | 'bn'): Record<string, string> {
  const url = new URL(`../../../apps/web/public/Locales/${language}/domain.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const codes = Object.keys(MESSAGES) as (keyof typeof MESSAGES)[];

describe('domain locale files', () => {
  const en = readLocale('en');
  const bn = readLocale('bn');

  it('have exactly the catalogue codes', () => {
    expect(Object.keys(en).sort()).toEqual([...codes].sort());
    expect(Object.keys(bn).sort()).toEqual([...codes].sort());
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
});
