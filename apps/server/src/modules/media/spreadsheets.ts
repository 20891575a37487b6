import { Readable } from 'node:stream';
import type { SheetCell } from '@batchwise/domain';
import type { MultipartFile } from '@fastify/multipart';
import type ExcelJS from 'exceljs';
import { AppError, failure } from '../../lib/errors';
import { loadExcelJs } from '../../lib/exceljs';
import { openZip, requireBoundedZip } from './zip-bounds';

// Uploaded spreadsheets (.xlsx, and .csv as a convenience): SMS templates read their rows (spec
// 001 §5, message template builder), bulk onboarding its worksheet, marks entry its marks sheet.
// Cells come back as the text a person sees in Excel, so a template prints "10-06-2025" rather
// than a date serial or an ISO timestamp.

export type SpreadsheetKind = 'xlsx' | 'csv';

export interface UploadedSpreadsheet {
  fileName: string;
  kind: SpreadsheetKind;
  body: Buffer;
}

export interface SheetRows {
  name: string;
  rows: SheetCell[][];
}

export interface ReadLimits {
  /** Rows read per worksheet; one more is read, so a caller can tell that a sheet is longer. */
  rows: number;
  columns: number;
}

const KINDS: Record<string, SpreadsheetKind> = { xlsx: 'xlsx', csv: 'csv' };

/**
 * What an .xlsx may unpack to. Sheets compress about tenfold, so an upload within its few
 * megabytes unpacks far below this; a file past it is a zip bomb, not a class list.
 */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

/** Reads one uploaded .xlsx or .csv into memory, refusing other files and files past `maxBytes`. */
export async function readSpreadsheetUpload(
  file: MultipartFile | undefined,
  maxBytes: number,
): Promise<UploadedSpreadsheet> {
  const kind = KINDS[/\.([a-z]+)$/i.exec(file?.filename ?? '')?.[1]?.toLowerCase() ?? ''];
  if (!file || !kind) throw failure(400, 'SHEET_FILE_TYPE');
  const body = await file.toBuffer().catch(() => undefined);
  if (!body || file.file.truncated || body.length > maxBytes)
    throw failure(413, 'SHEET_TOO_LARGE', { max: maxBytes / 1024 / 1024 });
  return { fileName: file.filename, kind, body };
}

/**
 * Every worksheet of the file as rows of cells (row 0 = spreadsheet row 1), each cut at the
 * limits. An .xlsx is read as a stream, row by row, so a sheet of a million rows (or a small file
 * that unpacks to one) stops at the limit instead of filling memory; a file that unpacks past
 * MAX_UNPACKED_BYTES is refused before it is read (zip-bounds.ts). A file that is not a
 * spreadsheet of its kind is refused with SHEET_UNREADABLE.
 */
export async function readSpreadsheet(file: UploadedSpreadsheet, limits: ReadLimits): Promise<SheetRows[]> {
  try {
    if (file.kind === 'csv') return [await readCsv(file.body, limits)];
    await requireBoundedZip(file.body, MAX_UNPACKED_BYTES);
    return await readXlsx(file.body, limits);
  } catch (error) {
    unreadable(error, file);
  }
}

/**
 * Our own refusals pass through; whatever else a broken file throws reads as SHEET_UNREADABLE,
 * with the underlying error, the file's size and its kind in the log (never its content), so a
 * refused file that was valid names its cause.
 */
function unreadable(error: unknown, file: UploadedSpreadsheet): never {
  if (error instanceof AppError) throw error;
  const refusal = failure(400, 'SHEET_UNREADABLE');
  refusal.logged = { err: error, bytes: file.body.length, kind: file.kind };
  throw refusal;
}

/**
 * ExcelJS's streaming workbook reader, fed entry by entry from the zip in memory. Its own zip
 * handling (a streaming unzip, and a temp file for every worksheet stored before the shared
 * strings, as ExcelJS itself writes them) is what refused valid files now and then; the file is
 * already in memory and bounded (zip-bounds.ts), so its parts are read straight from there, in the
 * order the worksheets need them. These are the reader's own steps (exceljs 4.4,
 * lib/stream/xlsx/workbook-reader.js), called in the order its `parse` calls them.
 */
