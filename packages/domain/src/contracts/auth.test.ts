import { describe, expect, it } from 'vitest';
import { emailField, newPasswordField, phoneCodeVerifySchema, signUpSchema } from './auth';
import { issueToDomainError } from './fields';

const firstError = (result: {
  success: boolean;
  error?: { issues: { message: string; params?: unknown }[] };
}) => (result.success ? null : issueToDomainError(result.error!.issues[0]!));

const valid = {
  accountType: 'Teacher',
  name: 'Nusrat Jahan',
  email: 'Nusrat@Example.COM ',
  password: 'mango tree by the river',
  phone: '01712345678',
  institution: 'Udoy Coaching Centre',
};

describe('signUpSchema', () => {
  it('normalises e-mail and phone and fills defaults', () => {
    expect(signUpSchema.parse(valid)).toEqual({
      ...valid,
      email: 'nusrat@example.com',
      phone: '+8801712345678',
      businessAccount: false,
      meetingApp: false,
    });
  });

  it.each([
    [{ name: '  ' }, 'NAME_REQUIRED'],
    [{ email: '' }, 'EMAIL_REQUIRED'],
    [{ email: 'nusrat@' }, 'EMAIL_INVALID'],
    [{ email: 'nusrat example@x.bd' }, 'EMAIL_INVALID'],
    [{ phone: '' }, 'PHONE_REQUIRED'],
    [{ phone: '0171234567' }, 'PHONE_MUST_BE_11_DIGITS'],
    [{ institution: '' }, 'INSTITUTION_REQUIRED'],
    [{ password: '' }, 'PASSWORD_REQUIRED'],
  ])('refuses %j with %s', (change, code) => {
    expect(firstError(signUpSchema.safeParse({ ...valid, ...change }))?.code).toBe(code);
  });

  it('accepts a Bangla name', () => {
    expect(signUpSchema.parse({ ...valid, name: 'নুসরাত জাহান' }).name).toBe('নুসরাত জাহান');
  });
});

describe('newPasswordField', () => {
  it.each([
    ['1234567', 'PASSWORD_TOO_SHORT', 'Your password must be at least 8 characters long.'],
    ['x'.repeat(129), 'PASSWORD_TOO_LONG', 'Your password must be at most 128 characters long.'],
  ])('refuses %j', (password, code, message) => {
    expect(firstError(newPasswordField.safeParse(password))).toEqual({ code, message });
  });

  it.each(['12345678', 'x'.repeat(128), 'পাসওয়ার্ড১২'])(
    'accepts the boundary or Unicode value %j',
    (password) => {
      expect(newPasswordField.safeParse(password).success).toBe(true);
    },
  );

  it('counts characters, not UTF-16 units', () => {
    expect(newPasswordField.safeParse('😀😀😀😀😀😀😀').success).toBe(false);
    expect(newPasswordField.safeParse('😀😀😀😀😀😀😀😀').success).toBe(true);
  });
});

describe('emailField', () => {
  it('lower-cases and trims', () => {
    expect(emailField.parse('  Head@School.BD ')).toBe('head@school.bd');
  });
});

describe('phoneCodeVerifySchema', () => {
  it("uses the spec's message for an empty confirmation", () => {
    expect(firstError(phoneCodeVerifySchema.safeParse({ phone: '01712345678', code: '' }))).toEqual({
      code: 'LOGIN_CONFIRMATION_EMPTY',
      message: 'Failed to get proper login confirmation auth',
    });
  });

  it.each(['12345', '1234567', 'abcdef'])('refuses the malformed code %j', (code) => {
    expect(firstError(phoneCodeVerifySchema.safeParse({ phone: '01712345678', code }))?.code).toBe(
      'CODE_INVALID',
    );
  });
});
