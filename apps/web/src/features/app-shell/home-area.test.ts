import { describe, expect, it } from 'vitest';
import { homeArea } from './home-area';

const teacher = { profession: 'Teacher', isStaff: false } as const;
const staff = { profession: null, isStaff: true } as const;
const invitee = { profession: null, isStaff: false } as const;

describe('homeArea', () => {
  it.each([
    ['/teacher/dashboard', teacher, '/settings', 'teacher'],
    ['/teacherAssistant/dashboard', teacher, '/x', 'teacherAssistant'],
    ['/staff/dashboard', staff, '/teacher/dashboard', 'staff'],
    ['/invitations', invitee, '/settings', 'teacherAssistant'],
    ['/force-logout', teacher, '/admin/team', 'admin'],
  ] as const)('home %s at %s → %s', (homePath, user, pathname, expected) => {
    expect(homeArea({ homePath, user }, pathname)).toBe(expected);
  });

  it('defaults to teacher without a session', () => {
    expect(homeArea(undefined, '/settings')).toBe('teacher');
  });
});
