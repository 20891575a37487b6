/**
 * The tus endpoint's addresses (modules/uploads), without zod, so the web's upload hook uses them
 * without loading the schemas. `create` takes a POST; an upload's own address takes HEAD, PATCH
 * and DELETE (tus 1.0).
 */
export const UPLOAD_PATHS = {
  create: '/api/uploads',
  upload: '/api/uploads/:uploadId',
} as const;
