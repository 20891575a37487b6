import { accountEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readPicture } from '../media/images';
import type { AccountsService } from './accounts.service';

export function accountsRoutes(app: TypedApp, accounts: AccountsService): void {
  route(app, endpoints.summary, (request) => accounts.summary(request.principal!, request.params.accountId));

  route(app, endpoints.updateInstitution, async (request) => {
    await accounts.updateInstitution(request.principal!, request.params.accountId, request.body);
    return { ok: true as const };
  });

  uploadRoutes(app, (uploads) => {
    route(
      uploads,
      endpoints.logo,
      async (request) => ({
        logoUrl: await accounts.setLogo(request.principal!, request.params.accountId, async () =>
          readPicture(await request.file()),
        ),
      }),
      { schema: { consumes: ['multipart/form-data'] } },
    );
  });
}
