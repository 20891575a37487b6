import dayjs, { type Dayjs } from 'dayjs';

/**
 * `DD-MM-YYYY` (the spec's date format) as a Dayjs for Ant Design's pickers, without the
 * custom-parse plugin; null for anything else.
 */
export function parseDayMonthYear(text: string | null | undefined): Dayjs | null {
  const match = text ? /^(\d{2})-(\d{2})-(\d{4})$/.exec(text) : null;
  return match ? dayjs(new Date(Number(match[3]), Number(match[2]) - 1, Number(match[1]))) : null;
}
