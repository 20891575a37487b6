import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../lib/access';
import { failure } from '../../lib/errors';

/** The console is platform staff's alone (the routes admit only them; services check again). */
export function requirePlatformStaff(principal: Principal): void {
  if (principal.user.is_staff !== 1) throw failure(403, 'FORBIDDEN');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write by a signed-in person who is not staff, on a route that needs sign-in, other than the
 * `allowed` ones ("METHOD /url"): what a suspension and maintenance mode refuse. Public routes are
 * not an account's people acting: sign-in, the public site's forms, the family portal's payments
 * and gateways' and devices' reports go on (money a gateway already took must be recorded).
 */
export function signedInWrite(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const principal = request.principal;
  if (!principal || principal.user.is_staff === 1) return false;
  const access = request.routeOptions.config?.access ?? 'public';
  if (access === 'public' || access === 'dev') return false;
  return !allowed.has(`${request.method} ${request.routeOptions.url}`);
}

/**
 * Writes a suspended account's people may still make: exporting their data (the promise of a
 * suspension), signing out, and ending a staff member's impersonation. The family portal and its
 * payments are public routes and go on: the family owes the fee whatever the school's standing
 * with us, and refusing a payment would punish the family, not the account.
 */
export const SUSPENDED_MAY_WRITE: ReadonlySet<string> = new Set([
  'POST /api/exports',
  'POST /api/auth/sign-out',
  'POST /api/staff/impersonation/end',
]);
