import type { SessionRow, UserRow } from '../db/schema';

/** A profession, or platform staff (the people who run Batchwise itself). */
export type Role = 'Teacher' | 'Admin' | 'TeacherAssistant' | 'Student' | 'Parent' | 'Staff';

/**
 * Who may call a route. Every route declares one in `config.access`; the app refuses to start
 * with a route that has none (see app.ts), and the authorization matrix test reads them all.
 * - `public`: anyone, signed in or not.
 * - `dev`: only while developer tools are on (DEV_OUTBOX); off in production.
 * - `signed-in`: any signed-in user; the service checks the objects touched.
 * - `{ roles }`: signed in with one of these roles; the service checks the objects touched.
 */
export type RouteAccess = 'public' | 'dev' | 'signed-in' | { roles: readonly Role[] };

/** The signed-in caller, resolved from the session cookie before any handler runs. */
export interface Principal {
  user: UserRow;
  session: SessionRow;
  roles: readonly Role[];
}

export function rolesOf(user: Pick<UserRow, 'profession' | 'is_staff'>): Role[] {
  const roles: Role[] = user.profession ? [user.profession] : [];
  if (user.is_staff) roles.push('Staff');
  return roles;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** false: writes without the CSRF header are accepted (only the legacy health check). */
    csrf?: boolean;
    /** Responses are downloads (exports, files): their size is logged per account. */
    download?: boolean;
    /** Frozen answers are compressed once and kept (plugins/precompressed.ts). */
    precompress?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}
