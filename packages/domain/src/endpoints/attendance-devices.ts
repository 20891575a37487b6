import {
  attendanceDeviceListSchema,
  attendanceDeviceSchema,
  deviceSyncResultSchema,
  issuedKioskSchema,
  kioskDeviceInputSchema,
  renameDeviceInputSchema,
  zktecoDeviceInputSchema,
} from '../contracts/attendance-devices';
import { endpoint } from '../contracts/endpoint';
import { accountParams, idParam, MANAGER_ACCESS, okSchema } from './common';

const tags = ['attendance-devices'];
// Punches today change with every punch, which marks 'attendance' stale: the list refreshes too.
const resource = 'attendance';

export const deviceParams = accountParams.extend({ deviceId: idParam });

/**
 * The account's attendance devices (/Sentinel-Connected-Devices): owners and
 * admins add ZKTeco devices by serial number, issue kiosk keys, rename, revoke and re-sync. The
 * devices' own traffic (/iclock/*, /api/kiosk/*) is not here: it carries no session.
 */
export const attendanceDeviceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/attendance-devices',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    resource,
    summary: 'Kiosks and ZKTeco devices with last contact, pending commands and punches today',
    params: accountParams,
    response: attendanceDeviceListSchema,
  }),
  addZkteco: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/attendance-devices/zkteco',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: "Allow a ZKTeco device by serial number; its students' PINs and cards are queued for it",
    params: accountParams,
    body: zktecoDeviceInputSchema,
    response: attendanceDeviceSchema,
    status: 201,
  }),
  issueKiosk: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/attendance-devices/kiosk',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: 'Issue a kiosk device key (answered once) and the kiosk page link',
    params: accountParams,
    body: kioskDeviceInputSchema,
    response: issuedKioskSchema,
    status: 201,
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/api/accounts/:accountId/attendance-devices/:deviceId',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: 'Rename a device',
    params: deviceParams,
    body: renameDeviceInputSchema,
    response: attendanceDeviceSchema,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/attendance-devices/:deviceId',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: 'Revoke a device: its key or serial is refused from now on; its punches stay',
    params: deviceParams,
    response: okSchema,
  }),
  sync: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/attendance-devices/:deviceId/sync',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: "Queue the account's whole student list (PIN, name, card) for a ZKTeco device again",
    params: deviceParams,
    response: deviceSyncResultSchema,
  }),
};
