import { z } from 'zod';

/**
 * The owner's export of a whole account: one zip with a JSON file per table, the people as XLSX
 * sheets and the uploaded files, built by a background job; the download link expires.
 */

/** How long a finished archive can be downloaded before it is deleted. */
export const ACCOUNT_EXPORT_LINK_HOURS = 24;

export const accountExportStatusSchema = z.enum(['queued', 'running', 'ready', 'failed']);

export const accountExportSchema = z.object({
  id: z.string(),
  status: accountExportStatusSchema,
  /** 0–100. */
  progress: z.number().int(),
  bytes: z.number().int().nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  /** When the download link stops working; null until the archive is ready. */
  expiresAt: z.number().int().nullable(),
  /** A signed download address, present while the archive is ready and not expired. */
  downloadUrl: z.string().nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const accountExportListSchema = z.object({ exports: z.array(accountExportSchema) });
export type AccountExportList = z.infer<typeof accountExportListSchema>;
