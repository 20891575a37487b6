import { sessionSchema, switchAccountSchema } from '@batchwise/domain';
import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import type { SessionLoader } from './session.service';

export function sessionRoutes(app: TypedApp, loader: SessionLoader): void {
  app.get(
    '/api/session',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['session'],
        summary: 'The signed-in user and what their role loads',
        response: { 200: sessionSchema },
      },
    },
    async (request) => loader.load(request.principal!),
  );

  app.put(
    '/api/session/active-account',
    {
      config: { access: { roles: ['Admin', 'Teacher', 'TeacherAssistant'] } },
      schema: {
        tags: ['session'],
        summary: 'Choose the account to work on (admins switch teachers)',
        body: switchAccountSchema,
        response: { 200: z.object({ activeAccountId: z.string() }) },
      },
    },
    async (request) => {
      await loader.switchAccount(request.principal!, request.body.accountId);
      return { activeAccountId: request.body.accountId };
    },
  );
}