interface WorkbookParts {
  model?: { sheets?: { id: number; name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(entry: Readable, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
}

async function readXlsx(body: Buffer, limits: ReadLimits): Promise<SheetRows[]> {
  const zip = await openZip(body);
  try {
    const ExcelJS = await loadExcelJs();
    const book = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Styles tell dates from numbers (a cell's number format).
      styles: 'cache',
      worksheets: 'emit',
    }) as unknown as WorkbookParts;
    const part = (name: string) => {
      const entry = zip.entries.get(name);
      return entry ? zip.open(entry) : undefined;
    };
    const rels = await part('xl/_rels/workbook.xml.rels');
    const workbook = await part('xl/workbook.xml');
    if (!rels || !workbook) throw new Error('not a workbook: no xl/workbook.xml or its relationships');
    await book._parseRels(rels);
    await book._parseWorkbook(workbook);
    const strings = await part('xl/sharedStrings.xml');
    // Cached by the reader as it goes: the loop only drives it.
    if (strings) for await (const _string of book._parseSharedStrings(strings));
    const styles = await part('xl/styles.xml');
    if (styles) await book._parseStyles(styles);

    const sheets: SheetRows[] = [];
    // In the workbook's order (the tabs as Excel shows them), each from the part its relationship names.
    for (const { name, rId } of book.model?.sheets ?? []) {
      const target = book.workbookRels?.find((rel) => rel.Id === rId)?.Target ?? '';
      const sheetNo = /^\/?(?:xl\/)?worksheets\/sheet(\d+)\.xml$/.exec(target)?.[1];
      const stream = sheetNo && (await part(`xl/worksheets/sheet${sheetNo}.xml`));
      if (!sheetNo || !stream) continue;
      for (const { value: worksheet } of book._parseWorksheet(stream, sheetNo)) {
        const rows: SheetCell[][] = [];
        // The reader gives the rows that have cells; gaps between them are empty rows in Excel.
        for await (const row of worksheet) {
          if (row.number > limits.rows + 1) break;
          while (rows.length < row.number - 1) rows.push([]);
          rows.push(rowCells(row.values, limits.columns));
        }
        sheets.push({ name, rows });
      }
      // A sheet cut at the row limit is left unread.
      stream.destroy();
    }
    return sheets;
  } finally {
    zip.close();
  }
}

async function readCsv(body: Buffer, limits: ReadLimits): Promise<SheetRows> {
  // Excel writes a byte order mark at the start of a UTF-8 CSV.
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  // Every value stays the text it was: the default map turns "01712345678" into a number.
  const worksheet = await workbook.csv.read(Readable.from([text]), { map: (value: unknown) => value });
  const rows: SheetCell[][] = [];
  worksheet.eachRow({ includeEmpty: true }, (row, number) => {
    if (number <= limits.rows + 1) rows[number - 1] = rowCells(row.values, limits.columns);
  });
  return { name: worksheet.name, rows: Array.from(rows, (row) => row ?? []) };
}

/** ExcelJS row values start at index 1 (column A). */
function rowCells(values: unknown, columns: number): SheetCell[] {
  const list = Array.isArray(values) ? values.slice(1, columns + 1) : [];
  return Array.from(list, cellValue);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as Excel shows it: formulas by their result, links and rich text by their text, dates as DD-MM-YYYY. */
export function cellValue(value: unknown): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) {
    // Excel dates have no zone; ExcelJS gives them as that wall time in UTC.
    const day = `${pad(value.getUTCDate())}-${pad(value.getUTCMonth() + 1)}-${value.getUTCFullYear()}`;
    const minutes = value.getUTCHours() * 60 + value.getUTCMinutes();
    return minutes === 0 ? day : `${day} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
  }
  if (typeof value === 'object') {
    const cell = value as {
      result?: unknown;
      text?: unknown;
      richText?: { text: string }[];
      error?: unknown;
    };
    if ('result' in cell) return cellValue(cell.result);
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if (typeof cell.text === 'string' || (typeof cell.text === 'object' && cell.text !== null))
      return cellValue(cell.text);
    if ('error' in cell) return null;
  }
  return null;
}
