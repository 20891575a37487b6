import { formatDateTime } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';

/**
 * Numbers of a report card as the reader's language writes them (Bangla digits in Bangla, through
 * Intl): marks with up to two decimals, percentages and GPA with two, dates DD-MM-YYYY as the spec
 * writes them.
 */
export function useReportFormat() {
  const { locale, language } = useLanguage();
  const number = (value: number, decimals = 0) =>
    value.toLocaleString(locale, { minimumFractionDigits: decimals, maximumFractionDigits: 2 });
  const digits = (text: string) =>
    text.replace(/[0-9]/g, (d) => Number(d).toLocaleString(locale, { useGrouping: false }));
  return {
    language,
    locale,
    number,
    marks: (value: number) => number(value),
    percent: (value: number | null) => (value === null ? '–' : `${number(value, 2)}%`),
    gpa: (value: number | null) => (value === null ? '–' : number(value, 2)),
    day: (day: string) => {
      const [y, m, d] = day.split('-');
      return digits(`${d}-${m}-${y}`);
    },
    time: (ms: number) => formatDateTime(ms, locale),
  };
}

export type ReportFormat = ReturnType<typeof useReportFormat>;
