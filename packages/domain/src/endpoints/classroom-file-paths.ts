/**
 * The family side of classroom files, without zod (as wall-paths.ts): the portal's light entry
 * calls them with `fillPath` without loading the schemas.
 */
export const FAMILY_FILE_PATHS = {
  list: '/api/portal/students/:studentId/files',
  content: '/api/portal/students/:studentId/files/:fileId/content',
} as const;
