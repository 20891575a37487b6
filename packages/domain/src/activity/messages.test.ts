/// <reference types="node" />
// Tests may use Node (see purity.test.ts): this one reads the web app's activity locale files.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_MESSAGES,
  type ActivityMessage,
  type ActivityMessageKey,
  activityParamsText,
  activityText,
  parseActivity,
} from './messages';

const keys = Object.keys(ACTIVITY_MESSAGES) as ActivityMessageKey[];
const names = (template: string) => [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
const readLocale = (language: 'en' | 'bn') =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../apps/web/public/Locales/${language}/activity.json`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, string> & {
    events?: Record<string, string>;
    tokens?: Record<string, string>;
    changes?: Record<string, string>;
  };

/** A value for each parameter, with the separators names and reasons may hold. */
const sample = (name: string): string | number =>
  ({
    receipt: 29,
    original: 12,
    count: 41,
    amount: 1500.5,
    method: 'cash',
    gateway: 'bkash',
    transaction: 'TRX8A1',
    reason: 'Paid twice: by bKash (and cash)',
    kind: 'not-billable',
    month: '2026-11',
    serial: 'CQZ7231460012',
    ip: '203.0.113.9',
    flags: '{"suspicious":true}',
    changes: 'online payment on, sslcommerz storeId',
  })[name] ?? `Rafi ${name} (Class 9)`;

describe('activity messages', () => {
  it.each(keys)('%s: the English text reads back as the same key and parameters', (key) => {
    const message: ActivityMessage = {
      key,
      params: Object.fromEntries(names(ACTIVITY_MESSAGES[key]).map((n) => [n, sample(n)])),
    };
    expect(parseActivity(activityText(message))).toEqual(message);
  });

  it('reads the forms written before keys existed, and leaves any other text plain', () => {
    expect(parseActivity('Receipt 29: ৳500 from Rafi Islam (cash)')).toEqual({
      key: 'paymentCollected',
      params: { receipt: 29, amount: 500, student: 'Rafi Islam', method: 'cash' },
    });
    expect(
      parseActivity('Receipt 31: refunded ৳1,200 of receipt 29 to Rafi Islam: paid twice'),
    ).toMatchObject({
      key: 'paymentRefunded',
      params: { amount: 1200, original: 29 },
    });
    expect(parseActivity('Removed kiosk Main gate')).toEqual({
      key: 'kioskRemoved',
      params: { device: 'Main gate' },
    });
    expect(parseActivity('Something else: Udoy')).toBeNull();
    expect(parseActivity('Receipt 29: ৳500 from Rafi Islam')).toBeNull();
  });

  it('writes amounts as money and numbers in the reader’s digits; typed text stays as typed', () => {
    const params = { receipt: 29, amount: 1500, student: 'Rafi 2' };
    expect(activityParamsText(params, 'en')).toEqual({ receipt: '29', amount: '৳1,500', student: 'Rafi 2' });
    expect(activityParamsText(params, 'bn')).toEqual({ receipt: '২৯', amount: '৳১,৫০০', student: 'Rafi 2' });
  });

  it('has the English templates in the web locale and a real Bangla text with the same parameters', () => {
    // `events` names the entries' kinds (their tags in the feed), `tokens` and `changes` the codes
    // parameters hold; the rest are the messages.
    const { events: enEvents, tokens: enTokens, changes: enChanges, ...en } = readLocale('en');
    const { events: bnEvents, tokens: bnTokens, changes: bnChanges, ...bn } = readLocale('bn');
    expect(Object.keys(bnTokens!).sort()).toEqual(Object.keys(enTokens!).sort());
    expect(Object.keys(bnChanges!).sort()).toEqual(Object.keys(enChanges!).sort());
    expect(en).toEqual(ACTIVITY_MESSAGES);
    expect(Object.keys(bnEvents!).sort()).toEqual(Object.keys(enEvents!).sort());
    expect(Object.keys(bn).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(bn[key]).toMatch(/[\u0980-\u09FF]/);
      expect(names(bn[key]!)).toEqual(names(en[key]!));
    }
  });
});
