import {
  attendanceEndpoints,
  DEVICE_KEY_HEADER,
  type Endpoint,
  type EndpointResponse,
  endpointUrl,
  faceEndpoints,
  type KioskPunchesInput,
} from '@batchwise/domain';
import { ApiError, NETWORK_ERROR, toApiError } from '../../lib/api';
import type { PunchAnswer, QueuedPunch } from './punch-queue';

/**
 * Calls a kiosk route with the device key. A kiosk has no session: the key in
 * its header names the device and its account, and a form on another site cannot set it, so
 * the signed-in client's cookie and CSRF header are not used here.
 */
async function kioskCall<E extends Endpoint>(
  endpoint: E,
  deviceKey: string,
  body?: unknown,
): Promise<EndpointResponse<E>> {
  let response: Response;
  try {
    response = await fetch(endpointUrl(endpoint), {
      method: endpoint.method,
      headers: {
        Accept: 'application/json',
        [DEVICE_KEY_HEADER]: deviceKey,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, 'The server could not be reached.');
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!response.ok) throw toApiError(response.status, parsed);
  return parsed as EndpointResponse<E>;
}

export const fetchKioskDevice = (deviceKey: string) => kioskCall(attendanceEndpoints.kioskDevice, deviceKey);

export async function postPunches(
  deviceKey: string,
  punches: readonly QueuedPunch[],
): Promise<PunchAnswer[]> {
  const body: KioskPunchesInput = {
    punches: punches.map(({ clientId, code, via, at, distance }) => ({
      clientId,
      code,
      via,
      at,
      ...(distance === undefined ? {} : { distance }),
    })),
  };
  return (await kioskCall(attendanceEndpoints.kioskPunches, deviceKey, body)).results;
}

export const fetchKioskFaces = (deviceKey: string) => kioskCall(faceEndpoints.kioskFaces, deviceKey);

export const identifyCode = (deviceKey: string, code: string) =>
  kioskCall(attendanceEndpoints.kioskIdentify, deviceKey, { code });

/** How the kiosk must treat a failed call. */
export type FailureKind = 'network' | 'key' | 'refused' | 'retry';

/**
 * - `key`: the key is unknown or revoked — nothing this kiosk sends will ever be taken.
 * - `refused`: the server read the request and will never accept it as it is (bad body).
 * - `network` / `retry`: try again later (no answer, a busy or failing server, rate limit, or a
 *   refusal that is not about the key: punches are never dropped on a guess).
 */
export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof ApiError) || error.code === NETWORK_ERROR || error.status === 0) return 'network';
  if (error.code === 'DEVICE_KEY_INVALID' || error.status === 401) return 'key';
  if (error.status === 400 || error.status === 413 || error.status === 422) return 'refused';
  return 'retry';
}
