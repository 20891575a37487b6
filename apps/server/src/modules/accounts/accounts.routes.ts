import { accountSummarySchema, institutionUpdateSchema } from '@batchwise/domain';
import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readPicture } from '../media/images';
import type { AccountsService } from './accounts.service';

const tags = ['accounts'];
const params = z.object({ accountId: z.string().min(1) });
const staffRoles = ['Teacher', 'Admin', 'TeacherAssistant'] as const;

export function accountsRoutes(app: TypedApp, accounts: AccountsService): void {
  app.get(
    '/api/accounts/:accountId/summary',
    {
      config: { access: { roles: staffRoles } },
      schema: {
        tags,
        summary: 'Dashboard figures of an account',
        params,
        response: { 200: accountSummarySchema },
      },
    },
    async (request) => accounts.summary(request.principal!, request.params.accountId),
  );

  app.put(
    '/api/accounts/:accountId/institution',
    {
      config: { access: { roles: ['Teacher', 'Admin'] } },
      schema: {
        tags,
        summary: 'Change institution name and preferences (owner only)',
        params,
        body: institutionUpdateSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await accounts.updateInstitution(request.principal!, request.params.accountId, request.body);
      return { ok: true as const };
    },
  );

  uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/accounts/:accountId/logo',
      {
        config: { access: { roles: ['Teacher', 'Admin'] } },
        schema: {
          tags,
          summary: 'Upload the institution logo (owner only; multipart field "file")',
          params,
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ logoUrl: z.string() }) },
        },
      },
      async (request) => ({
        logoUrl: await accounts.setLogo(request.principal!, request.params.accountId, async () =>
          readPicture(await request.file()),
        ),
      }),
    );
  });
}
