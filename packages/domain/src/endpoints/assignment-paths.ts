/**
 * The family side of online assignments, without zod, so the portal's light entry (apps/web
 * features/portal) can call them without loading every schema. Fill with `fillPath`.
 */
export const FAMILY_ASSIGNMENT_PATHS = {
  list: '/api/portal/students/:studentId/assignments',
  submit: '/api/portal/students/:studentId/assignments/:assignmentId/submission',
  upload: '/api/portal/students/:studentId/assignment-files',
} as const;
