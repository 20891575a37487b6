import { toAsciiDigits } from '@batchwise/domain';

/** Money travels as integer paisa; people type and read taka. */
export function paisaToTaka(paisa: number): number {
  return paisa / 100;
}

/** Taka typed by a person (Bangla digits and commas allowed) as paisa; null when not an amount ≥ 0. */
export function takaTextToPaisa(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const clean = toAsciiDigits(String(text)).trim().replace(/,/g, '');
  if (clean === '' || !/^\d+(\.\d+)?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** Paisa shown as taka text for an input: 150000 → "1500", 12345 → "123.45". */
export function paisaToTakaText(paisa: number | null | undefined): string {
  if (paisa === null || paisa === undefined) return '';
  const taka = paisa / 100;
  return Number.isInteger(taka) ? String(taka) : taka.toFixed(2);
}
