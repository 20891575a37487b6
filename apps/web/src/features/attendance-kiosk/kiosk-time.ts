import { BANGLADESH_TIME_ZONE } from '@batchwise/domain';

/**
 * Times on the kiosk are Bangladesh time whatever the tablet's own zone, in
 * the reader's language: Bangla digits and day periods (সকাল, দুপুর…) for bn, as receipts do.
 */
export function formatKioskTime(at: number, locale: string, withSeconds = true): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: BANGLADESH_TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    ...(locale.startsWith('bn') ? { dayPeriod: 'short' } : { hour12: true }),
  }).format(at);
}

export function formatKioskDate(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: BANGLADESH_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);
}
