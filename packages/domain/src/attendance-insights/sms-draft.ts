import type { InsightFlag, InsightKind } from '../contracts/attendance-insights';
import { toBanglaDigits } from '../fees/dues-reminder';
import { formatMarks } from '../report-cards/result-sms';

// The parent SMS an insight drafts: a short template per kind, filled with the evidence, that the
// teacher reads and edits in SMS compose before the normal review (nothing is sent from here).
// Bangla drafts write numbers and dates in Bangla digits, as attendance alerts do.

export type InsightSmsLanguage = 'en' | 'bn';

const TEMPLATES: Readonly<Record<InsightKind, Readonly<Record<InsightSmsLanguage, string>>>> = {
  streak: {
    en: 'Dear guardian, {name} has missed {days} {classroom} classes in a row since {from}. Please contact us. - {institution}',
    bn: 'সম্মানিত অভিভাবক, {name} {from} থেকে টানা {days} দিন {classroom} ক্লাসে অনুপস্থিত। অনুগ্রহ করে যোগাযোগ করুন। - {institution}',
  },
  falling: {
    en: "Dear guardian, {name}'s attendance in {classroom} fell from {earlier}% to {recent}% in the last two weeks. Please contact us. - {institution}",
    bn: 'সম্মানিত অভিভাবক, গত দুই সপ্তাহে {classroom} ক্লাসে {name}-এর উপস্থিতি {earlier}% থেকে কমে {recent}% হয়েছে। অনুগ্রহ করে যোগাযোগ করুন। - {institution}',
  },
  late: {
    en: 'Dear guardian, {name} came late to {classroom} {count} times in the last six weeks. Please help {name} arrive on time. - {institution}',
    bn: 'সম্মানিত অভিভাবক, গত ছয় সপ্তাহে {name} {count} বার {classroom} ক্লাসে দেরিতে এসেছে। সময়মতো আসতে সাহায্য করুন। - {institution}',
  },
  exam: {
    en: "Dear guardian, {name}'s attendance in {classroom} is {percent}%, below {threshold}%, and {exam} is on {date}. Please make sure {name} attends. - {institution}",
    bn: 'সম্মানিত অভিভাবক, {classroom} ক্লাসে {name}-এর উপস্থিতি {percent}%, যা {threshold}%-এর কম; {date} তারিখে {exam}। নিয়মিত উপস্থিতি নিশ্চিত করুন। - {institution}',
  },
};

/** A `YYYY-MM-DD` date as families read it, `DD-MM-YYYY`. */
function dateText(day: string): string {
  return day.split('-').reverse().join('-');
}

function valuesOf(flag: InsightFlag): Record<string, string> {
  switch (flag.kind) {
    case 'streak':
      return { days: String(flag.days), from: dateText(flag.dates[0] ?? '') };
    case 'falling':
      return {
        earlier: formatMarks(flag.earlier.percent ?? 0),
        recent: formatMarks(flag.recent.percent ?? 0),
      };
    case 'late':
      return { count: String(flag.count) };
    case 'exam':
      return {
        percent: formatMarks(flag.window.percent ?? 0),
        threshold: String(flag.threshold),
        exam: flag.exam.name,
        date: dateText(flag.exam.heldOn),
      };
  }
}

/** The draft of a parent SMS about one flag of one student. */
export function insightSmsDraft(
  flag: InsightFlag,
  context: { name: string; classroom: string; institution: string },
  language: InsightSmsLanguage,
): string {
  const digits = language === 'bn' ? toBanglaDigits : (text: string) => text;
  const numbers = Object.fromEntries(Object.entries(valuesOf(flag)).map(([k, v]) => [k, digits(v)]));
  // Names come last: a name or an exam written with digits keeps them as typed.
  const values: Record<string, string> = { ...numbers, ...context };
  if (flag.kind === 'exam') values.exam = flag.exam.name;
  return TEMPLATES[flag.kind][language].replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
