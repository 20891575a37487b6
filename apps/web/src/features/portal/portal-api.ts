import {
  type EndpointInput,
  type EndpointResponse,
  fillPath,
  PORTAL_PATHS,
  type portalEndpoints,
  queryString,
} from '@batchwise/domain';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

/**
 * The portal's calls without the app's typed client (lib/api-client.ts): that one reaches zod
 * through the endpoint contracts, which a parent's phone should not download for the home page
 * (the admission wizard does the same, admission-api.ts). Paths are the contracts' own
 * (`PORTAL_PATHS`), types come from the contracts as types only.
 */

type Contracts = typeof portalEndpoints;
export type PortalAnswer<K extends keyof Contracts> = EndpointResponse<Contracts[K]>;
export type PortalBody<K extends keyof Contracts> = EndpointInput<Contracts[K]>['body'];
type Query = Readonly<Record<string, string | number | undefined>>;

/**
 * Keys in the app's shape `[resource, params, path, query]` (api-client.ts `queryKeyOf`), so a
 * live event naming `portal` `{ studentId }` refreshes that child's pages and nobody else's.
 */
function keyOf(path: string, studentId: string | null, query: Query = {}): QueryKey {
  return ['portal', studentId === null ? {} : { studentId }, path, query];
}

function read<K extends keyof Contracts>(path: string, studentId: string | null, query?: Query) {
  return queryOptions({
    queryKey: keyOf(path, studentId, query),
    queryFn: ({ signal }) =>
      apiFetch<PortalAnswer<K>>(
        fillPath(path, studentId === null ? {} : { studentId }) + queryString(query),
        { signal },
      ),
  });
}

export const portalQueries = {
  home: () => read<'home'>(PORTAL_PATHS.home, null),
  fees: (studentId: string) => read<'fees'>(PORTAL_PATHS.fees, studentId),
  attendance: (studentId: string, month: string | undefined) =>
    read<'attendance'>(PORTAL_PATHS.attendance, studentId, { month }),
  results: (studentId: string) => read<'results'>(PORTAL_PATHS.results, studentId),
  classes: (studentId: string) => read<'classes'>(PORTAL_PATHS.classes, studentId),
  messages: (studentId: string, page: number) => read<'messages'>(PORTAL_PATHS.messages, studentId, { page }),
  profile: () => read<'profile'>(PORTAL_PATHS.profile, null),
  devices: () => read<'devices'>(PORTAL_PATHS.devices, null),
};

export function startPay(studentId: string, body: PortalBody<'pay'>): Promise<PortalAnswer<'pay'>> {
  return apiFetch(fillPath(PORTAL_PATHS.pay, { studentId }), { method: 'POST', body });
}

export function openReport(
  studentId: string,
  body: PortalBody<'openReport'>,
): Promise<PortalAnswer<'openReport'>> {
  return apiFetch(fillPath(PORTAL_PATHS.openReport, { studentId }), { method: 'POST', body });
}

export function updateProfile(body: PortalBody<'updateProfile'>): Promise<PortalAnswer<'updateProfile'>> {
  return apiFetch(PORTAL_PATHS.profile, { method: 'PUT', body });
}

export function signOutDevice(deviceId: string): Promise<unknown> {
  return apiFetch(fillPath(PORTAL_PATHS.signOutDevice, { deviceId }), { method: 'DELETE' });
}
