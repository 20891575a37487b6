import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicPages } from '../lib/paths';
import { classifyPath } from '../lib/route-rules';
import { routes } from './router';

/** The router and the documented rule in route-rules.ts must never drift apart. */
function routeKind(pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches.at(-1)?.route;
  if (!leaf) return 'none';
  if (leaf.index) return 'root';
  if (leaf.path === '*') return 'not-found';
  if (leaf.path?.endsWith('/*')) return 'protected';
  if (leaf.path === '/dev/outbox') return 'dev';
  return publicPages.some((page) => page.path === leaf.path) ? 'public' : 'auth';
}

describe('router agrees with classifyPath', () => {
  const samples = [
    '/',
    '/welcome',
    '/privacy',
    '/OpenNews',
    '/ex/sms',
    '/s-pay',
    '/signin',
    '/login',
    '/forgot-password',
    '/dev/outbox',
    '/teacher/dashboard',
    '/Teacher',
    '/admin/x/y',
    '/settings',
    '/staff/outbox',
    '/nothing',
    '/welcome/more',
    '/teachers',
    ...publicPages.map((page) => page.path),
  ];

  it.each(samples)('%s', (pathname) => {
    expect(routeKind(pathname)).toBe(classifyPath(pathname));
  });
});
