import type { GradeScaleMode } from '../assessments/grade-scale';
import { toBanglaDigits } from '../fees/dues-reminder';
import type { Sheet } from '../sheet';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '../text/languages';

// Result SMS: each family gets the marks summary of a report card and the link
// that opens it. The message is built by the SMS module's template rules
// (sms/template/build.ts, planTemplateMessages) from a sheet with one row per recipient, so a
// result template takes the same placeholders, `| hide` and include-if conditions as any
// template, and the built-in "result" template ({Name} {Marks} {Total} {Exam} {Grade}) works too.

/** A result SMS speaks every interface language (spec part 1 §1). */
export const RESULT_SMS_LANGUAGES = INTERFACE_LANGUAGES;
export type ResultSmsLanguage = InterfaceLanguage;

/**
 * The columns a result template may name. Marks are the marks obtained in the term and Total the
 * full marks (as in the built-in result template); Exam and Term are both the term's name;
 * Percent, GPA, Grade and Position as the card shows them (GPA and Grade empty in 'percent'
 * mode); Result is passed or failed; Score the percentage as a plain number for conditions such
 * as `{if Score >= 80}`; Report Link the card's short link, made for each student sent to.
 */
export const RESULT_SMS_COLUMNS = [
  'Name',
  'ID',
  'Phone',
  'Institution',
  'Classroom',
  'Exam',
  'Term',
  'Marks',
  'Total',
  'Percent',
  'Score',
  'GPA',
  'Grade',
  'Position',
  'Result',
  'Report Link',
] as const;

/** The messages a result SMS starts from, by language and the account's grading mode. */
export const RESULT_SMS_TEMPLATES: Readonly<
  Record<GradeScaleMode, Readonly<Record<ResultSmsLanguage, string>>>
> = {
  gpa: {
    en: 'Dear guardian, {Name} scored {Marks} out of {Total} in {Exam} at {Institution}. GPA {GPA} ({Grade}), position {Position}. Report card: {Report Link}',
    bn: 'সম্মানিত অভিভাবক, {Institution}-এর {Exam} পরীক্ষায় {Name} {Total}-এর মধ্যে {Marks} নম্বর পেয়েছে। জিপিএ {GPA} ({Grade}), মেধাক্রম {Position}। রিপোর্ট কার্ড: {Report Link}',
    zh: '尊敬的家长：{Name} 在 {Institution} 的 {Exam} 中得分 {Marks}/{Total}，GPA {GPA}（{Grade}），名次 {Position}。成绩单：{Report Link}',
    ar: 'ولي الأمر الكريم، حصل {Name} على {Marks} من {Total} في {Exam} لدى {Institution}. المعدل {GPA} ({Grade})، الترتيب {Position}. بطاقة النتائج: {Report Link}',
    it: 'Gentile genitore, {Name} ha ottenuto {Marks} su {Total} in {Exam} presso {Institution}. GPA {GPA} ({Grade}), posizione {Position}. Pagella: {Report Link}',
    es: 'Estimado tutor: {Name} obtuvo {Marks} de {Total} en {Exam} en {Institution}. GPA {GPA} ({Grade}), puesto {Position}. Boletín: {Report Link}',
    fr: 'Cher parent, {Name} a obtenu {Marks} sur {Total} en {Exam} à {Institution}. GPA {GPA} ({Grade}), rang {Position}. Bulletin : {Report Link}',
  },
  percent: {
    en: 'Dear guardian, {Name} scored {Marks} out of {Total} ({Percent}) in {Exam} at {Institution}, position {Position}. Report card: {Report Link}',
    bn: 'সম্মানিত অভিভাবক, {Institution}-এর {Exam} পরীক্ষায় {Name} {Total}-এর মধ্যে {Marks} নম্বর ({Percent}) পেয়েছে, মেধাক্রম {Position}। রিপোর্ট কার্ড: {Report Link}',
    zh: '尊敬的家长：{Name} 在 {Institution} 的 {Exam} 中得分 {Marks}/{Total}（{Percent}），名次 {Position}。成绩单：{Report Link}',
    ar: 'ولي الأمر الكريم، حصل {Name} على {Marks} من {Total} ({Percent}) في {Exam} لدى {Institution}، الترتيب {Position}. بطاقة النتائج: {Report Link}',
    it: 'Gentile genitore, {Name} ha ottenuto {Marks} su {Total} ({Percent}) in {Exam} presso {Institution}, posizione {Position}. Pagella: {Report Link}',
    es: 'Estimado tutor: {Name} obtuvo {Marks} de {Total} ({Percent}) en {Exam} en {Institution}, puesto {Position}. Boletín: {Report Link}',
    fr: 'Cher parent, {Name} a obtenu {Marks} sur {Total} ({Percent}) en {Exam} à {Institution}, rang {Position}. Bulletin : {Report Link}',
  },
};

/** One message to build: a student with a complete term result, and the phone it goes to. */
export interface ResultSmsRow {
  readonly name: string;
  readonly customId: string | null;
  readonly phone: string;
  readonly obtained: number;
  readonly fullMarks: number;
  readonly percent: number;
  readonly gpa: number | null;
  readonly letter: string | null;
  readonly passed: boolean;
  readonly position: number | null;
  readonly reportLink: string;
}

/** A mark as written on a card: up to two decimals, no trailing zeros (452.5, 600). */
export function formatMarks(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A percentage with two decimals and its sign (75.33%). */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** A GPA as boards print it, two decimals (4.25, 5.00). */
export function formatGpa(value: number): string {
  return value.toFixed(2);
}

const RESULT_WORDS: Readonly<Record<ResultSmsLanguage, { passed: string; failed: string }>> = {
  en: { passed: 'Passed', failed: 'Failed' },
  bn: { passed: 'উত্তীর্ণ', failed: 'অনুত্তীর্ণ' },
  zh: { passed: '及格', failed: '不及格' },
  ar: { passed: 'ناجح', failed: 'راسب' },
  it: { passed: 'Promosso', failed: 'Non promosso' },
  es: { passed: 'Aprobado', failed: 'Suspenso' },
  fr: { passed: 'Admis', failed: 'Non admis' },
};

/**
 * The sheet a result template is applied to (planTemplateMessages with phone column `Phone`): the
 * headers of RESULT_SMS_COLUMNS, then a row per recipient in the order given. Bangla messages
 * write numbers in Bangla digits; the link is left as it is.
 */
export function resultSmsSheet(
  rows: readonly ResultSmsRow[],
  context: { institution: string; classroom: string; term: string },
  language: ResultSmsLanguage,
): Sheet {
  const digits = language === 'bn' ? toBanglaDigits : (text: string) => text;
  const words = RESULT_WORDS[language];
  return [
    [...RESULT_SMS_COLUMNS],
    ...rows.map((row) => [
      row.name,
      row.customId ?? '',
      row.phone,
      context.institution,
      context.classroom,
      context.term,
      context.term,
      digits(formatMarks(row.obtained)),
      digits(formatMarks(row.fullMarks)),
      digits(formatPercent(row.percent)),
      formatMarks(row.percent),
      row.gpa === null ? '' : digits(formatGpa(row.gpa)),
      row.letter ?? '',
      row.position === null ? '' : digits(String(row.position)),
      row.passed ? words.passed : words.failed,
      row.reportLink,
    ]),
  ];
}
