import { toBanglaDigits } from '../fees/dues-reminder';
import { formatTime12h } from '../time/time';
import { type CancelSmsLanguage, dmy } from '../timetable/cancel-sms';

// Online classes through Zoom: the SMS that sends a class's join link, and how a name in Zoom's
// participants report is matched to a student of the classroom.

export interface OnlineClass {
  readonly classroom: string;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** `HH:mm`. */
  readonly start: string;
  readonly link: string;
}

/**
 * The join-link text in the chosen language (Bangla with Bangla digits; the link as is). As for a
 * cancelled class, English and Bangla read a 12-hour clock, the other languages `HH:mm`.
 */
export function onlineClassSms(c: OnlineClass, language: CancelSmsLanguage): string {
  const date = dmy(c.date);
  const time = formatTime12h(c.start);
  switch (language) {
    case 'bn':
      return `${c.classroom}: ${toBanglaDigits(date)} তারিখ ${toBanglaDigits(time)}-এর ক্লাস Zoom-এ হবে। যোগ দিন: ${c.link}`;
    case 'zh':
      return `${c.classroom}：${date} ${c.start} 的课在 Zoom 上课。加入：${c.link}`;
    case 'ar':
      return `${c.classroom}: حصة يوم ${date} الساعة ${c.start} عبر Zoom. انضم: ${c.link}`;
    case 'it':
      return `${c.classroom}: la lezione del ${date} alle ${c.start} è online su Zoom. Entra: ${c.link}`;
    case 'es':
      return `${c.classroom}: la clase del ${date} a las ${c.start} es en línea por Zoom. Únete: ${c.link}`;
    case 'fr':
      return `${c.classroom} : le cours du ${date} à ${c.start} a lieu en ligne sur Zoom. Rejoindre : ${c.link}`;
    default:
      return `${c.classroom}: the class on ${date} at ${time} is online on Zoom. Join: ${c.link}`;
  }
}

/** A name as compared: Unicode-normalised, case and spacing ignored. */
export function participantKey(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}

/**
 * The students these Zoom display names are: a name matches the one student of the classroom
 * with that name (two students with one name match neither). Returns the ids and the names
 * matched to nobody.
 */
export function matchParticipants(
  names: readonly string[],
  students: readonly { id: string; name: string }[],
): { studentIds: string[]; unmatched: string[] } {
  const byKey = new Map<string, string | null>();
  for (const s of students) {
    const key = participantKey(s.name);
    byKey.set(key, byKey.has(key) ? null : s.id);
  }
  const ids = new Set<string>();
  const unmatched = new Set<string>();
  for (const name of names) {
    const id = byKey.get(participantKey(name));
    if (id) ids.add(id);
    else if (name.trim()) unmatched.add(name.trim());
  }
  return { studentIds: [...ids], unmatched: [...unmatched] };
}
