import { bangladeshMoment } from '../attendance/sessions';
import { toBanglaDigits } from '../fees/dues-reminder';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '../text/languages';
import { formatTime12h } from '../time/time';

// The SMS a teacher may send when a class is cancelled (the schedule drives the rest): a
// built-in text in any interface language, short enough for one or two SMS.

export const CANCEL_SMS_LANGUAGES = INTERFACE_LANGUAGES;
export type CancelSmsLanguage = InterfaceLanguage;

export interface CancelledClass {
  readonly classroom: string;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** `HH:mm`. */
  readonly start: string;
  readonly note: string | null;
}

/**
 * Whether families may still be told by SMS that a class is cancelled: only before it starts.
 * Once it has begun the text announces something already past and spends the quota for nothing.
 */
export function cancelSmsInTime(c: Pick<CancelledClass, 'date' | 'start'>, now: number): boolean {
  return bangladeshMoment(c.date, c.start) > now;
}

/** `DD-MM-YYYY`, as the rest of the app writes dates. */
export function dmy(date: string): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

/**
 * The cancellation text in the chosen language (Bangla with Bangla digits). English and Bangla
 * read the time on a 12-hour clock as the rest of the app does; the other languages write the
 * 24-hour `HH:mm` their readers expect.
 */
export function cancelledClassSms(c: CancelledClass, language: CancelSmsLanguage): string {
  const time = formatTime12h(c.start);
  const note = c.note?.trim() ? ` ${c.note.trim()}` : '';
  const date = dmy(c.date);
  switch (language) {
    case 'bn':
      return `${c.classroom}: ${toBanglaDigits(date)} তারিখ ${toBanglaDigits(time)}-এর ক্লাস বাতিল করা হয়েছে।${note}`;
    case 'zh':
      return `${c.classroom}：${date} ${c.start} 的课已取消。${note}`;
    case 'ar':
      return `${c.classroom}: أُلغيت حصة يوم ${date} الساعة ${c.start}.${note}`;
    case 'it':
      return `${c.classroom}: la lezione del ${date} alle ${c.start} è annullata.${note}`;
    case 'es':
      return `${c.classroom}: la clase del ${date} a las ${c.start} queda cancelada.${note}`;
    case 'fr':
      return `${c.classroom} : le cours du ${date} à ${c.start} est annulé.${note}`;
    default:
      return `${c.classroom}: the class on ${date} at ${time} is cancelled.${note}`;
  }
}
