/**
 * Who may call a route. Every route declares one in `config.access`; the app refuses to start
 * with a route that has none (see app.ts), and the authorization matrix test reads them all.
 * - `public`: anyone, signed in or not.
 * - `dev`: only while developer tools are on (DEV_OUTBOX); off in production.
 * Later modules add signed-in roles and object-level policies.
 */
export type RouteAccess = 'public' | 'dev';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
