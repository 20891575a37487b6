import type { SessionAccount } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import {
  canCollectFees,
  canManageAdmissionSettings,
  canManageFees,
  canWorkAdmissions,
  collectableClassrooms,
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
        'assessments',
        'assignments',
        'question-papers',
        'reports',
        'attendance',
        'students',
        'admissions',
        'fees',
        'money',
        'archive',
        'sms',
        'team',
        'invitations',
        'tools',
        'recycle-bin',
        'billing',
        'settings',
      ],
    ],
    [
      'Admin',
      false,
      [
        'dashboard',
        'classrooms',
        'assessments',
        'assignments',
        'question-papers',
        'reports',
        'attendance',
        'students',
        'admissions',
        'fees',
        'money',
        'archive',
        'sms',
        'team',
        'tools',
        'recycle-bin',
        'billing',
        'settings',
      ],
    ],
    [
      'TeacherAssistant',
      false,
      [
        'dashboard',
        'classrooms',
        'assessments',
        'assignments',
        'question-papers',
        'reports',
        'attendance',
        'students',
        'admissions',
        'fees',
        'archive',
        'sms',
        'invitations',
        'tools',
        'settings',
      ],
    ],
    ['Student', false, ['dashboard', 'settings']],
    ['Parent', false, ['dashboard', 'settings']],
    [null, true, ['dashboard', 'news', 'plans', 'settings', 'outbox']],
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
  const account = (relation: SessionAccount['relation'], patch: Partial<SessionAccount> = {}) =>
    ({
      relation,
      classrooms: 'all',
      collectPayments: false,
      collectPaymentsClassrooms: [],
      ...patch,
    }) as SessionAccount;

  it('lets owners and admins work the counter and manage fees', () => {
    for (const relation of ['owner', 'admin'] as const) {
      expect(canCollectFees(account(relation))).toBe(true);
      expect(canManageFees(account(relation))).toBe(true);
      expect(collectableClassrooms(account(relation))).toBeNull();
    }
    expect(canCollectFees(null)).toBe(false);
  });

  it('lets an assistant work the counter only with a collect grant, and never manage fees', () => {
    expect(canCollectFees(account('assistant'))).toBe(false);
    const wide = account('assistant', { collectPayments: true });
    expect(canCollectFees(wide)).toBe(true);
    expect(collectableClassrooms(wide)).toBeNull();
    const some = account('assistant', { classrooms: ['c1', 'c2'], collectPaymentsClassrooms: ['c1'] });
    expect(canCollectFees(some)).toBe(true);
    expect(collectableClassrooms(some)).toEqual(['c1']);
    expect(canManageFees(wide)).toBe(false);
  });
});
