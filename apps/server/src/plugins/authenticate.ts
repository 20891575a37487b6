import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Role, type RouteAccess, rolesOf } from '../lib/access';
import { AppError } from '../lib/errors';
import type { SessionService } from '../modules/auth/sessions.service';

export const SESSION_COOKIE = 'bw_session';
/** Sent by our web app on every write; a cross-site form or image cannot send custom headers. */
export const CSRF_HEADER = 'x-batchwise-csrf';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const MESSAGES = {
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have permission to do this.',
  ACCOUNT_SUSPICIOUS:
    'Your account is blocked from reading and writing data due to suspicious traffic. Please contact support.',
  CSRF_REFUSED:
    'This request was refused because it did not come from the Batchwise app. Please reload the page.',
  UNDEFINED_ADDRESS: 'One of the addresses is undefined.',
} as const;

/**
 * Resolves the session cookie into `request.principal`, then enforces the route's declared access
 * before validation or the handler run. Object-level checks stay in the services.
 */
export function registerAuthentication(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const resolved = await sessions.resolve(token);
      if (resolved) {
        request.principal = { ...resolved, roles: rolesOf(resolved.user) };
      } else {
        clearSessionCookie(reply);
      }
    }
    const access: RouteAccess = request.routeOptions.config?.access ?? 'public';
    if (access === 'public' || access === 'dev') return;

    const principal = request.principal;
    if (!principal) throw new AppError(401, 'UNAUTHENTICATED', MESSAGES.UNAUTHENTICATED);
    if (principal.user.suspicious_at)
      throw new AppError(403, 'ACCOUNT_SUSPICIOUS', MESSAGES.ACCOUNT_SUSPICIOUS);
    if (!SAFE_METHODS.has(request.method) && request.headers[CSRF_HEADER] !== '1') {
      throw new AppError(403, 'CSRF_REFUSED', MESSAGES.CSRF_REFUSED);
    }
    if (typeof access === 'object' && !access.roles.some((role: Role) => principal.roles.includes(role))) {
      throw new AppError(403, 'FORBIDDEN', MESSAGES.FORBIDDEN);
    }
  });

  // The spec's data-access guard: an address (id) that is missing or the string "undefined" is
  // refused before any query is built from it.
  app.addHook('preValidation', async (request) => {
    const params = (request.params ?? {}) as Record<string, unknown>;
    for (const value of Object.values(params)) {
      if (value === '' || value === 'undefined' || value === 'null') {
        throw new AppError(400, 'UNDEFINED_ADDRESS', MESSAGES.UNDEFINED_ADDRESS);
      }
    }
  });
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
