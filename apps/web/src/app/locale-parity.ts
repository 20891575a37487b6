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
 * Texts that read the same in every language: names of the product, plans, payment services and
 * partners, abbreviations, and formats the spec fixes. Anything else left in English is a gap.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Batchwise',
  'bKash',
  'Nagad',
  'SSLCommerz',
  'BulkSMSBD',
  'JAAGO',
  'Createaipapers',
  'Sentinel',
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
  'DD-MM-YYYY',
  '01XXXXXXXXX',
]);

/** Words a language borrows from English unchanged. */
const LOANWORDS: Record<string, readonly string[]> = {
  it: [
    'Menu',
    'Dashboard',
    'Blog',
    'Login',
    'Online',
    'Offline',
    'Password',
    'Email',
    'E-mail',
    'Sandbox',
    'Feedback',
    'News',
    'Marketing',
    'Hero',
    'Link',
    'Account',
    'Team',
    'Report',
    'Computer',
    'Database',
    'Gateway',
    'Budget',
    'Staff',
    'Standard',
  ],
  es: [
    'Blog',
    'Online',
    'Email',
    'E-mail',
    'Sandbox',
    'Marketing',
    'Total',
    'Normal',
    'Hero',
    'Error',
    'General',
    'Final',
    'Personal',
    'Local',
    'Manual',
  ],
  fr: [
    'Menu',
    'Blog',
    'Message',
    'Messages',
    'Actions',
    'Date',
    'Dates',
    'Description',
    'Total',
    'Transport',
    'Marketing',
    'Type',
    'Session',
    'Sessions',
    'Sandbox',
    'Email',
    'E-mail',
    'Support',
    'Options',
    'Notes',
    'Article',
    'Contact',
    'Important',
    'Absence',
    'Accessible',
    'Service',
    'Note',
    'Position',
    'Sections',
    'Section',
    'Instructions',
    'Transaction',
    'Transactions',
    'Parent',
    'Parents',
    'Excellent',
    'Hero',
    'Photo',
    'Stop',
    'Question',
    'Questions',
    'Publication',
    'Expressions',
    'Suggestions',
    'Suggestion',
    'Admissions',
    'Admission',
    'Rotation',
    'Introduction',
    'Accès',
    'Distribution',
  ],
  zh: [],
  ar: [],
  bn: [],
};

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
  const loanwords = new Set(LOANWORDS[language] ?? []);
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
    const isName =
      key.split('.').at(-1) === 'feature' || SAME_IN_EVERY_LANGUAGE.has(text) || loanwords.has(text);
    // Texts without a word in them (symbols, `{{count}}`, `৳{{amount}}`) need no translation.
    if (text === source && /[a-z]{3}/i.test(source.replace(/\{\{[^}]*\}\}/g, '')) && !isName)
      report.untranslated.push(`${key} = ${text}`);
  }
  for (const key of Object.keys(translated)) if (!expected.has(key)) report.extra.push(key);
  return report;
}
