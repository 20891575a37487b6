import { DEFAULT_PLANS, PLAN_FEATURES, TOOL_KEYS } from '@batchwise/domain';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PricingPlansSlot } from './pages/pricing-plans';

/**
 * The public site promises only what ships (/pricing, /sms, /sentinel, /ai, /welcome): every
 * feature claim names a key of the plan table (PLAN_FEATURES) or of the tools catalogue, and a
 * claim of a feature that does not ship yet is labelled as planned. A claim card or point added
 * without a key fails here.
 */
const files = import.meta.glob<Record<string, unknown>>('../../../public/Locales/*/*.json', {
  eager: true,
  import: 'default',
});
const CLAIM_PAGES = ['public', 'products', 'ai', 'pricing'];
const KNOWN = new Set<string>([...Object.keys(PLAN_FEATURES), ...TOOL_KEYS]);
const planned = (key: string) =>
  key in PLAN_FEATURES && !PLAN_FEATURES[key as keyof typeof PLAN_FEATURES].ships;

/** Every card or point of a list: an object in an array, or a keyed feature card, with a title, body or text. */
function claims(value: unknown, path: string, found: [string, Record<string, unknown>][] = []) {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) claims(item, `${path}[${i}]`, found);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const isClaim = ('title' in record && 'body' in record && !('cta' in record)) || 'text' in record;
    if (isClaim && /\[\d+\]$|\.features\.\w+$/.test(path)) found.push([path, record]);
    for (const [key, child] of Object.entries(record)) claims(child, `${path}.${key}`, found);
  }
  return found;
}

describe('public site claims', () => {
  for (const language of ['en', 'bn']) {
    for (const namespace of CLAIM_PAGES) {
      it(`${language}/${namespace}: every claim names a feature of the plan table or a tool`, () => {
        const texts = files[`../../../public/Locales/${language}/${namespace}.json`];
        const found = claims(texts, namespace);
        const unmapped = found.filter(([, claim]) => !KNOWN.has(String(claim.feature))).map(([path]) => path);
        expect(unmapped).toEqual([]);
      });
    }
  }

  // Branch management (Preferences.ManageMultiBranches) is not built: no page may claim it.
  it.each(['en', 'bn'])('claims no branch management (%s)', (language) => {
    for (const namespace of CLAIM_PAGES) {
      const text = JSON.stringify(files[`../../../public/Locales/${language}/${namespace}.json`]);
      expect(text, namespace).not.toMatch(
        /multiple branches|multi-branch|branch management|branches: included|একাধিক শাখা|শাখা ব্যবস্থাপনা/i,
      );
    }
  });

  it('finds the claims of the product pages and the landing page', () => {
    const en = (namespace: string) =>
      claims(files[`../../../public/Locales/en/${namespace}.json`], namespace);
    expect(en('products').length).toBeGreaterThanOrEqual(13);
    expect(en('ai')).toHaveLength(5);
    expect(en('public').length).toBeGreaterThanOrEqual(8);
  });

  it.each(['en', 'bn'])(
    'renders every pricing claim with its key, planned ones labelled (%s)',
    async (language) => {
      const i18n = i18next.createInstance();
      await i18n.use(initReactI18next).init({
        lng: language,
        resources: {
          [language]: {
            pricing: files[`../../../public/Locales/${language}/pricing.json`],
            public: files[`../../../public/Locales/${language}/public.json`],
          },
        },
        defaultNS: 'pricing',
        interpolation: { escapeValue: false },
      });
      const html = renderToString(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <PricingPlansSlot plans={DEFAULT_PLANS.map((plan) => ({ ...plan, updatedAt: null }))} />
          </MemoryRouter>
        </I18nextProvider>,
      );
      // Each ticked item and comparison row is a claim: it carries a known key.
      // (The table's header row names the plans, not a feature.)
      const rows = [...html.matchAll(/<(li|tr)([^>]*)>([\s\S]*?)<\/\1>/g)].filter(
        ([whole]) => !whole.includes('scope="col"'),
      );
      expect(rows.length).toBeGreaterThan(20);
      for (const [whole, , attrs, inner] of rows) {
        const key = /data-feature="([^"]+)"/.exec(attrs)?.[1];
        expect(key && KNOWN.has(key), whole.slice(0, 120)).toBe(true);
        expect(inner.includes('data-planned'), `${key} planned label`).toBe(planned(key!));
      }
    },
  );
});
