// Table export rules (part 2 §9): PDF page layout and spreadsheet safety.

export const SPREADSHEET_SHEET_NAME = 'React Table Data';
/** Width of every exported spreadsheet column, in characters. */
export const SPREADSHEET_COLUMN_WIDTH = 26;
/** Written where a value is missing. */
export const ABSENT_VALUE = 'Absent';

export interface PdfLayout {
  readonly format: 'a3' | 'a4';
  readonly orientation: 'landscape' | 'portrait';
}

/** A3 when there are more than 14 columns, else A4; landscape above `landscapeAbove` (9). */
export function pdfLayout(headerCount: number, landscapeAbove = 9): PdfLayout {
  return {
    format: headerCount > 14 ? 'a3' : 'a4',
    orientation: headerCount > landscapeAbove ? 'landscape' : 'portrait',
  };
}

// Phone numbers and signed amounts start with + or - too; made only of digits and number
// punctuation they cannot carry a formula payload, so they are exported untouched.
const PLAIN_SIGNED_NUMBER = /^[+-][\d\s.,()/-]*$/;

/**
 * Neutralises text a spreadsheet would run as a formula (CSV/formula injection): a string
 * starting with `=`, `+`, `-`, `@`, tab or carriage return gets a leading apostrophe, unless it
 * is a plain signed number or phone such as `+8801712345678` or `-250`.
 */
export function sanitizeSpreadsheetCell<T>(value: T): T | string {
  if (typeof value !== 'string' || value === '') return value;
  const first = value[0];
  if (first === '=' || first === '@' || first === '\t' || first === '\r') return `'${value}`;
  if ((first === '+' || first === '-') && !PLAIN_SIGNED_NUMBER.test(value)) return `'${value}`;
  return value;
}

/** A cell ready to write: absent values (null, undefined, blank) become "Absent", text is sanitised. */
export function spreadsheetCell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return ABSENT_VALUE;
  if (typeof value === 'number' || typeof value === 'boolean')
    return Number.isNaN(value) ? ABSENT_VALUE : value;
  const text = String(value);
  return text.trim() === '' ? ABSENT_VALUE : (sanitizeSpreadsheetCell(text) as string);
}
