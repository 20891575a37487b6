import { describe, expect, it } from 'vitest';
import { ownsAccount, pagesFor } from './app-pages';

describe('pagesFor', () => {
  it.each([
    ['Teacher', false, ['dashboard', 'team', 'invitations', 'settings']],
    ['Admin', false, ['dashboard', 'team', 'settings']],
    ['TeacherAssistant', false, ['dashboard', 'invitations', 'settings']],
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
