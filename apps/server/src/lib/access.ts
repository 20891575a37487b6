import type { Role, EndpointAccess as RouteAccess, ToolKey } from '@batchwise/domain';
import type { SessionRow, UserRow } from '../db/schema';

/** Who may call a route: declared by its endpoint contract (packages/domain). */
export type { Role, RouteAccess };

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
    /** The add-on the route belongs to (modules/tools/tools.gate.ts). */
    tool?: ToolKey;
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
