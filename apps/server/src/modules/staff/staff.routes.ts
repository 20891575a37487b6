import { staffEndpoints as endpoints } from '@batchwise/domain';
import type { FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { setSessionCookie } from '../../plugins/authenticate';
import type { StaffService } from './staff.service';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export function staffRoutes(app: TypedApp, staff: StaffService, sessionMaxAgeMs: number): void {
  route(app, endpoints.impersonate, async (request, reply) => {
    const result = await staff.impersonate(
      request.principal!,
      request.body.emailOrId,
      request.body.suid,
      meta(request),
      request.body.reason,
    );
    setSessionCookie(request, reply, result.token, sessionMaxAgeMs);
    return { userId: result.userId, homePath: result.homePath };
  });

  route(app, endpoints.setFlags, async (request) => {
    await staff.setFlags(request.principal!, request.params.userId, request.body);
    return { ok: true as const };
  });

  route(app, endpoints.endImpersonation, async (request, reply) => {
    const result = await staff.end(request.principal!, meta(request));
    setSessionCookie(request, reply, result.token, sessionMaxAgeMs);
    return { userId: result.userId, homePath: result.homePath };
  });
}
