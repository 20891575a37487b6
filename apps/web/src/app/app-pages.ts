import type { Session } from '@batchwise/domain';

/**
 * The signed-in app's pages and who sees them. The server decides what data anyone may read or
 * change; this only keeps menus and routes from offering a page whose calls would be refused.
 */
export const APP_PAGES = ['dashboard', 'team', 'invitations', 'news', 'settings', 'outbox'] as const;
export type AppPage = (typeof APP_PAGES)[number];

type Who = { user: Pick<Session['user'], 'profession' | 'isStaff'> };

export function pagesFor({ user }: Who): AppPage[] {
  switch (user.profession) {
    case 'Teacher':
      return ['dashboard', 'team', 'invitations', 'settings'];
    case 'Admin':
      return ['dashboard', 'team', 'settings'];
    case 'TeacherAssistant':
      return ['dashboard', 'invitations', 'settings'];
    case 'Student':
    case 'Parent':
      return ['dashboard', 'settings'];
    default:
      // Staff run Batchwise itself; anyone else here was invited and has only invitations to answer.
      return user.isStaff ? ['dashboard', 'news', 'settings', 'outbox'] : ['invitations', 'settings'];
  }
}

/** Whether the user owns an institution account, and so may edit its settings and team. */
export function ownsAccount(session: Pick<Session, 'accounts'>): boolean {
  return session.accounts.some((account) => account.relation === 'owner');
}
