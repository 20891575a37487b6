import { CSRF_HEADER } from '@batchwise/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role, RouteAccess } from '../lib/access';
import { type AppError, failure } from '../lib/errors';
import { accountInPath } from '../lib/ids';
import { DEVICE_COOKIE } from '../modules/auth/known-devices';
import type { SessionService } from '../modules/auth/sessions.service';

export const SESSION_COOKIE = 'bw_session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Instance flag: session cookies are Secure whatever the request looked like (config.secureCookies). */
const SECURE_COOKIES = 'secureSessionCookies';

declare module 'fastify' {
  interface FastifyInstance {
    [SECURE_COOKIES]: boolean;
  }
}

/**
 * Resolves the session cookie into `request.principal`, then enforces the route's declared access
 * before validation or the handler run. Object-level checks stay in the services.
 */
export function registerAuthentication(
  app: FastifyInstance,
  sessions: SessionService,
  options: { secureCookies: boolean },
): void {
  app.decorateRequest('principal', null);
  app.decorate(SECURE_COOKIES, options.secureCookies);

  // A callback hook rather than an async one: requests without a session cookie (public pages,
  // health checks) and those whose caller is kept (most signed-in ones) go on without a promise;
  // only a session that must be read or written waits.
  app.addHook('onRequest', (request, _reply, done) => {
    // @fastify/cookie's own parsing hook is off (app.ts): this hook parses for every route.
    const header = request.headers.cookie;
    request.cookies = header ? app.parseCookie(header) : {};
    const token = request.cookies[SESSION_COOKIE];
    request.principal = token ? (sessions.known(token) ?? null) : null;
    if (!token || request.principal) {
      done(refusal(request));
      return;
    }
    // An unknown or ended token is not answered with a cookie-clearing header: that answer could
    // arrive after another response set a new session cookie (a sign-in in another tab, the end
    // of an impersonation) and wipe it. The 401 already tells the page it is signed out.
    sessions.resolve(token, { account: accountInPath(request.params) }).then((principal) => {
      if (principal) request.principal = principal;
      done(refusal(request));
    }, done);
  });
}

/** Why the route's declared access refuses this request, if it does (checked before validation). */
function refusal(request: FastifyRequest): AppError | undefined {
  const config = request.routeOptions.config;
  // Every write from a browser carries our header: a cross-site form, link or image cannot
  // send it, so no other site can act (or sign in) in a user's name. The client health check
  // opts out because it predates the header.
  if (!SAFE_METHODS.has(request.method) && config?.csrf !== false && request.headers[CSRF_HEADER] !== '1') {
    return failure(403, 'CSRF_REFUSED');
  }
  const access: RouteAccess = config?.access ?? 'public';
  if (access === 'public' || access === 'dev') return undefinedAddress(request);

  const principal = request.principal;
  if (!principal) return failure(401, 'UNAUTHENTICATED');
  if (principal.user.suspicious_at) return failure(403, 'ACCOUNT_SUSPICIOUS');
  if (typeof access === 'object' && !access.roles.some((role: Role) => principal.roles.includes(role))) {
    return failure(403, 'FORBIDDEN');
  }
  return undefinedAddress(request);
}

/**
 * The spec's data-access guard: an address (id) that is missing or the string "undefined" is
 * refused before any query is built from it. Path parameters are known once the route is found,
 * so the check rides along with the access check instead of costing a hook of its own. A
 * wildcard (`*`) is a file path, not an address, and is left to its route.
 */
function undefinedAddress(request: FastifyRequest): AppError | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  for (const key in params) {
    if (key === '*') continue;
    const value = params[key];
    if (value === '' || value === 'undefined' || value === 'null') return failure(400, 'UNDEFINED_ADDRESS');
  }
  return undefined;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieAttributes(request),
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

/**
 * The device cookie (modules/auth/known-devices.ts): sent only to the sign-in routes, which alone
 * read it, and kept through sign-outs so the browser stays known.
 */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs: number,
) {
  reply.setCookie(DEVICE_COOKIE, token, {
    ...cookieAttributes(request),
    path: '/api/auth',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieAttributes(reply.request));
}

/**
 * Where the configuration says so (production, an https PUBLIC_URL: config.secureCookies) the
 * cookie is always Secure: behind a TLS-terminating proxy the request may look like plain http
 * (and X-Forwarded-Proto is only believed from named proxies), yet the session must never travel
 * unencrypted. Elsewhere it follows the request, so http://localhost works.
 */
function cookieAttributes(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.server[SECURE_COOKIES] || request.protocol === 'https',
  };
}
