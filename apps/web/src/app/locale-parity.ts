/**
 * Rules every translated locale pack keeps against English (spec part 1 §1, part 2 §9: seven
 * interface languages from `/Locales/{lng}/{ns}.json`). Pure, for the locale tests of the web app
 * and of packages/domain (domain.json).
 */

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Institution-type terms (spec: an account's type names its students and classrooms) may change
 * number or be dropped as a language's grammar needs; every other placeholder and tag stays.
 */
const TERM = /^\{\{(students?|Students?|classrooms?|Classrooms?|singular|plural|Singular|Plural)\}\}$/;

/**
 * Words that read the same in every language: names of the product, plans, payment services,
 * partners and the sample people and places the texts show, abbreviations, and the formats the
 * spec fixes. A text left as in English passes when each of its words is one of these.
 */
const SAME_IN_EVERY_LANGUAGE = new Set(
  [
    'Batchwise',
    'bKash',
    'Nagad',
    'SSLCommerz',
    'SSL',
    'Wireless',
    'BulkSMSBD',
    'JAAGO',
    'Createaipapers',
    'Sentinel',
    'Zoom',
    'Excel',
    'XLSX',
    'LMS',
    'Lite',
    'Pro',
    'Elite',
    'SMS',
    'PDF',
    'CSV',
    'GPA',
    'NFC',
    'RFID',
    'EDC',
    'OTP',
    'AI',
    'SN',
    'TB',
    'MB',
    'KB',
    'min',
    'DD-MM-YYYY',
    'MM-YYYY',
    '01XXXXXXXXX',
    // The sample people, and the office address on the company pages.
    'Rahim',
    'Sharmin',
    'Akter',
    'Nafisa',
    'Tabassum',
    'Mahmudul',
    'Hasan',
    'Arif',
    'Chowdhury',
    'House',
    'Road',
    'Block',
    'Banani',
    'Dhaka',
  ].map((word) => word.toLowerCase()),
);

/** Words a language writes as English does (loanwords and shared Latin words). */
const LOANWORDS: Record<string, readonly string[]> = {
  it: [
    ...['Menu', 'Dashboard', 'Blog', 'Login', 'Online', 'Offline', 'Password', 'Email', 'E-mail'],
    ...['Sandbox', 'Feedback', 'News', 'Marketing', 'Hero', 'Link', 'Account', 'Team', 'Report'],
    ...['Computer', 'Database', 'Gateway', 'Budget', 'Staff', 'Standard', 'Volume', 'Video'],
    ...['Layout', 'Home', 'File', 'Bangladesh', 'Per'],
  ],
  es: [
    ...['Blog', 'Online', 'Email', 'E-mail', 'Sandbox', 'Marketing', 'Total', 'Normal', 'Hero'],
    ...['Error', 'General', 'Final', 'Personal', 'Local', 'Manual', 'Plan', 'Webhooks', 'Formal'],
  ],
  fr: [
    ...['Menu', 'Blog', 'Message', 'Messages', 'Actions', 'Date', 'Dates', 'Description', 'Total'],
    ...['Transport', 'Marketing', 'Type', 'Session', 'Sessions', 'Sandbox', 'Email', 'E-mail'],
    ...['Support', 'Options', 'Option', 'Notes', 'Note', 'Article', 'Contact', 'Important', 'Absence'],
    ...['Absent', 'Accessible', 'Service', 'Position', 'Sections', 'Section', 'Instructions'],
    ...['Transaction', 'Transactions', 'Parent', 'Parents', 'Excellent', 'Hero', 'Photo', 'Stop'],
    ...['Question', 'Questions', 'Publication', 'Expressions', 'Suggestions', 'Suggestion'],
    ...['Admissions', 'Admission', 'Rotation', 'Introduction', 'Accès', 'Distribution', 'Assistant'],
    ...['Assistants', 'Invitations', 'Webhooks', 'Volume', 'Urgent', 'Quota', 'Point', 'Net'],
    ...['Navigation', 'Incidents', 'Image', 'Correction', 'Code', 'Classes', 'Application', 'Active'],
    ...['Maintenance', 'Bangladesh'],
  ],
};

/** The words of a text, without placeholders, digits and punctuation (hyphenated words kept whole). */
const wordsOf = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .match(/[\p{L}0-9][\p{L}0-9-]*/gu)
    ?.filter((word) => /\p{L}/u.test(word)) ?? [];

export type Texts = Record<string, string>;

export function flatten(value: unknown, prefix = ''): Texts {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.entries(value).reduce<Texts>(
    (all, [key, child]) => Object.assign(all, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

/** The keys a language must have, each with the English text it translates. */
export function expectedKeys(english: Texts, language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, text] of Object.entries(english)) {
    const plural = key.match(PLURAL);
    // English's `_one`/`_other` become the language's own categories; an explicit `_zero` stays.
    if (plural && plural[1] !== 'zero') {
      const base = key.slice(0, -plural[0].length);
      for (const category of categories)
        if (category !== 'zero' || !(`${base}_zero` in english))
          expected.set(`${base}_${category}`, english[`${base}_other`] ?? text);
    } else expected.set(key, text);
  }
  return expected;
}

const tokens = (text: string) =>
  [
    ...new Set(
      [...text.matchAll(/\{\{\s*[^}]+?\s*\}\}|<\/?[a-z0-9]+\s*\/?>/gi)].map((m) => m[0].replace(/\s+/g, '')),
    ),
  ]
    .filter((token) => !TERM.test(token))
    .sort();

export interface ParityReport {
  missing: string[];
  extra: string[];
  /** `key: lost … added …` for each text whose placeholders or tags differ from English. */
  placeholders: string[];
  /** `key = text` for each text left in English. */
  untranslated: string[];
}

export function compareWithEnglish(english: Texts, translated: Texts, language: string): ParityReport {
  const expected = expectedKeys(english, language);
  const report: ParityReport = { missing: [], extra: [], placeholders: [], untranslated: [] };
  const loanwords = new Set((LOANWORDS[language] ?? []).map((word) => word.toLowerCase()));
  const isName = (word: string) =>
    SAME_IN_EVERY_LANGUAGE.has(word.toLowerCase()) || loanwords.has(word.toLowerCase());
  for (const [key, source] of expected) {
    const text = translated[key];
    if (text === undefined) {
      report.missing.push(key);
      continue;
    }
    const want = tokens(source);
    const have = tokens(text);
    // A plural form may leave out the number (Arabic's one and two forms say it in the word).
    const needed = PLURAL.test(key) ? want.filter((token) => token !== '{{count}}') : want;
    const lost = needed.filter((token) => !have.includes(token));
    const added = have.filter((token) => !want.includes(token));
    if (lost.length || added.length)
      report.placeholders.push(`${key}: lost ${lost.join(' ')} added ${added.join(' ')}`);
    // Identifiers (`feature`), and texts whose every word is a name or a shared word (symbols,
    // `{{count}}`, `৳{{amount}}`, `GPA {{gpa}}`, `ID`, `No`), need no translation.
    const words = wordsOf(text);
    const hasWord = words.some((word) => /\p{L}{3}/u.test(word));
    if (
      text === source &&
      key.split('.').at(-1) !== 'feature' &&
      hasWord &&
      !words.every((word) => word.length < 2 || isName(word))
    )
      report.untranslated.push(`${key} = ${text}`);
  }
  for (const key of Object.keys(translated)) if (!expected.has(key)) report.extra.push(key);
  return report;
}
