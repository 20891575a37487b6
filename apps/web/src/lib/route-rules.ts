import { authPaths, type ProtectedArea, paths, protectedAreas, publicPages } from './paths';

/**
 * Which part of the app a path belongs to. The spec sends "any other path" to the protected app;
 * we narrow that so a mistyped address gets an honest 404 instead of a sign-in form:
 *
 * - `/` redirects to `/welcome`;
 * - public pages, auth pages and `/dev/outbox` open without sign-in;
 * - a path whose first segment is a signed-in area (`/teacher/…`, `/admin/…`, `/settings`, see
 *   `protectedAreas`) needs sign-in: signed out, it goes to `/signin?redirect=<path>`;
 * - everything else is the 404 page, signed in or not.
 *
 * Matching ignores case and a trailing slash, as React Router's matching does. The router in
 * router.tsx is built from the same lists; a test checks that both agree.
 */
export type PathKind = 'root' | 'public' | 'auth' | 'dev' | 'protected' | 'not-found';

function normalise(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

const publicSet = new Set(publicPages.map((page) => normalise(page.path)));
const authSet = new Set<string>(authPaths.map(normalise));
const areaSet = new Set<string>(protectedAreas.map((area) => area.toLowerCase()));

export function classifyPath(pathname: string): PathKind {
  const path = normalise(pathname);
  if (path === '/') return 'root';
  if (publicSet.has(path)) return 'public';
  if (authSet.has(path)) return 'auth';
  if (path === normalise(paths.devOutbox)) return 'dev';
  const firstSegment = path.split('/')[1] ?? '';
  return areaSet.has(firstSegment) ? 'protected' : 'not-found';
}

/** Where a signed-out visitor is sent, remembering the page they asked for (path + query). */
export function signInRedirectPath(location: { pathname: string; search?: string; hash?: string }): string {
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  const params = new URLSearchParams({ redirect: target });
  return `${paths.signIn}?${params.toString()}`;
}

/**
 * The `redirect` param is attacker-controlled: only same-site paths are followed. `//evil.com`
 * and `/\evil.com` are protocol-relative to browsers, and auth pages would loop, so both are refused.
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Browsers strip tabs and newlines from URLs, which would turn `/\t/evil.com` into `//evil.com`.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20)) return null;
  const pathname = raw.split(/[?#]/)[0] ?? '';
  if (classifyPath(pathname) === 'auth') return null;
  return raw;
}

/** The signed-in area a path is in (`/Teacher/x` → `teacher`), or null outside the app. */
export function protectedAreaOf(pathname: string): ProtectedArea | null {
  const segment = normalise(pathname).split('/')[1] ?? '';
  return protectedAreas.find((area) => area.toLowerCase() === segment) ?? null;
}
