import { formatMoney } from '../money/format';
import type { Sheet } from '../sheet';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '../text/languages';
import type { BillingMonth } from './months';

// Dues reminders by SMS: each family's message is built by the SMS module's
// template rules (sms/template/build.ts) from a sheet with one row per recipient, so a dues
// template takes the same placeholders, `| hide` and include-if conditions as any template.

/** A reminder speaks every interface language (spec part 1 §1). */
export const DUES_REMINDER_LANGUAGES = INTERFACE_LANGUAGES;
export type DuesReminderLanguage = InterfaceLanguage;

/**
 * The columns a dues template may name. Amount is the money owed as families read it (taka,
 * grouped the Bangladeshi way); Due the same in whole taka without grouping, for conditions such
 * as `{if Due > 500}`; Months the months with a fee still due, Month Count how many (digits as
 * written in English, so conditions compare them); Pay Link the student's short pay link
 * (`/p/{key}`), made only when a template names it.
 */
export const DUES_REMINDER_COLUMNS = [
  'Name',
  'ID',
  'Phone',
  'Amount',
  'Due',
  'Months',
  'Month Count',
  'Institution',
  'Pay Link',
] as const;

/** The messages a reminder starts from; any can be changed before sending. */
export const DUES_REMINDER_TEMPLATES: Readonly<Record<DuesReminderLanguage, string>> = {
  en: 'Dear guardian, {Name} has {Amount} in fees due for {Months}. Please pay at {Institution}. Thank you.',
  bn: 'সম্মানিত অভিভাবক, {Name}-এর {Months} মাসের বেতন বাবদ {Amount} বকেয়া আছে। অনুগ্রহ করে {Institution}-এ পরিশোধ করুন। ধন্যবাদ।',
  zh: '尊敬的家长：{Name} 尚有 {Months} 的学费 {Amount} 未缴，请到 {Institution} 缴纳。谢谢。',
  ar: 'ولي الأمر الكريم، على {Name} رسوم مستحقة قدرها {Amount} عن {Months}. يرجى السداد لدى {Institution}. شكرًا لكم.',
  it: 'Gentile genitore, {Name} ha {Amount} di rette da saldare per {Months}. La preghiamo di pagare presso {Institution}. Grazie.',
  es: 'Estimado tutor: {Name} tiene {Amount} de cuotas pendientes de {Months}. Por favor, pague en {Institution}. Gracias.',
  fr: 'Cher parent, {Name} doit {Amount} de frais pour {Months}. Merci de régler auprès de {Institution}.',
};

const MONTHS: Readonly<Record<DuesReminderLanguage, readonly string[]>> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  bn: [
    'জানুয়ারি',
    'ফেব্রুয়ারি',
    'মার্চ',
    'এপ্রিল',
    'মে',
    'জুন',
    'জুলাই',
    'আগস্ট',
    'সেপ্টেম্বর',
    'অক্টোবর',
    'নভেম্বর',
    'ডিসেম্বর',
  ],
  zh: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  ar: [
    'يناير',
    'فبراير',
    'مارس',
    'أبريل',
    'مايو',
    'يونيو',
    'يوليو',
    'أغسطس',
    'سبتمبر',
    'أكتوبر',
    'نوفمبر',
    'ديسمبر',
  ],
  it: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
};

/** "9 months" in each language (a range is only written for more than four months). */
function monthCount(count: number, language: DuesReminderLanguage): string {
  switch (language) {
    case 'bn':
      return `${toBanglaDigits(String(count))} মাস`;
    case 'zh':
      return `${count}个月`;
    // Arabic counts 3–10 with the plural, 11 and more with the singular accusative.
    case 'ar':
      return count <= 10 ? `${count} أشهر` : `${count} شهرًا`;
    case 'it':
      return `${count} mesi`;
    case 'es':
      return `${count} meses`;
    case 'fr':
      return `${count} mois`;
    default:
      return `${count} months`;
  }
}

/** Months of one year: `Sep, Oct 2026`; Chinese puts the year first (`2026年9月、10月`). */
function monthsOfYear(names: readonly string[], year: string, language: DuesReminderLanguage): string {
  return language === 'zh' ? `${year}年${names.join('、')}` : `${names.join(', ')} ${year}`;
}

/** Western digits as Bangla digits (০–৯), for Bangla messages. */
export function toBanglaDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
}

/** More months than this are written as a range with their count, to keep the SMS short. */
const LISTED_MONTHS = 4;

/**
 * The months owed, short: `Sep, Oct, Nov 2026`; across years `Dec 2026, Jan 2027`; more than
 * four as `Mar 2026 – Nov 2026 (9 months)`. Each language uses its month names; Bangla its digits.
 */
export function formatDueMonths(months: readonly BillingMonth[], language: DuesReminderLanguage): string {
  const sorted = [...new Set(months)].sort();
  const digits = language === 'bn' ? toBanglaDigits : (text: string) => text;
  const name = (month: string) => MONTHS[language][Number(month.slice(5, 7)) - 1] ?? month;
  const year = (month: string) => digits(month.slice(0, 4));
  if (sorted.length === 0) return '';
  if (sorted.length > LISTED_MONTHS) {
    const first = sorted[0]!;
    const last = sorted.at(-1)!;
    const one = (month: string) => monthsOfYear([name(month)], year(month), language);
    return `${one(first)} – ${one(last)} (${monthCount(sorted.length, language)})`;
  }
  const byYear = new Map<string, string[]>();
  for (const month of sorted) byYear.set(year(month), [...(byYear.get(year(month)) ?? []), name(month)]);
  return [...byYear]
    .map(([y, names]) => monthsOfYear(names, y, language))
    .join(language === 'zh' ? '，' : ', ');
}

/** Paisa as taka text without trailing zero paisa: 150000 → "1500", 150050 → "1500.50". */
function takaText(paisa: number): string {
  return paisa % 100 === 0 ? String(paisa / 100) : (paisa / 100).toFixed(2);
}

/**
 * The amount owed as a family reads it, grouped the Bangladeshi way: `TK 1,23,456` in English
 * and the other Latin-script and Chinese or Arabic texts (taka stays taka; plain letters cost
 * less in an SMS), `৳১,২৩,৪৫৬` in Bangla.
 */
export function formatDueAmount(paisa: number, language: DuesReminderLanguage): string {
  return language === 'bn'
    ? toBanglaDigits(formatMoney(takaText(paisa), 'BDT'))
    : formatMoney(takaText(paisa), 'BDT', { plain: true });
}

/** One message to build: a student who owes, and one phone of theirs or a parent's. */
export interface DuesReminderRow {
  readonly name: string;
  readonly customId: string | null;
  readonly phone: string;
  readonly duePaisa: number;
  readonly months: readonly BillingMonth[];
  /** The short pay link, when the template asks for it. */
  readonly payLink?: string;
}

/**
 * The sheet a dues template is applied to (planTemplateMessages with phone column `Phone`): the
 * headers of DUES_REMINDER_COLUMNS, then a row per recipient in the order given.
 */
export function duesReminderSheet(
  rows: readonly DuesReminderRow[],
  institution: string,
  language: DuesReminderLanguage,
): Sheet {
  return [
    [...DUES_REMINDER_COLUMNS],
    ...rows.map((row) => [
      row.name,
      row.customId ?? '',
      row.phone,
      formatDueAmount(row.duePaisa, language),
      takaText(row.duePaisa),
      formatDueMonths(row.months, language),
      String(new Set(row.months).size),
      institution,
      row.payLink ?? '',
    ]),
  ];
}
