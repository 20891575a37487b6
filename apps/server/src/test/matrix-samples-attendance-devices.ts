import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { managers } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of attendance devices: the device list and its changes belong
// to the account's owner and admins (assistants are refused, attendance-devices.policy.ts). The
// iclock routes are public at the router: a device names itself by serial, which the service
// checks; each call names a ZKTeco device made for it, so an allowed call goes all the way.

let serials = 0;
const uniqueSerial = () =>
  `MX${Date.now().toString(36).toUpperCase()}${(serials++).toString(36).toUpperCase()}`;

async function freshDevice(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const id = newId(now);
  const serial = uniqueSerial();
  await deps.db.kysely
    .insertInto('attendance_devices')
    .values({
      id,
      account_id: w.accounts[side],
      kind: 'zkteco',
      name: 'Matrix gate',
      serial,
      key_hash: null,
      created_by: null,
      created_at: now,
      last_contact_at: null,
      revoked_at: null,
    })
    .execute();
  return { id, serial };
}

const account = (w: World, side: 'A' | 'B') => ({ accountId: w.accounts[side] });
const device = async (w: World, d: Deps, side: 'A' | 'B') => ({
  params: { ...account(w, side), deviceId: (await freshDevice(w, d, side)).id },
});
const fromDevice = async (w: World, d: Deps, query: string, body?: string) => ({
  query: `SN=${(await freshDevice(w, d, 'A')).serial}${query}`,
  body,
});

export const ATTENDANCE_DEVICE_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/attendance-devices': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side) }),
  },
  'POST /api/accounts/:accountId/attendance-devices/zkteco': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side), body: { serial: uniqueSerial(), name: 'Gate' } }),
  },
  'POST /api/accounts/:accountId/attendance-devices/kiosk': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side), body: { name: 'Front desk tablet' } }),
  },
  'PATCH /api/accounts/:accountId/attendance-devices/:deviceId': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({ ...(await device(w, d, side)), body: { name: 'Back gate' } }),
  },
  'DELETE /api/accounts/:accountId/attendance-devices/:deviceId': {
    institution: true,
    allowed: managers,
    call: device,
  },
  'POST /api/accounts/:accountId/attendance-devices/:deviceId/sync': {
    institution: true,
    allowed: managers,
    call: device,
  },
  ...Object.fromEntries(
    ['', '.aspx'].flatMap((suffix): [string, Sample][] => [
      [
        `GET /iclock/cdata${suffix}`,
        { allowed: 'everyone', call: (w, d) => fromDevice(w, d, '&options=all&pushver=2.4.1') },
      ],
      [
        `POST /iclock/cdata${suffix}`,
        {
          allowed: 'everyone',
          call: (w, d) => fromDevice(w, d, '&table=ATTLOG&Stamp=1', '9999\t2026-03-01 09:00:00\t0\t1\n'),
        },
      ],
      [`GET /iclock/getrequest${suffix}`, { allowed: 'everyone', call: (w, d) => fromDevice(w, d, '') }],
      [
        `POST /iclock/devicecmd${suffix}`,
        { allowed: 'everyone', call: (w, d) => fromDevice(w, d, '', 'ID=1&Return=0&CMD=DATA\n') },
      ],
    ]),
  ),
  'GET /iclock/ping': { allowed: 'everyone', call: (w, d) => fromDevice(w, d, '') },
};
