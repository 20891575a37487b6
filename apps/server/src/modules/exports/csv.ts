import { spreadsheetCell } from '@batchwise/domain';
import type { Table } from './xlsx';

/** Excel opens a UTF-8 CSV as UTF-8 (Bangla intact) only when it starts with the byte-order mark. */
const BOM = '\uFEFF';

function field(value: unknown): string {
  const text = String(spreadsheetCell(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A table as CSV (RFC 4180: comma-separated, CRLF lines, fields with commas, quotes or line
 * breaks quoted), by the spreadsheet export's rules (part 2 §9): missing values written "Absent"
 * and text a spreadsheet would run as a formula neutralised.
 */
export function renderCsv(table: Table): Buffer {
  const lines = [table.headers, ...table.rows.map((row) => table.headers.map((_, i) => row[i]))].map(
    (cells) => cells.map(field).join(','),
  );
  return Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`, 'utf8');
}
