import { z } from 'zod';

/**
 * Importing a centre from the original product's Firebase Realtime Database export, from the staff
 * console: staff upload the export (and optionally the Firebase Auth export), start a dry or real
 * run as a background job, watch its progress per section and read every run's stored report.
 */

/** The largest export (or Auth export) the console takes; larger ones go through the CLI. */
export const FIREBASE_EXPORT_MAX_BYTES = 1024 * 1024 * 1024;

/** The export's sections in the order an import reads them; `auth` is the Firebase Auth export. */
export const FIREBASE_IMPORT_SECTIONS = ['USERS', 'auth', 'StudentArchive', 'PARENT-STUDENT-MAPPER'] as const;

export const firebaseImportFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  bytes: z.number().int(),
});
export type FirebaseImportFile = z.infer<typeof firebaseImportFileSchema>;

/** The project's password hash parameters, as the Firebase console shows them (see the CLI). */
export const firebaseHashParametersSchema = z.object({
  signerKey: z.string().trim().min(1).max(200),
  saltSeparator: z.string().trim().min(1).max(100),
  rounds: z.number().int().min(1).max(30).default(8),
  memCost: z.number().int().min(1).max(20).default(14),
});

export const firebaseImportStartSchema = z.object({
  exportFileId: z.string().min(1).max(64),
  dryRun: z.boolean(),
  auth: z.object({ fileId: z.string().min(1).max(64), params: firebaseHashParametersSchema }).optional(),
});
export type FirebaseImportStart = z.input<typeof firebaseImportStartSchema>;

export const firebaseImportStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);

const countsSchema = z.object({
  in: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  orphans: z.number().int(),
});
/**
 * A record skipped or an orphan: `reason` is a message code (messages-firebase-import.ts, or the
 * spec's SMS_INVALID_PHONE) with its `params`; runs stored before codes hold an English sentence.
 */
const entrySchema = z.object({
  entity: z.string(),
  key: z.string(),
  reason: z.string(),
  params: z.record(z.string(), z.string()).optional(),
});

export const firebaseImportRunSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  dryRun: z.boolean(),
  status: firebaseImportStatusSchema,
  startedAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  /** Records processed so far per section (FIREBASE_IMPORT_SECTIONS). */
  progress: z.record(z.string(), z.number().int()),
  /** All entities together, once finished. */
  totals: countsSchema.nullable(),
});
export type FirebaseImportRun = z.infer<typeof firebaseImportRunSchema>;

export const firebaseImportRunListSchema = z.object({ runs: z.array(firebaseImportRunSchema) });
export type FirebaseImportRunList = z.infer<typeof firebaseImportRunListSchema>;

export const firebaseImportReportSchema = firebaseImportRunSchema.extend({
  entities: z.record(z.string(), countsSchema),
  skipped: z.array(entrySchema),
  orphans: z.array(entrySchema),
  /** Why a failed run stopped. */
  error: z.string().nullable(),
});
export type FirebaseImportReport = z.infer<typeof firebaseImportReportSchema>;
