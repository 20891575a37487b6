import type { HttpMethod } from '../contracts/endpoint';
import type { Resource } from '../contracts/resources';

/** What a client reads of an endpoint to call it: its method, path and cached resource. */
export interface EndpointRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly resource?: Resource;
}

/**
 * The routes of the endpoints the signed-in frame and the dashboard call on every first load, in a
 * module of their own without zod (as portal-paths.ts): the contracts take their method, path and
 * resource from here, and the web's frame calls them by route (apps/web lib/api-client.ts
 * `routed`), so its first load does not download the contracts' schemas (spec part 1 §2.3
 * "Loading by role").
 */
export const SHELL_ROUTES = {
  session: { method: 'GET', path: '/api/session', resource: 'session' },
  accountSummary: { method: 'GET', path: '/api/accounts/:accountId/summary', resource: 'accounts' },
  admissionList: {
    method: 'GET',
    path: '/api/accounts/:accountId/admission/applications',
    resource: 'admission-applications',
  },
  tools: { method: 'GET', path: '/api/accounts/:accountId/tools', resource: 'tools' },
  endImpersonation: { method: 'POST', path: '/api/staff/impersonation/end' },
  gettingStarted: { method: 'GET', path: '/api/accounts/:accountId/getting-started', resource: 'accounts' },
  updateGettingStarted: { method: 'PUT', path: '/api/accounts/:accountId/getting-started' },
  studentVerification: {
    method: 'GET',
    path: '/api/accounts/:accountId/student-verification',
    resource: 'students',
  },
} as const satisfies Record<string, EndpointRoute>;
