/**
 * The paths of the family portal's endpoints, in a module of their own without zod: the contracts
 * in portal.ts read them, and the portal's light entry (apps/web features/portal) calls them
 * without loading every schema. Fill `:studentId` / `:deviceId` / `:key` with `fillPath`.
 * `profile` answers GET (read) and PUT (change).
 */
export const PORTAL_PATHS = {
  home: '/api/portal/home',
  fees: '/api/portal/students/:studentId/fees',
  pay: '/api/portal/students/:studentId/pay',
  attendance: '/api/portal/students/:studentId/attendance',
  results: '/api/portal/students/:studentId/results',
  openReport: '/api/portal/students/:studentId/results/open',
  classes: '/api/portal/students/:studentId/classes',
  messages: '/api/portal/students/:studentId/messages',
  profile: '/api/portal/me',
  devices: '/api/portal/me/devices',
  signOutDevice: '/api/portal/me/devices/:deviceId',
  publicAttendance: '/api/public/attendance/:key',
} as const;
