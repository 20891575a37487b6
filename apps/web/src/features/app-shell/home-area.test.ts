import { describe, expect, it } from 'vitest';
import { homeArea } from './home-area';

describe('homeArea', () => {
  it.each([
    ['/teacher/dashboard', '/settings', 'teacher'],
    ['/teacherAssistant/dashboard', '/x', 'teacherAssistant'],
    ['/staff/dashboard', '/teacher/dashboard', 'staff'],
    ['/force-logout', '/admin/team', 'admin'],
    [undefined, '/settings', 'teacher'],
  ] as const)('home %s at %s → %s', (homePath, pathname, expected) => {
    expect(homeArea(homePath ? { homePath } : undefined, pathname)).toBe(expected);
  });
});
