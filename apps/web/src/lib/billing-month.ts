/** A billing month "2026-11" as "November 2026" / "নভেম্বর ২০২৬" in the reader's locale. */
export function formatMonth(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, number - 1, 1),
  );
}
