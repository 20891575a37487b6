import { formatMonth } from '../../lib/billing-month';
import { formatClock, formatDate, formatDateTime } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';

/**
 * Money, numbers, days and times in the reader's language: Bangla digits and month names in
 * Bangla (bn-BD), Bangladesh wall time for punches wherever the phone is.
 */
export function usePortalFormat() {
  const { locale } = useLanguage();
  const money = useMoney();
  const number = (value: number) => value.toLocaleString(locale);
  return {
    locale,
    money,
    number,
    percent: (value: number | null) => (value === null ? '–' : `${number(value)}%`),
    /** A GPA as report cards print it: two decimals (5.00). */
    gpa: (value: number) =>
      value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    month: (month: string) => formatMonth(month, locale),
    /** A Bangladesh day `YYYY-MM-DD`, e.g. "Sat, 28 Nov 2026" / "শনি, ২৮ নভে, ২০২৬". */
    day: (date: string) =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(Date.parse(`${date}T00:00:00Z`)),
    date: (at: number) => formatDate(at, locale),
    dateTime: (at: number) => formatDateTime(at, locale),
    clock: (at: number) => formatClock(at, locale),
  };
}
export type PortalFormat = ReturnType<typeof usePortalFormat>;
