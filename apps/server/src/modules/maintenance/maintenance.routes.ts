import { maintenanceEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { MaintenanceService } from './maintenance.service';

export function maintenanceRoutes(app: TypedApp, maintenance: MaintenanceService): void {
  route(app, endpoints.status, () => maintenance.current());
  route(app, endpoints.set, (request) => maintenance.set(request.principal!, request.body));
}
