import { describe, expect, it } from 'vitest';
import { dashboardPath, professionHomePath, publicPages } from './paths';
import { classifyPath, protectedAreaOf, safeRedirectTarget, signInRedirectPath } from './route-rules';

describe('classifyPath', () => {
  it.each([
    ['/', 'root'],
    ['/welcome', 'public'],
    ['/welcome/', 'public'],
    ['/Privacy', 'public'],
    ['/privacy', 'public'],
    ['/OpenNews', 'public'],
    ['/opennews', 'public'],
    ['/ex/sms', 'public'],
    ['/server-status/', 'public'],
    ['/server-status', 'public'],
    ['/Batchwise-Staff-Admin', 'public'],
    ['/signin', 'auth'],
    ['/login', 'auth'],
    ['/force-logout', 'auth'],
    ['/dev/outbox', 'dev'],
    ['/teacher/dashboard', 'protected'],
    ['/teacher', 'protected'],
    ['/Teacher/Dashboard', 'protected'],
    ['/teacherAssistant/dashboard', 'protected'],
    ['/admin/teachers/t1', 'protected'],
    ['/student/dashboard', 'protected'],
    ['/parent/dashboard', 'protected'],
    ['/assistant/dashboard', 'protected'],
    ['/staff/anything', 'protected'],
    ['/settings', 'protected'],
    ['/no-such-page', 'not-found'],
    ['/welcome/extra', 'not-found'],
    ['/teachers', 'not-found'],
    ['/dev', 'not-found'],
    ['/api-like/thing', 'not-found'],
  ] as const)('%s → %s', (path, kind) => {
    expect(classifyPath(path)).toBe(kind);
  });

  it('classifies every listed public page as public', () => {
    for (const page of publicPages) expect(classifyPath(page.path)).toBe('public');
  });
});

describe('signInRedirectPath', () => {
  it('remembers path and query', () => {
    expect(signInRedirectPath({ pathname: '/teacher/dashboard', search: '?tab=fees&month=3' })).toBe(
      '/signin?redirect=%2Fteacher%2Fdashboard%3Ftab%3Dfees%26month%3D3',
    );
  });

  it('round-trips through URLSearchParams', () => {
    const location = { pathname: '/admin/students', search: '?q=রহিম&x=a b', hash: '#top' };
    const url = new URL(signInRedirectPath(location), 'http://localhost');
    expect(url.pathname).toBe('/signin');
    expect(url.searchParams.get('redirect')).toBe('/admin/students?q=রহিম&x=a b#top');
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/teacher/dashboard', '/teacher/dashboard'],
    ['/admin/students?q=1', '/admin/students?q=1'],
    ['/', '/'],
  ])('follows %s', (raw, expected) => {
    expect(safeRedirectTarget(raw)).toBe(expected);
  });

  it.each([
    null,
    '',
    'teacher/dashboard',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/signin?redirect=/x',
    '/login',
  ])('refuses %j', (raw) => {
    expect(safeRedirectTarget(raw)).toBeNull();
  });
});

describe('areas and homes', () => {
  it('maps professions to dashboards per spec part 2', () => {
    expect(professionHomePath('Teacher')).toBe('/teacher/dashboard');
    expect(professionHomePath('Admin')).toBe('/admin/dashboard');
    expect(professionHomePath('TeacherAssistant')).toBe('/teacherAssistant/dashboard');
    expect(professionHomePath('Student')).toBe('/student/dashboard');
    expect(professionHomePath('Parent')).toBe('/parent/dashboard');
    expect(professionHomePath('Janitor')).toBeNull();
    expect(dashboardPath('staff')).toBe('/staff/dashboard');
  });

  it('finds the area of a path, ignoring case', () => {
    expect(protectedAreaOf('/Teacher/dashboard')).toBe('teacher');
    expect(protectedAreaOf('/teacherassistant/x')).toBe('teacherAssistant');
    expect(protectedAreaOf('/settings')).toBe('settings');
    expect(protectedAreaOf('/welcome')).toBeNull();
  });
});
