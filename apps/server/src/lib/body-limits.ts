import { EXPORT_MAX_ROWS, TEMPLATE_SHEET_LIMITS } from '@batchwise/domain';

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
  /** A message template with the rows of its sheet, and the few fields beside them. */
  templateRows: TEMPLATE_SHEET_LIMITS.rowsJsonBytes + 64 * 1024,
} as const;
