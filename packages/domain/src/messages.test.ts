import { describe, expect, it } from 'vitest';
import { domainError, fail, formatMessage, isDomainError, isMessageCode, MESSAGES, ok } from './messages';

describe('message catalogue', () => {
  it('uses stable UPPER_SNAKE codes and non-empty text', () => {
    for (const [code, message] of Object.entries(MESSAGES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(message.trim()).not.toBe('');
    }
  });

  it('keeps the spec wording to the letter', () => {
    expect(MESSAGES.INVALID_PROFESSION).toBe(
      'Invalid Account Proffession - Please relog back in and try again',
    );
    expect(MESSAGES.ADMISSION_INVALID_LINK).toBe(
      'Invalid Link. Please check the link is correct and try again..',
    );
    expect(MESSAGES.ADMISSION_SUBMIT_GUARD).toBe('please provide all information carefully');
    expect(MESSAGES.MISSING_USER_RECORD).toBe(
      'Could not find proper database for you. Please sign-up with different account and login',
    );
  });
});

describe('formatMessage and domainError', () => {
  it('interpolates placeholders', () => {
    expect(formatMessage('SMS_QUOTA_NOT_ENOUGH', { needed: 5, current: 2 })).toBe(
      'You do not have enough SMS Quota. You need 5. Your current quota is 2.',
    );
    expect(formatMessage('PICTURE_TYPE_INVALID', { file: 'ছবি.gif' })).toBe(
      'ছবি.gif is not a png, jpg or jpeg file',
    );
  });
  it('leaves missing placeholders visible and ignores extra params', () => {
    expect(formatMessage('PICTURE_TYPE_INVALID')).toBe('{file} is not a png, jpg or jpeg file');
    expect(formatMessage('PICTURE_TYPE_INVALID', { other: 'x' })).toBe(
      '{file} is not a png, jpg or jpeg file',
    );
    expect(formatMessage('STUDENT_UPDATED', { x: 1 })).toBe('Student has been updated successfully!');
  });
  it('does not read inherited properties as params', () => {
    expect(formatMessage('STUDENT_UPDATE_NO_DATA', {})).toBe('Error {error}');
  });
  it('builds the error shape, with params only when given', () => {
    expect(domainError('STUDENT_UPDATED')).toEqual({
      code: 'STUDENT_UPDATED',
      message: MESSAGES.STUDENT_UPDATED,
    });
    expect(domainError('STUDENT_UPDATE_NO_DATA', { error: 'timeout' })).toEqual({
      code: 'STUDENT_UPDATE_NO_DATA',
      message: 'Error timeout',
      params: { error: 'timeout' },
    });
  });
  it('recognises codes and errors', () => {
    expect(isMessageCode('PHONE_INVALID_FORMAT')).toBe(true);
    expect(isMessageCode('toString')).toBe(false);
    expect(isMessageCode(3)).toBe(false);
    expect(isDomainError(domainError('CONTACT_SENT'))).toBe(true);
    expect(isDomainError({ code: 'NOPE', message: 'x' })).toBe(false);
    expect(isDomainError(null)).toBe(false);
  });
  it('wraps results', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(fail(domainError('CONTACT_FAILED'))).toEqual({
      ok: false,
      error: { code: 'CONTACT_FAILED', message: MESSAGES.CONTACT_FAILED },
    });
  });
});
