import { toBanglaDigits } from '../fees/dues-reminder';
import { formatTime12h } from '../time/time';
import { type CancelSmsLanguage, dmy } from './cancel-sms';

// The optional SMS the day before an exam day (the schedule drives the rest): a built-in text in
// the interface language the teacher chose for that exam, as the cancellation SMS is.

export interface ExamDay {
  readonly classroom: string;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** `HH:mm`. */
  readonly start: string;
  readonly place: string | null;
  readonly note: string | null;
}

/**
 * The reminder text (Bangla with Bangla digits; English and Bangla on a 12-hour clock, the other
 * languages on the 24-hour `HH:mm`, as in `cancelledClassSms`).
 */
export function examReminderSms(e: ExamDay, language: CancelSmsLanguage): string {
  const time = formatTime12h(e.start);
  const extra = [e.place?.trim(), e.note?.trim()].filter(Boolean).join(' ');
  const tail = extra ? ` ${extra}` : '';
  const date = dmy(e.date);
  switch (language) {
    case 'bn':
      return `${e.classroom}: আগামীকাল ${toBanglaDigits(date)} তারিখ ${toBanglaDigits(time)}-এ পরীক্ষা।${tail}`;
    case 'zh':
      return `${e.classroom}：明天 ${date} ${e.start} 考试。${tail}`;
    case 'ar':
      return `${e.classroom}: تذكير: الامتحان غدًا ${date} الساعة ${e.start}.${tail}`;
    case 'it':
      return `${e.classroom}: domani ${date} alle ${e.start} c'è l'esame.${tail}`;
    case 'es':
      return `${e.classroom}: mañana ${date} a las ${e.start} hay examen.${tail}`;
    case 'fr':
      return `${e.classroom} : examen demain ${date} à ${e.start}.${tail}`;
    default:
      return `${e.classroom}: reminder, the exam is tomorrow ${date} at ${time}.${tail}`;
  }
}
