import { accountExportEndpoints as endpoints } from '@batchwise/domain';
import { attachmentDisposition } from '../../lib/content-disposition';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { AccountExportService } from './account-export.service';

/** The owner's account export; who may call is in the contracts and account-export.policy.ts. */
export function accountExportRoutes(app: TypedApp, services: { accountExport: AccountExportService }): void {
  const { accountExport } = services;
  route(app, endpoints.list, (r) => accountExport.list(r.principal!, r.params.accountId));
  route(app, endpoints.start, (r) => accountExport.start(r.principal!, r.params.accountId));
  route(
    app,
    endpoints.download,
    async (r, reply) => {
      const { object, fileName } = await accountExport.download(
        r.principal!,
        r.params.accountId,
        r.params.exportId,
        r.query,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', object.size)
        .header('cache-control', 'no-store')
        .header('content-disposition', attachmentDisposition(fileName))
        .send(object.body);
    },
    { config: { download: true } },
  );
}
