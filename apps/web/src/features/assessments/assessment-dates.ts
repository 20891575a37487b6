/** An assessment's date ('YYYY-MM-DD', a Bangladesh day) in the reader's locale: "12 Mar 2026" / "১২ মার্চ, ২০২৬". */
export function formatHeldOn(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  // A calendar day, not a moment: formatted in UTC so no time zone moves it to the day before.
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, date),
  );
}
