import { dayOf, isValidBdPhone, normalizeBdPhone, stripDuplicateMark } from '@batchwise/domain';
import type { FirebaseImportRepository } from './firebase-import.repository';
import type { ImportReport } from './import-report';

/** A Firebase subtree as read: any JSON object. */
export type Tree = Record<string, unknown>;

/** What every entity mapper is handed: the transaction's repository, the report and the time. */
export interface ImportContext {
  readonly repo: FirebaseImportRepository;
  readonly report: ImportReport;
  readonly now: number;
}

export function tree(value: unknown): Tree {
  return value !== null && typeof value === 'object' ? (value as Tree) : {};
}

/**
 * A child list's entries. Firebase stores arrays as integer-keyed objects and may hand either
 * back, so both read the same.
 */
export function entries(value: unknown): [string, Tree][] {
  return Object.entries(tree(value)).map(([key, child]) => [key, tree(child)]);
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

export function textOrNull(value: unknown): string | null {
  return text(value) || null;
}

/** Milliseconds from a number or a date string; null when it is neither. */
export function ms(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value);
  const parsed = typeof value === 'string' && value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? null : parsed;
}

/** YYYY-MM-DD from a date string of either order or milliseconds; null when it is none of them. */
export function isoDate(value: unknown): string | null {
  const raw = text(value);
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(raw);
  if (dmy) return `${dmy[3]}-${dmy[2]}-${dmy[1]}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
  const time = ms(value);
  return time === null ? null : dayOf(time);
}

/** Taka as stored (a number or numeric text) to integer paisa; null when absent or not a number. */
export function paisa(value: unknown): number | null {
  const taka =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim()
        ? Number(value)
        : Number.NaN;
  return Number.isFinite(taka) && taka >= 0 ? Math.round(taka * 100) : null;
}

export function flag(value: unknown): number {
  return value === true || value === 'true' || value === 1 ? 1 : 0;
}

/**
 * A phone by the shared rules (part 2 §5 "Shared phone rules"): +880 and 10 digits, however it
 * was typed; null when it does not make a valid number. A student's trailing D (an intentional
 * duplicate) is kept with `student`.
 */
export function bdPhone(value: unknown, student = false): string | null {
  const phone = normalizeBdPhone(text(value), { keepDuplicateMark: student });
  return isValidBdPhone(stripDuplicateMark(phone)) ? phone : null;
}

export function email(value: unknown): string | null {
  const address = text(value).toLowerCase();
  return address.includes('@') ? address : null;
}
