import { z } from 'zod';
import { timestampField } from './fields';
import { writtenSendPreviewSchema } from './sms';

// Messages built from a spreadsheet (the SMS capability's "Templates from a spreadsheet"; spec part 2 §5
// "Message template builder", §3 template output item). The server reads the uploaded file into
// rows; the browser keeps them while the template is written (previewing with the same domain
// rules) and sends them back with the template, so the server builds, prices and pays for every
// message itself from the rows and the template.

/** Bounds of a sheet a template is filled from: a class's marks or an account's dues list. */
export const TEMPLATE_SHEET_LIMITS = {
  /** Data rows, below the header row. */
  rows: 5_000,
  columns: 60,
  cellChars: 500,
  /** The uploaded .xlsx or .csv file. */
  fileBytes: 5 * 1024 * 1024,
  /** The rows as JSON, as they travel back with the template (a packed .xlsx unpacks larger). */
  rowsJsonBytes: 6 * 1024 * 1024,
} as const;

const cellSchema = z.union([
  z.string().max(TEMPLATE_SHEET_LIMITS.cellChars),
  z.number(),
  z.boolean(),
  z.null(),
]);
/** Row 0 holds the headers (spreadsheet row 1), as the domain's Sheet. */
export const templateRowsSchema = z
  .array(z.array(cellSchema).max(TEMPLATE_SHEET_LIMITS.columns))
  .min(1)
  .max(TEMPLATE_SHEET_LIMITS.rows + 1);

/** An uploaded spreadsheet, read: its first worksheet as rows of cells. */
export const templateSheetSchema = z.object({
  fileName: z.string(),
  sheetName: z.string(),
  rows: templateRowsSchema,
});
export type TemplateSheet = z.output<typeof templateSheetSchema>;

/** A template and the rows it is filled from, for the preview and then for the send. */
export const smsTemplateSendSchema = z.object({
  template: z.string().max(2000),
  rows: templateRowsSchema,
  phoneColumn: z
    .string()
    .max(100)
    .optional()
    .describe('Header or column letter of the phone column; found by name when absent'),
  urgent: z.boolean().default(false),
  sendAt: timestampField.nullable().default(null),
});
export type SmsTemplateSend = z.output<typeof smsTemplateSendSchema>;

export const TEMPLATE_DROP_REASONS = ['NO_PHONE', 'INVALID_PHONE', 'CONDITION', 'DUPLICATE'] as const;

/** What a template send would be: its messages, the rows left out and why, cost and quota. */
export const smsTemplatePreviewSchema = writtenSendPreviewSchema.extend({
  recipients: z.number().int().describe('Messages to send: one per row that gets one'),
  parts: z.number().int().describe('SMS of the whole send (100 characters each): the debit'),
  sample: z
    .array(z.object({ row: z.number().int(), phone: z.string(), text: z.string(), parts: z.number().int() }))
    .describe('The first messages, for the confirmation'),
  dropped: z.array(
    z.object({ row: z.number().int(), reason: z.enum(TEMPLATE_DROP_REASONS), phone: z.string() }),
  ),
});
export type SmsTemplatePreview = z.output<typeof smsTemplatePreviewSchema>;

/** How many templates an account keeps. */
export const SMS_TEMPLATES_MAX = 200;

export const smsTemplateInputSchema = z.object({
  name: z.string().trim().min(1).max(80),
  body: z.string().trim().min(1).max(2000),
});
export type SmsTemplateInput = z.output<typeof smsTemplateInputSchema>;

export const smsTemplateSchema = smsTemplateInputSchema.extend({
  id: z.string(),
  updatedAt: timestampField,
});
export type SmsTemplate = z.output<typeof smsTemplateSchema>;

export const smsTemplatesSchema = z.object({ items: z.array(smsTemplateSchema) });
export type SmsTemplates = z.output<typeof smsTemplatesSchema>;
