import { toBanglaDigits } from '../fees/dues-reminder';
import { formatTime12h } from '../time/time';

// The SMS a teacher may send when a class is cancelled (the schedule drives the rest): a
// built-in text in English or Bangla, short enough for one or two SMS.

export const CANCEL_SMS_LANGUAGES = ['en', 'bn'] as const;
export type CancelSmsLanguage = (typeof CANCEL_SMS_LANGUAGES)[number];

export interface CancelledClass {
  readonly classroom: string;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** `HH:mm`. */
  readonly start: string;
  readonly note: string | null;
}

/** `DD-MM-YYYY`, as the rest of the app writes dates. */
function dmy(date: string): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

/** The cancellation text in the chosen language (Bangla with Bangla digits). */
export function cancelledClassSms(c: CancelledClass, language: CancelSmsLanguage): string {
  const time = formatTime12h(c.start);
  const note = c.note?.trim() ? ` ${c.note.trim()}` : '';
  if (language === 'bn') {
    return `${c.classroom}: ${toBanglaDigits(dmy(c.date))} তারিখ ${toBanglaDigits(time)}-এর ক্লাস বাতিল করা হয়েছে।${note}`;
  }
  return `${c.classroom}: the class on ${dmy(c.date)} at ${time} is cancelled.${note}`;
}
