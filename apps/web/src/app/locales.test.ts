import { describe, expect, it } from 'vitest';
import { publicPages } from '../lib/paths';

/**
 * Every English text has a Bangla one and the other way round, and Bangla texts are written in
 * Bangla. `domain.json` is maintained with packages/domain and checked there.
 */
const files = import.meta.glob<Record<string, unknown>>('../../public/Locales/*/*.json', {
  eager: true,
  import: 'default',
});

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.entries(value).reduce<Record<string, string>>(
    (all, [key, child]) => Object.assign(all, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

const locale = (language: string, namespace: string) =>
  flatten(files[`../../public/Locales/${language}/${namespace}.json`] ?? {});

const namespaces = Object.keys(files)
  .filter((file) => file.includes('/en/'))
  .map((file) => file.replace(/.*\/en\/(.+)\.json$/, '$1'))
  .filter((namespace) => namespace !== 'domain');

describe('locale files', () => {
  it('exist for the namespaces the app uses', () => {
    expect(namespaces.sort()).toEqual([
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
      'errors',
      'fees',
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
      'wall',
      'webhooks',
      'zoom',
    ]);
  });

  it.each(namespaces)('%s: English and Bangla have the same keys', (namespace) => {
    expect(Object.keys(locale('bn', namespace)).sort()).toEqual(Object.keys(locale('en', namespace)).sort());
  });

  it.each(namespaces)('%s: every Bangla text is written in Bangla', (namespace) => {
    // A claim's `feature` is a key of the plan table or tools catalogue, not a text.
    const notBangla = Object.entries(locale('bn', namespace)).filter(
      ([key, text]) => !key.endsWith('.feature') && !/[\u0980-\u09FF]/.test(text),
    );
    expect(notBangla).toEqual([]);
  });

  it('has a title for every public page in both languages', () => {
    for (const language of ['en', 'bn']) {
      const texts = locale(language, 'public');
      for (const page of publicPages)
        expect(texts[`pages.${page.id}`], `${language} ${page.id}`).toBeTruthy();
    }
  });
});
