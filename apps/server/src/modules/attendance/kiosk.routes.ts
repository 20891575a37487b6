import { DEVICE_KEY_HEADER, attendanceEndpoints as endpoints } from '@batchwise/domain';
import type { FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { hashDeviceKey } from './device-keys';
import type { KioskCaller, KioskService } from './kiosk.service';

/**
 * Per device key (or per address without one), counted across processes: far above a gate's pace
 * (a scan a second or two) and an offline replay (200 punches a request), yet a runaway or stolen
 * key cannot flood the database. Wrong keys are also counted per address in the database
 * (kiosk.service.ts).
 */
export const kioskConfig = {
  // No CSRF header needed: the caller is authenticated by the device-key header, which a page of
  // another site cannot send (a custom header needs a preflight we never grant); no cookie counts.
  csrf: false,
  rateLimit: {
    max: 3000,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => {
      const key = request.headers[DEVICE_KEY_HEADER];
      return typeof key === 'string' && key !== '' ? `kiosk:${hashDeviceKey(key)}` : `ip:${request.ip}`;
    },
  },
};

export const caller = (request: Pick<FastifyRequest, 'headers' | 'ip'>): KioskCaller => ({
  key: request.headers[DEVICE_KEY_HEADER],
  ip: request.ip,
});

/** The kiosk routes: public at the router, the device key checked by the service. */
export function kioskRoutes(app: TypedApp, kiosk: KioskService): void {
  route(app, endpoints.kioskDevice, (r) => kiosk.device(caller(r)), { config: kioskConfig });
  route(app, endpoints.kioskPunches, (r) => kiosk.punches(caller(r), r.body.punches), {
    config: kioskConfig,
  });
  route(app, endpoints.kioskIdentify, (r) => kiosk.identify(caller(r), r.body.code), {
    config: kioskConfig,
  });
}
