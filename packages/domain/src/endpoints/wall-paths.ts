/**
 * The family side of the classroom wall, in a module without zod (as portal-paths.ts): the
 * portal's light entry calls them with `fillPath` without loading the schemas.
 */
export const WALL_FAMILY_PATHS = {
  wall: '/api/portal/students/:studentId/wall',
  comment: '/api/portal/students/:studentId/wall/:postId/comments',
  removeComment: '/api/portal/students/:studentId/wall/:postId/comments/:commentId',
} as const;
