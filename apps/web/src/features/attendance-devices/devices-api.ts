import {
  type AttendanceDevice,
  attendanceDeviceEndpoints as endpoints,
  type KioskDeviceInput,
  type ZktecoDeviceInput,
} from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, endpointQuery, refresh } from '../../lib/api-client';

export type { AttendanceDevice };

/** Last contact moves every few seconds on the server without an event: the list looks again. */
const REFRESH_EVERY_MS = 20_000;

export function devicesQuery(accountId: string) {
  return queryOptions({
    ...endpointQuery(endpoints.list, { params: { accountId } }),
    refetchInterval: REFRESH_EVERY_MS,
    retry: false,
  });
}

export const devicesApi = {
  addZkteco: (accountId: string, body: ZktecoDeviceInput) =>
    call(endpoints.addZkteco, { params: { accountId }, body }),
  issueKiosk: (accountId: string, body: KioskDeviceInput) =>
    call(endpoints.issueKiosk, { params: { accountId }, body }),
  rename: (accountId: string, deviceId: string, name: string) =>
    call(endpoints.rename, { params: { accountId, deviceId }, body: { name } }),
  revoke: (accountId: string, deviceId: string) =>
    call(endpoints.revoke, { params: { accountId, deviceId } }),
  sync: (accountId: string, deviceId: string) => call(endpoints.sync, { params: { accountId, deviceId } }),
};

/** The list reads the 'attendance' resource (endpoints/attendance-devices.ts). */
export function refreshDevices(queryClient: QueryClient, accountId: string): Promise<void> {
  return refresh(queryClient, 'attendance', { accountId });
}

/** Where a ZKTeco device on the school's network should push: this site's host and port. */
export function serverAddress(location: Pick<Location, 'hostname' | 'port' | 'protocol'>) {
  const https = location.protocol === 'https:';
  return { host: location.hostname, port: location.port || (https ? '443' : '80'), https };
}
