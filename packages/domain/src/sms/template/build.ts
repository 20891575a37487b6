import { type DomainError, domainError } from '../../messages';
import { isValidBdPhone, normalizeBdPhone } from '../../phone/normalize';
import type { Sheet, SheetCell } from '../../sheet';
import { columnNumber } from '../../text/columns';
import { smsCount, TEMPLATE_CHARS_PER_SMS } from '../sms';
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

/** A recipient's message and the spreadsheet row it came from (row 1 holds the headers). */
export interface TemplateRowMessage extends TemplateMessage {
  readonly row: number;
}

/**
 * Why a row gets no message: no phone (or only `+880`), a phone that is not valid, an include-if
 * condition that does not hold, or the same text already going to the same number (the SMS capability: a
 * number gets a message once).
 */
export type TemplateDropReason = 'NO_PHONE' | 'INVALID_PHONE' | 'CONDITION' | 'DUPLICATE';

export interface TemplateDroppedRow {
  readonly row: number;
  readonly reason: TemplateDropReason;
  /** The phone cell as written, for the list of dropped rows. */
  readonly phone: string;
}

export interface TemplatePlan {
  readonly messages: readonly TemplateRowMessage[];
  readonly dropped: readonly TemplateDroppedRow[];
}

function isBlankRow(row: readonly SheetCell[] | undefined): boolean {
  return !row || row.every((cell) => cellText(cell) === '');
}

/**
 * Builds one message per recipient row and says why every other row gets none. A row is dropped
 * when it has no phone (or only `+880`), a phone that is not a valid Bangladeshi number (the
 * shared phone rule), or when one of its include-if conditions does not hold; wholly blank rows
 * (the tail of a spreadsheet) are skipped without a word. A row whose text is already going to
 * its number is dropped too. Value placeholders take the referenced
 * cell's text, `.` when that cell is empty or missing, and nothing when marked `| hide`.
 * totalSMSNeeded is the text length (Bangla counting double) divided by the characters per SMS
 * (default 100), rounded up.
 */
export function planTemplateMessages(
  template: string,
  sheet: Sheet,
  options: TemplateOptions = {},
): TemplatePlan {
  const tokens = parseTemplate(template);
  const headers = sheet[0] ?? [];
  const width = sheet.reduce((max, row) => Math.max(max, row.length), 0);
  const phoneIndex = templatePhoneColumn(headers, options.phoneColumn, width);
  if (phoneIndex === -1) return { messages: [], dropped: [] };
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

  const messages: TemplateRowMessage[] = [];
  const dropped: TemplateDroppedRow[] = [];
  const sent = new Set<string>();
  for (let rowIndex = 1; rowIndex < sheet.length; rowIndex += 1) {
    if (isBlankRow(sheet[rowIndex])) continue;
    const row = rowIndex + 1;
    const written = cellText(sheet[rowIndex]?.[phoneIndex]);
    const phone = normalizeBdPhone(written);
    if (phone === '' || phone === '+880') {
      dropped.push({ row, reason: 'NO_PHONE', phone: written });
      continue;
    }
    if (!isValidBdPhone(phone)) {
      dropped.push({ row, reason: 'INVALID_PHONE', phone: written });
      continue;
    }
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
    if (!included) {
      dropped.push({ row, reason: 'CONDITION', phone: written });
      continue;
    }
    const text = tokens
      .map((token) => render(token, (ref) => lookup(resolve(ref), sheet, rowIndex)))
      .join('');
    const key = `${phone}\n${text}`;
    if (sent.has(key)) {
      dropped.push({ row, reason: 'DUPLICATE', phone: written });
      continue;
    }
    sent.add(key);
    messages.push({ row, text, phone, totalSMSNeeded: smsCount(text, 'template', perSms).sms });
  }
  return { messages, dropped };
}

/** The messages of `planTemplateMessages`, in the shape stored on an SMS send attempt. */
export function buildTemplateMessages(
  template: string,
  sheet: Sheet,
  options: TemplateOptions = {},
): TemplateMessage[] {
  return planTemplateMessages(template, sheet, options).messages.map(({ text, phone, totalSMSNeeded }) => ({
    text,
    phone,
    totalSMSNeeded,
  }));
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
