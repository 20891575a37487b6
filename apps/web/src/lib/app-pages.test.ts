import type { SessionAccount } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import {
  canCollectFees,
  canManageAdmissionSettings,
  canWorkAdmissions,
  homePathOf,
  INVITEE_HOME,
  ownsAccount,
  pagesFor,
} from './app-pages';

describe('pagesFor', () => {
  it.each([
    [
      'Teacher',
      false,
      [
        'dashboard',
        'classrooms',
        'students',
        'admissions',
        'fees',
        'archive',
        'sms',
        'team',
        'invitations',
        'settings',
      ],
    ],
    [
      'Admin',
      false,
      ['dashboard', 'classrooms', 'students', 'admissions', 'fees', 'archive', 'sms', 'team', 'settings'],
    ],
    [
      'TeacherAssistant',
      false,
      ['dashboard', 'classrooms', 'students', 'admissions', 'archive', 'sms', 'invitations', 'settings'],
    ],
    ['Student', false, ['dashboard', 'settings']],
    ['Parent', false, ['dashboard', 'settings']],
    [null, true, ['dashboard', 'news', 'settings', 'outbox']],
    [null, false, ['invitations', 'settings']],
  ] as const)('%s (staff: %s)', (profession, isStaff, pages) => {
    expect(pagesFor({ user: { profession, isStaff } })).toEqual(pages);
  });

  it('knows account owners', () => {
    expect(ownsAccount({ accounts: [] })).toBe(false);
  });
});

describe('homePathOf', () => {
  it('keeps a home in one of our areas', () => {
    const user = { profession: 'Teacher', isStaff: false } as const;
    expect(homePathOf({ homePath: '/teacher/dashboard', user })).toBe('/teacher/dashboard');
    expect(homePathOf({ homePath: '/student/dashboard?suid=s1', user })).toBe('/student/dashboard?suid=s1');
  });

  it('sends an invitee without a role to the invitations page', () => {
    const user = { profession: null, isStaff: false } as const;
    expect(homePathOf({ homePath: '/invitations', user })).toBe(INVITEE_HOME);
    expect(homePathOf({ homePath: '/force-logout', user })).toBe(INVITEE_HOME);
  });
});

describe('admission access (mirrors modules/admission/admission.policy.ts)', () => {
  const account = (patch: Partial<SessionAccount>) =>
    ({ relation: 'assistant', classrooms: 'all', manageStudents: true, ...patch }) as SessionAccount;

  it('lets owners and admins work the inbox and its settings', () => {
    for (const relation of ['owner', 'admin'] as const) {
      expect(canWorkAdmissions(account({ relation }))).toBe(true);
      expect(canManageAdmissionSettings(account({ relation }))).toBe(true);
    }
  });

  it('lets an assistant work the inbox only with account-wide student management, never the settings', () => {
    expect(canWorkAdmissions(account({}))).toBe(true);
    expect(canWorkAdmissions(account({ manageStudents: false }))).toBe(false);
    expect(
      canWorkAdmissions(account({ classrooms: ['c1'] as unknown as SessionAccount['classrooms'] })),
    ).toBe(false);
    expect(canManageAdmissionSettings(account({}))).toBe(false);
    expect(canWorkAdmissions(null)).toBe(false);
  });
});

describe('fees access (mirrors modules/fees/fees.policy.ts)', () => {
  it('lets owners and admins work the counter, never assistants', () => {
    const account = (relation: SessionAccount['relation']) => ({ relation }) as SessionAccount;
    expect(canCollectFees(account('owner'))).toBe(true);
    expect(canCollectFees(account('admin'))).toBe(true);
    expect(canCollectFees(account('assistant'))).toBe(false);
    expect(canCollectFees(null)).toBe(false);
  });
});
