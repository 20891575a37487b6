import {
  kioskDeviceSchema,
  kioskIdentifyInputSchema,
  kioskIdentifyResultSchema,
  kioskPunchesInputSchema,
  kioskPunchesResultSchema,
} from '../contracts/attendance';
import { endpoint } from '../contracts/endpoint';

const tags = ['attendance'];

/**
 * The kiosk. Public at the router: no session, the device key in the
 * `x-batchwise-device-key` header (DEVICE_KEY_HEADER) names the device and its account, and the
 * service refuses anything else. The key means nothing on any other route.
 */
export const attendanceEndpoints = {
  kioskDevice: endpoint({
    method: 'GET',
    path: '/api/kiosk/device',
    access: 'public',
    tags,
    summary: "The kiosk's device name and institution, from its device key",
    response: kioskDeviceSchema,
  }),
  kioskPunches: endpoint({
    method: 'POST',
    path: '/api/kiosk/punches',
    access: 'public',
    tags,
    summary:
      'Record scans (live or replayed from the offline queue); a resent client id is answered, not stored again',
    body: kioskPunchesInputSchema,
    response: kioskPunchesResultSchema,
  }),
  kioskIdentify: endpoint({
    method: 'POST',
    path: '/api/kiosk/identify',
    access: 'public',
    tags,
    summary: 'Who a card, tag or QR code belongs to in this account; records nothing',
    body: kioskIdentifyInputSchema,
    response: kioskIdentifyResultSchema,
  }),
};
