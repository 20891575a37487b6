import { bytesInUnit } from '@batchwise/domain';

/**
 * A file size in the reader's language (`১.৫ MB` in Bangla, `1,5 Mo` in French): the domain picks
 * the unit and rounding, Intl writes the digits and the unit's local name.
 */
export function formatBytesIn(locale: string, bytes: number): string {
  const { value, unit } = bytesInUnit(bytes);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}
