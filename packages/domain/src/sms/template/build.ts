import { type DomainError, domainError } from '../../messages';
import { normalizeBdPhone } from '../../phone/normalize';
import type { Sheet, SheetCell } from '../../sheet';
import { columnNumber } from '../../text/columns';
import { textLength } from '../../text/length';
import { TEMPLATE_CHARS_PER_SMS } from '../sms';
import { compareValues } from './compare';
import { parseTemplate, type TemplateToken } from './parse';

/** One recipient's message, in the shape stored on an SMS send attempt (sendingArray). */
export interface TemplateMessage {
  readonly text: string;
  readonly phone: string;
  readonly totalSMSNeeded: number;
}

export interface TemplateOptions {
  /** Header name or column letter of the phone column; found by name when omitted. */
  readonly phoneColumn?: string;
  /** Characters per SMS for counting; default 100. */
  readonly charsPerSms?: number;
  /** Current time for NOW, in epoch milliseconds; default the clock. */
  readonly now?: number;
  /** The calendar NOW means, as minutes from UTC; default Bangladesh (+360). */
  readonly utcOffsetMinutes?: number;
}

/** Shown in place of a referenced cell that is empty or does not exist. */
export const MISSING_CELL_TEXT = '.';

/** Header comparison ignores case, surrounding spaces and repeated inner spaces. */
export function headerKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

function cellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  return String(cell).trim();
}

type Resolved =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'column'; readonly column: number }
  | { readonly kind: 'cell'; readonly row: number; readonly column: number };

/**
 * What a reference points at, in this order: a header of that name, a fixed cell such as `B2`
 * (spreadsheet numbering, row 1 = headers), or a column letter such as `C`. Header first, so a
 * column titled "ID" is not mistaken for column ID. Letters only count inside the sheet's
 * width, so a misspelt short header (`{Nme}`) is reported as unknown rather than read as a
 * far-away empty column.
 */
export function resolveReference(
  ref: string,
  headers: readonly SheetCell[],
  width = headers.length,
): Resolved {
  const key = headerKey(ref);
  if (key === '') return { kind: 'unknown' };
  const byHeader = headers.findIndex((h) => headerKey(cellText(h)) === key);
  if (byHeader !== -1) return { kind: 'column', column: byHeader };
  const cell = /^([a-z]{1,3})\s*(\d+)$/i.exec(ref.trim());
  if (cell) {
    const row = Number(cell[2]) - 1;
    const column = columnNumber(cell[1] ?? '') - 1;
    return row >= 0 && column >= 0 && column < width ? { kind: 'cell', row, column } : { kind: 'unknown' };
  }
  const column = /^[a-z]{1,3}$/i.test(ref.trim()) ? columnNumber(ref) - 1 : -1;
  return column >= 0 && column < width ? { kind: 'column', column } : { kind: 'unknown' };
}

function lookup(resolved: Resolved, sheet: Sheet, rowIndex: number): string {
  if (resolved.kind === 'unknown') return '';
  const row = resolved.kind === 'cell' ? resolved.row : rowIndex;
  return cellText(sheet[row]?.[resolved.column]);
}

const PHONE_HEADER = /phone|mobile|contact|ফোন|মোবাইল/i;

/** The phone column: the one named in options, else a header called Phone, else the first header mentioning phone or mobile. -1 when none. */
export function templatePhoneColumn(
  headers: readonly SheetCell[],
  phoneColumn?: string,
  width = headers.length,
): number {
  if (phoneColumn !== undefined && phoneColumn.trim() !== '') {
    const resolved = resolveReference(phoneColumn, headers, width);
    return resolved.kind === 'column' ? resolved.column : -1;
  }
  const exact = headers.findIndex((h) => headerKey(cellText(h)) === 'phone');
  if (exact !== -1) return exact;
  return headers.findIndex((h) => PHONE_HEADER.test(cellText(h)));
}

/**
 * Builds one message per recipient row. A row is dropped when it has no phone (or only
 * `+880`), or when one of its include-if conditions does not hold. Value placeholders take the
 * referenced cell's text, `.` when that cell is empty or missing, and nothing when marked
 * `| hide`. totalSMSNeeded is the text length (Bangla counting double) divided by the
 * characters per SMS (default 100), rounded up.
 */
export function buildTemplateMessages(
  template: string,
  sheet: Sheet,
  options: TemplateOptions = {},
): TemplateMessage[] {
  const tokens = parseTemplate(template);
  const headers = sheet[0] ?? [];
  const width = sheet.reduce((max, row) => Math.max(max, row.length), 0);
  const phoneIndex = templatePhoneColumn(headers, options.phoneColumn, width);
  if (phoneIndex === -1) return [];
  const perSms =
    options.charsPerSms && options.charsPerSms > 0 ? options.charsPerSms : TEMPLATE_CHARS_PER_SMS;
  const context = { now: options.now ?? Date.now(), utcOffsetMinutes: options.utcOffsetMinutes ?? 360 };
  const resolvedRefs = new Map<string, Resolved>();
  const resolve = (ref: string) => {
    let resolved = resolvedRefs.get(ref);
    if (!resolved) {
      resolved = resolveReference(ref, headers, width);
      resolvedRefs.set(ref, resolved);
    }
    return resolved;
  };

  const messages: TemplateMessage[] = [];
  for (let rowIndex = 1; rowIndex < sheet.length; rowIndex += 1) {
    const phone = normalizeBdPhone(cellText(sheet[rowIndex]?.[phoneIndex]));
    if (phone === '' || phone === '+880') continue;
    const included = tokens.every((token) => {
      if (token.type !== 'if') return true;
      const condition = token.condition;
      if (!condition) return false;
      return compareValues(
        lookup(resolve(condition.ref), sheet, rowIndex),
        condition.op,
        condition.value,
        context,
      );
    });
    if (!included) continue;
    const text = tokens
      .map((token) => render(token, (ref) => lookup(resolve(ref), sheet, rowIndex)))
      .join('');
    messages.push({ text, phone, totalSMSNeeded: Math.ceil(textLength(text) / perSms) });
  }
  return messages;
}

function render(token: TemplateToken, value: (ref: string) => string): string {
  if (token.type === 'text') return token.value;
  if (token.type === 'if' || token.hide) return '';
  const text = value(token.ref);
  return text === '' ? MISSING_CELL_TEXT : text;
}

export type TemplateProblem = DomainError<
  'TEMPLATE_UNKNOWN_COLUMN' | 'TEMPLATE_INVALID_CONDITION' | 'TEMPLATE_NO_PHONE_COLUMN'
>;

/**
 * Everything in a template that will not work with these headers, for the editor to show:
 * references to unknown columns, conditions that cannot be read, and a missing phone column.
 */
export function templateProblems(
  template: string,
  headers: readonly SheetCell[],
  phoneColumn?: string,
): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (templatePhoneColumn(headers, phoneColumn) === -1)
    problems.push(domainError('TEMPLATE_NO_PHONE_COLUMN'));
  for (const token of parseTemplate(template)) {
    if (token.type === 'if' && !token.condition) {
      problems.push(domainError('TEMPLATE_INVALID_CONDITION', { condition: token.raw }));
    }
    const ref = token.type === 'value' ? token.ref : token.type === 'if' ? token.condition?.ref : undefined;
    if (ref !== undefined && resolveReference(ref, headers).kind === 'unknown') {
      problems.push(domainError('TEMPLATE_UNKNOWN_COLUMN', { column: ref }));
    }
  }
  return problems;
}
