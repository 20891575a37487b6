import { recycleBinEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { RecycleBinService } from './recycle-bin.service';

export function recycleBinRoutes(app: TypedApp, bin: RecycleBinService): void {
  route(app, endpoints.list, (r) => bin.list(r.principal!, r.params.accountId));
  route(app, endpoints.restore, (r) => bin.restore(r.principal!, r.params.accountId, r.params.entryId));
}
