import type { Session, SessionAccount } from '@batchwise/domain';
import { protectedAreaOf } from './route-rules';

/**
 * The signed-in app's pages and who sees them. The server decides what data anyone may read or
 * change; this only keeps menus and routes from offering a page whose calls would be refused.
 */
export const APP_PAGES = [
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
  'news',
  'tools',
  'recycle-bin',
  'billing',
  'plans',
  'settings',
  'outbox',
] as const;
export type AppPage = (typeof APP_PAGES)[number];

type Who = { user: Pick<Session['user'], 'profession' | 'isStaff'> };

export function pagesFor({ user }: Who): AppPage[] {
  switch (user.profession) {
    case 'Teacher':
      return [
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
      ];
    case 'Admin':
      return [
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
      ];
    case 'TeacherAssistant':
      return [
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
      ];
    case 'Student':
    case 'Parent':
      return ['dashboard', 'settings'];
    default:
      // Staff run Batchwise itself; anyone else here was invited and has only invitations to answer.
      return user.isStaff
        ? ['dashboard', 'news', 'plans', 'settings', 'outbox']
        : ['invitations', 'settings'];
  }
}

/**
 * What the server's admission policy asks (modules/admission/admission.policy.ts) of whoever works
 * the online-admission inbox: owners and admins, or an assistant who manages students in every
 * classroom of the account. Shared so the menu and the page agree without importing each other.
 */
export function canWorkAdmissions(account: SessionAccount | null | undefined): boolean {
  if (!account) return false;
  if (account.relation !== 'assistant') return true;
  return account.classrooms === 'all' && account.manageStudents;
}

/** Owners and admins change what the public admission form asks; assistants never do. */
export function canManageAdmissionSettings(account: SessionAccount | null | undefined): boolean {
  return !!account && account.relation !== 'assistant';
}

/**
 * Fees and the counter (modules/fees/fees.policy.ts): the account's owner and admins, and an
 * assistant with a collect grant, account-wide or for some classrooms.
 */
export function canCollectFees(account: SessionAccount | null | undefined): boolean {
  if (!account) return false;
  if (account.relation !== 'assistant') return true;
  return account.collectPayments || account.collectPaymentsClassrooms.length > 0;
}

/**
 * The classrooms whose students the caller collects from; null: every classroom (the server's
 * collectableClassrooms in fees.policy.ts).
 */
export function collectableClassrooms(account: SessionAccount): string[] | null {
  if (account.relation !== 'assistant') return null;
  if (account.collectPayments) return account.classrooms === 'all' ? null : account.classrooms;
  return account.collectPaymentsClassrooms;
}

/**
 * Voids, refunds, waivers and discounts, special payments and the automatic dues reminder: the
 * account's owner and admins only, never an assistant, whatever they collect.
 */
export function canManageFees(account: SessionAccount | null | undefined): boolean {
  return !!account && account.relation !== 'assistant';
}

/** Whether the user owns an institution account, and so may edit its settings and team. */
export function ownsAccount(session: Pick<Session, 'accounts'>): boolean {
  return session.accounts.some((account) => account.relation === 'owner');
}

/** Where an invited person without a role answers their invitations (they become assistants). */
export const INVITEE_HOME = '/teacherAssistant/invitations';

/**
 * The signed-in user's home in this app. The server's `homePath` is used when it names one of
 * our areas; someone without a profession who may still use the app (an assistant invited by
 * phone, before accepting) is sent to the invitations page, whatever the server calls it.
 */
export function homePathOf(session: Pick<Session, 'homePath'> & Who): string {
  if (protectedAreaOf(session.homePath.split(/[?#]/)[0] ?? '')) return session.homePath;
  return !session.user.profession && !session.user.isStaff ? INVITEE_HOME : session.homePath;
}
