import { z } from 'zod';
import { studentListQuerySchema } from './student';

// Table export (part 2 §2 "Export control", §9): "Export As" PDF or XLSX.

export const EXPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** A table as shown may also go out as CSV (UTF-8 with a byte-order mark, so Excel reads Bangla). */
export const TABLE_EXPORT_FORMATS = [...EXPORT_FORMATS, 'csv'] as const;
export type TableExportFormat = (typeof TABLE_EXPORT_FORMATS)[number];
/** More rows than this are refused: a filtered table is what people print or share. */
export const EXPORT_MAX_ROWS = 10_000;
export const EXPORT_MAX_COLUMNS = 60;

const cell = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

/**
 * `POST /api/exports`: any table the web shows, exactly as shown (columns and rows the caller
 * already has), rendered as a file. The PDF shapes Bangla correctly.
 */
export const exportTableSchema = z.object({
  format: z.enum(TABLE_EXPORT_FORMATS),
  title: z.string().trim().max(120).default('').describe('File name and PDF heading'),
  headers: z.array(z.string().max(200)).min(1).max(EXPORT_MAX_COLUMNS),
  rows: z.array(z.array(cell).max(EXPORT_MAX_COLUMNS)).max(EXPORT_MAX_ROWS),
});
export type ExportTable = z.output<typeof exportTableSchema>;

/** Columns of the students export, in this order unless `columns` picks others. */
export const STUDENT_EXPORT_COLUMNS = [
  'name',
  'customId',
  'phone',
  'email',
  'institution',
  'rfid',
  'parent1Phone',
  'parent2Phone',
  'classrooms',
  'teacherName',
] as const;
export type StudentExportColumn = (typeof STUDENT_EXPORT_COLUMNS)[number];

/** `GET /api/accounts/:accountId/students/export`: the whole filtered list, not one page. */
export const studentExportQuerySchema = studentListQuerySchema.omit({ page: true, pageSize: true }).extend({
  format: z.enum(EXPORT_FORMATS),
  columns: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((c) => c.trim())
            .filter((c): c is StudentExportColumn =>
              (STUDENT_EXPORT_COLUMNS as readonly string[]).includes(c),
            )
        : [...STUDENT_EXPORT_COLUMNS],
    )
    .describe('Comma-separated columns (configurable table), e.g. name,phone,classrooms'),
  customFields: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean)
        : [],
    )
    .describe('Custom fields to add as columns, comma-separated'),
});
