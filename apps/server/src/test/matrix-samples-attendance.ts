import { randomUUID } from 'node:crypto';
import { DEVICE_KEY_HEADER } from '@batchwise/domain';
import type { Deps } from '../deps';
import { insertKiosk } from '../modules/attendance/attendance-fixture';
import type { Call, Sample } from './matrix-samples';
import type { World } from './world';

// Matrix samples of the kiosk. Its routes are public at the router: who the
// caller is (signed in or not, any role) never matters, only the device key of A's kiosk that each
// call carries. That the key opens no other route is proven in modules/attendance/kiosk.test.ts.

const keys = new WeakMap<World, Promise<string>>();

async function kioskCall(w: World, d: Deps, body?: unknown): Promise<Call> {
  let key = keys.get(w);
  if (!key) {
    key = insertKiosk(d, w.accounts.A, { name: 'Matrix gate' }).then((k) => k.key);
    keys.set(w, key);
  }
  return { headers: { [DEVICE_KEY_HEADER]: await key }, body };
}

export const ATTENDANCE_SAMPLES: Record<string, Sample> = {
  'GET /api/kiosk/device': { allowed: 'everyone', call: (w, d) => kioskCall(w, d) },
  'POST /api/kiosk/punches': {
    allowed: 'everyone',
    call: (w, d) =>
      kioskCall(w, d, {
        punches: [{ clientId: randomUUID(), code: `BW1:S:${w.students.A}`, via: 'qr', at: d.clock.now() }],
      }),
  },
  'POST /api/kiosk/identify': {
    allowed: 'everyone',
    call: (w, d) => kioskCall(w, d, { code: `BW1:S:${w.students.A}` }),
  },
};
