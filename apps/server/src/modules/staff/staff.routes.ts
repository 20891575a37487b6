import { impersonateSchema, signedInSchema } from '@batchwise/domain';
import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import { setSessionCookie } from '../../plugins/authenticate';
import type { StaffService } from './staff.service';

const tags = ['staff'];

export function staffRoutes(app: TypedApp, staff: StaffService, sessionMaxAgeMs: number): void {
  app.post(
    '/api/staff/impersonate',
    {
      config: { access: { roles: ['Staff'] } },
      schema: {
        tags,
        summary: 'Sign in as a user (staff only; audited)',
        body: impersonateSchema,
        response: { 200: signedInSchema },
      },
    },
    async (request, reply) => {
      const result = await staff.impersonate(request.principal!, request.body.emailOrId, request.body.suid, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(request, reply, result.token, sessionMaxAgeMs);
      return { userId: result.userId, homePath: result.homePath };
    },
  );

  app.put(
    '/api/staff/users/:userId/flags',
    {
      config: { access: { roles: ['Staff'] } },
      schema: {
        tags,
        summary: 'Flag a user for suspicious traffic or disable the account (staff only; audited)',
        params: z.object({ userId: z.string().min(1) }),
        body: z.object({ suspicious: z.boolean().optional(), disabled: z.boolean().optional() }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await staff.setFlags(request.principal!, request.params.userId, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/staff/impersonation/end',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Stop signing in as another user and return to the staff session',
        response: { 200: signedInSchema },
      },
    },
    async (request, reply) => {
      const result = await staff.end(request.principal!, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(request, reply, result.token, sessionMaxAgeMs);
      return { userId: result.userId, homePath: result.homePath };
    },
  );
}
