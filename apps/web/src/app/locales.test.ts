import { INTERFACE_LANGUAGES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { publicPages } from '../lib/paths';
import { compareWithEnglish, flatten } from './locale-parity';

/**
 * Every interface language has every English text, with its own plural forms and the same
 * placeholders, translated (locale-parity.ts), and Bangla texts are written in Bangla.
 * `domain.json` is maintained with packages/domain and checked there.
 */
const files = import.meta.glob<Record<string, unknown>>('../../public/Locales/*/*.json', {
  eager: true,
  import: 'default',
});

const locale = (language: string, namespace: string) =>
  flatten(files[`../../public/Locales/${language}/${namespace}.json`] ?? {});

const namespaces = Object.keys(files)
  .filter((file) => file.includes('/en/'))
  .map((file) => file.replace(/.*\/en\/(.+)\.json$/, '$1'))
  .filter((namespace) => namespace !== 'domain');

const translations = INTERFACE_LANGUAGES.filter((language) => language !== 'en');
const packs = translations.flatMap((language) =>
  namespaces.map((namespace) => [language, namespace] as const),
);
const compare = (language: string, namespace: string) =>
  compareWithEnglish(locale('en', namespace), locale(language, namespace), language);

describe('locale files', () => {
  it('exist for the namespaces the app uses', () => {
    expect(namespaces.sort()).toEqual([
      'account-export',
      'activity',
      'admission',
      'ai',
      'app',
      'applications',
      'assessments',
      'assignments',
      'attendance',
      'attendance-alerts',
      'attendance-insights',
      'auth',
      'billing',
      'blog',
      'common',
      'company',
      'contact',
      'dev',
      'devices',
      'educast',
      'errors',
      'faces',
      'fees',
      'files',
      'getting-started',
      'insight',
      'kiosk',
      'legal',
      'links',
      'money',
      'onboarding',
      'other-users',
      'plans',
      'portal',
      'pricing',
      'products',
      'public',
      'question-papers',
      'recycle-bin',
      'referrals',
      'report-cards',
      'sms',
      'sms-count',
      'staff',
      'staff-console',
      'status',
      'students',
      'timetable',
      'uploads',
      'video',
      'wall',
      'webhooks',
      'zoom',
    ]);
  });

  it.each(translations)('%s has a file for every namespace', (language) => {
    const present = namespaces.filter(
      (namespace) => files[`../../public/Locales/${language}/${namespace}.json`],
    );
    expect(present).toEqual(namespaces);
  });

  it.each(packs)("%s/%s: every English key, in the language's own plural forms", (language, namespace) => {
    const { missing, extra } = compare(language, namespace);
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(packs)('%s/%s: the placeholders and tags of English', (language, namespace) => {
    expect(compare(language, namespace).placeholders).toEqual([]);
  });

  it.each(packs)('%s/%s: translated, not left in English', (language, namespace) => {
    expect(compare(language, namespace).untranslated).toEqual([]);
  });

  it.each(namespaces)('%s: every Bangla text is written in Bangla', (namespace) => {
    // A claim's `feature` is a key of the plan table or tools catalogue, not a text.
    const notBangla = Object.entries(locale('bn', namespace)).filter(
      ([key, text]) => !key.endsWith('.feature') && !/[\u0980-\u09FF]/.test(text),
    );
    expect(notBangla).toEqual([]);
  });

  it('has a title for every public page in every language', () => {
    for (const language of INTERFACE_LANGUAGES) {
      const texts = locale(language, 'public');
      for (const page of publicPages)
        expect(texts[`pages.${page.id}`], `${language} ${page.id}`).toBeTruthy();
    }
  });
});
