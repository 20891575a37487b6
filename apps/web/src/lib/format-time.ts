const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3_600_000],
  ['month', 30 * 24 * 3_600_000],
  ['week', 7 * 24 * 3_600_000],
  ['day', 24 * 3_600_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago" / "৩ ঘণ্টা আগে"; under a minute is "now". Timestamps are epoch ms. */
export function formatRelative(timestamp: number, now: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const diff = timestamp - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit);
  }
  return format.format(0, 'second');
}

/**
 * A date with time, in the reader's locale (Bangla digits for bn-BD). CLDR's Bangla keeps the
 * Latin "AM"/"PM" in its short time style, which reads as English on a Bangla receipt; the
 * Bangla day periods (সকাল, দুপুর, বিকাল, রাত্রি) are what people write. `timeZone` for moments
 * that are Bangladesh wall times wherever the browser is (an assignment's due time).
 */
export function formatDateTime(timestamp: number, locale: string, timeZone?: string): string {
  if (!locale.startsWith('bn')) {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      timestamp,
    );
  }
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    dayPeriod: 'short',
    timeZone,
  }).format(timestamp);
}

export function formatDate(timestamp: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(timestamp);
}

/** A moment's Bangladesh wall time, "4:05 PM" / "বিকাল ৪:০৫", wherever the browser is. */
export function formatClock(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Dhaka',
    // Bangladesh reads the 12-hour clock, in English too; Bangla names the part of the day
    // (সকাল, বিকাল). The other languages keep their own clock (24-hour in French and Chinese).
    ...(locale.startsWith('bn')
      ? { dayPeriod: 'short' as const }
      : locale.startsWith('en')
        ? { hour12: true }
        : {}),
  }).format(at);
}

/** "16:00" in the reader's locale ("4:00 PM"). */
export function formatStart(start: string, locale: string): string {
  const [h, m] = start.split(':').map(Number);
  return formatClock(Date.UTC(2026, 0, 1, (h ?? 0) - 6, m ?? 0), locale);
}
