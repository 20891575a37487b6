import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SMS_QUOTA,
  DEFAULT_SMS_RATE,
  effectiveSmsQuota,
  individualSmsCount,
  invalidPhoneWarning,
  SMS_PART_LENGTH,
  smsCost,
  smsParts,
  smsQuotaError,
  welcomeSmsCount,
} from './sms';
import { renderWelcomeSms } from './welcome';

describe('constants', () => {
  it('match the spec', () => {
    expect(DEFAULT_SMS_RATE).toBe(0.43);
    expect(DEFAULT_SMS_QUOTA).toBe(1000);
    expect(SMS_PART_LENGTH).toBe(160);
  });
});

describe('smsParts', () => {
  it.each([
    ['', 160, 0],
    ['a', 160, 1],
    ['a'.repeat(160), 160, 1],
    ['a'.repeat(161), 160, 2],
    ['a'.repeat(320), 160, 2],
    ['আ'.repeat(80), 160, 1],
    ['আ'.repeat(81), 160, 2],
    ['a'.repeat(101), 100, 2],
    ['abc', 0, 1],
  ])('%#: %d-part text', (text, perPart, expected) => {
    expect(smsParts(text, perPart)).toBe(expected);
  });
});

describe('welcome and individual counts', () => {
  it('counts 100 custom characters per welcome SMS, at least one', () => {
    expect(welcomeSmsCount('')).toBe(1);
    expect(welcomeSmsCount('a'.repeat(100))).toBe(1);
    expect(welcomeSmsCount('a'.repeat(101))).toBe(2);
    expect(welcomeSmsCount('আ'.repeat(51))).toBe(2);
    expect(welcomeSmsCount('a'.repeat(101), 200)).toBe(1);
  });
  it('counts each individual message as 2 SMS', () => {
    expect(individualSmsCount(1)).toBe(2);
    expect(individualSmsCount(15)).toBe(30);
    expect(individualSmsCount(0)).toBe(0);
    expect(individualSmsCount(-3)).toBe(0);
  });
});

describe('quota', () => {
  it('falls back to 1000 when unknown', () => {
    expect(effectiveSmsQuota(undefined)).toBe(1000);
    expect(effectiveSmsQuota(null)).toBe(1000);
    expect(effectiveSmsQuota('abc')).toBe(1000);
    expect(effectiveSmsQuota('250')).toBe(250);
    expect(effectiveSmsQuota(0)).toBe(0);
  });
  it('refuses a send larger than the quota with the exact message', () => {
    expect(smsQuotaError(1200, 1000)).toEqual({
      code: 'SMS_QUOTA_NOT_ENOUGH',
      message: 'You do not have enough SMS Quota. You need 1200. Your current quota is 1000.',
      params: { needed: 1200, current: 1000 },
    });
    expect(smsQuotaError(1000, 1000)).toBeNull();
    expect(smsQuotaError(0, 0)).toBeNull();
    expect(smsQuotaError(1, 0)?.code).toBe('SMS_QUOTA_NOT_ENOUGH');
  });
  it('prices SMS at the rate', () => {
    expect(smsCost(100)).toBe(43);
    expect(smsCost(3, 0.68)).toBe(2.04);
  });
});

describe('invalidPhoneWarning', () => {
  it('names the student and shows the current phone', () => {
    expect(invalidPhoneWarning('Rahim', 'ID-42', '0171')).toEqual({
      code: 'SMS_INVALID_PHONE',
      message: 'Could not find a valid phone number for Rahim - ID-42. Current Phone: 0171',
      params: { name: 'Rahim', id: 'ID-42', phone: '0171' },
    });
    expect(invalidPhoneWarning('রহিম', 7, undefined).message).toBe(
      'Could not find a valid phone number for রহিম - 7. Current Phone: ',
    );
  });
});

describe('renderWelcomeSms', () => {
  it('fills the placeholders and leaves other braces alone', () => {
    const values = { name: 'রহিম', id: 'ID-7', institution: 'Udoy Coaching', classroom: 'Physics A, Math B' };
    expect(renderWelcomeSms('Welcome {name} ({id}) to {institution}: {classroom}. {fee}', values)).toBe(
      'Welcome রহিম (ID-7) to Udoy Coaching: Physics A, Math B. {fee}',
    );
    expect(renderWelcomeSms('Hi {name} {id}!', { ...values, id: '' })).toBe('Hi রহিম !');
  });
});
