import { impersonateSchema, inviteAssistantSchema, signInSchema, signUpSchema } from '@batchwise/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { firstIssues, issueText, zodRule } from './zod-form';

/** A stand-in for i18next's t: echoes the key and the interpolation values it was given. */
const t = ((key: string, options?: Record<string, unknown>) =>
  `${key}${options ? ` ${JSON.stringify(options)}` : ''}`) as unknown as TFunction;

describe('firstIssues', () => {
  it('gives each field its first catalogue issue', () => {
    const issues = firstIssues(signUpSchema, {
      accountType: 'Teacher',
      name: '',
      email: 'not-an-email',
      password: 'short',
      phone: '',
      institution: 'Udoy',
    });
    expect(issues.name?.code).toBe('NAME_REQUIRED');
    expect(issues.email?.code).toBe('EMAIL_INVALID');
    expect(issues.password?.code).toBe('PASSWORD_TOO_SHORT');
    expect(issues.phone?.code).toBe('PHONE_REQUIRED');
    expect(issues.institution).toBeUndefined();
  });

  it('is empty for valid input', () => {
    expect(firstIssues(signInSchema, { email: 'a@b.co', password: 'x' })).toEqual({});
  });

  it('recognises refinements written with a catalogue message', () => {
    expect(firstIssues(inviteAssistantSchema, {}).email?.code).toBe('EMAIL_REQUIRED');
  });

  it('marks a plain min(1) as an empty field', () => {
    expect(firstIssues(impersonateSchema, { emailOrId: ' ' }).emailOrId).toMatchObject({
      code: null,
      empty: true,
    });
  });
});

describe('issueText', () => {
  it('translates by code with the password limits', () => {
    expect(issueText(t, { code: 'PASSWORD_TOO_SHORT', message: 'm' })).toBe(
      'domain:PASSWORD_TOO_SHORT {"min":8,"max":128,"defaultValue":"m"}',
    );
  });

  it('falls back to required / invalid texts', () => {
    expect(issueText(t, { code: null, message: 'x', empty: true })).toBe('errors:form.required');
    expect(issueText(t, { code: null, message: 'x' })).toBe('errors:form.invalid');
  });
});

describe('zodRule', () => {
  it('rejects with the field issue and accepts a valid field', async () => {
    const values = { email: 'bad', password: '' };
    const form = { getFieldsValue: () => values };
    await expect(zodRule(signInSchema, 'email', t)(form).validator()).rejects.toThrow('domain:EMAIL_INVALID');
    values.email = 'good@school.test';
    await expect(zodRule(signInSchema, 'email', t)(form).validator()).resolves.toBeUndefined();
  });
});
