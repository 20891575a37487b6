import { describe, expect, it } from 'vitest';
import { isAttendanceViewPath, portalPageOf, portalPath } from './paths';

// main.tsx starts the family portal's light entry for these addresses and the app for the rest;
// the app hands portal addresses back with a full page load (protected-app-route.tsx).
describe('family portal addresses', () => {
  it('names each page of both areas, in any case and with a trailing slash', () => {
    expect(portalPageOf('/parent/dashboard')).toEqual({ area: 'parent', page: 'dashboard' });
    expect(portalPageOf('/Parent/Fees/')).toEqual({ area: 'parent', page: 'fees' });
    expect(portalPageOf('/student/reports')).toEqual({ area: 'student', page: 'reports' });
    expect(portalPageOf('/parent')).toEqual({ area: 'parent', page: 'dashboard' });
    expect(portalPath('student', 'attendance')).toBe('/student/attendance');
  });

  it('leaves other areas, unknown pages and deeper paths to the app', () => {
    expect(portalPageOf('/teacher/fees')).toBeNull();
    expect(portalPageOf('/parent/unknown')).toBeNull();
    expect(portalPageOf('/parent/fees/extra')).toBeNull();
    expect(portalPageOf('/settings')).toBeNull();
  });

  it('knows the attendance link page', () => {
    expect(isAttendanceViewPath('/attendance-view')).toBe(true);
    expect(isAttendanceViewPath('/Attendance-View/')).toBe(true);
    expect(isAttendanceViewPath('/attendance')).toBe(false);
  });
});
