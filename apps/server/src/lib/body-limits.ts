import { EXPORT_MAX_ROWS } from '@batchwise/domain';

/**
 * Request body limits, per route. Fastify reads a whole JSON body into memory and parses it on
 * the event loop before any check runs, so the default is sized for forms (a few kB) and only
 * routes that carry big documents raise it. A bigger body is refused from its Content-Length,
 * before it is read: 413 REQUEST_TOO_LARGE. Multipart uploads have their own limit (uploads.ts).
 */
export const BODY_LIMITS = {
  /** Every JSON route unless it says otherwise: a long form with Bangla text is under 20 kB. */
  json: 128 * 1024,
  /** A news item: up to 100,000 characters of HTML (3 bytes a Bangla character) plus JSON escapes. */
  news: 1024 * 1024,
  /** A table export as shown: up to EXPORT_MAX_ROWS rows, about 800 bytes a row at most in practice. */
  export: EXPORT_MAX_ROWS * 800,
} as const;
