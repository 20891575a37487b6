import { describe, expect, it } from 'vitest';
import { signUpPresets } from './sign-up-params';

describe('signUpPresets', () => {
  it.each([
    ['', { referralId: '', meetingApp: false }],
    ['?ref=ABC12', { referralId: 'ABC12', meetingApp: false }],
    ['?referral=%20X%20', { referralId: 'X', meetingApp: false }],
    ['?zoom=1', { referralId: '', meetingApp: true }],
    ['?zoom=true&ref=R', { referralId: 'R', meetingApp: true }],
    ['?zoom', { referralId: '', meetingApp: true }],
    ['?zoom=0', { referralId: '', meetingApp: false }],
    ['?meeting=yes', { referralId: '', meetingApp: true }],
    ['?source=Zoom', { referralId: '', meetingApp: true }],
  ])('%s', (search, expected) => {
    expect(signUpPresets(new URLSearchParams(search))).toEqual(expected);
  });

  it('caps the referral id at 64 characters', () => {
    expect(signUpPresets(new URLSearchParams(`?ref=${'x'.repeat(100)}`)).referralId).toHaveLength(64);
  });
});
