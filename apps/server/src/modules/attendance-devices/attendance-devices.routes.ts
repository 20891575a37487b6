import { attendanceDeviceEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { AttendanceDevicesService } from './attendance-devices.service';
import { iclockRoutes } from './iclock.routes';
import type { IclockService } from './iclock.service';

/** Attendance devices: the management API, and the devices' own iclock routes. */
export function attendanceDevicesRoutes(
  app: TypedApp,
  services: { devices: AttendanceDevicesService; iclock: IclockService },
): void {
  const { devices } = services;
  route(app, endpoints.list, (r) => devices.list(r.principal!, r.params.accountId));
  route(app, endpoints.addZkteco, (r) => devices.addZkteco(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.issueKiosk, (r) => devices.issueKiosk(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.rename, (r) =>
    devices.rename(r.principal!, r.params.accountId, r.params.deviceId, r.body),
  );
  route(app, endpoints.revoke, (r) => devices.revoke(r.principal!, r.params.accountId, r.params.deviceId));
  route(app, endpoints.sync, (r) => devices.sync(r.principal!, r.params.accountId, r.params.deviceId));
  iclockRoutes(app, services.iclock);
}
