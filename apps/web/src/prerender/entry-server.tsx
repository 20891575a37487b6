import {
  INTERFACE_LANGUAGES,
  type InterfaceLanguage,
  type LandingConfig,
  type NewsItem,
  type PlanView,
} from '@batchwise/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, MemoryRouter, StaticRouterProvider } from 'react-router';
import { routes } from '../app/router';
import { type LandingPart, LandingPartSlot } from '../features/public-site/landing-parts';
import { LatestNewsSlot } from '../features/public-site/news/latest-news';
import { PricingPlansSlot } from '../features/public-site/pages/pricing-plans';
import { i18n } from '../lib/i18n';

export type Resources = Record<string, Record<string, Record<string, unknown>>>;
type Language = InterfaceLanguage;

/** One instance per language, so renders for different readers never share a language switch. */
let byLanguage: Record<Language, I18n> | undefined;

/**
 * Server-side rendering of the marketing pages: at build time (scripts/prerender.ts) and, for
 * the live parts of static pages, in the API server (apps/server/src/modules/public-site).
 * Translations are handed in whole, so nothing suspends.
 */
export async function setUp(resources: Resources): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: Object.keys(resources.en ?? {}),
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  byLanguage = Object.fromEntries(
    INTERFACE_LANGUAGES.map((language) => [language, i18n.cloneInstance({ lng: language })]),
  ) as Record<Language, I18n>;
}

/** A whole page as a reader sees it before any data (news, site settings) has arrived. */
export async function render(url: string, language: Language): Promise<string> {
  await i18n.changeLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} redirected while pre-rendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
}

/** The landing page's news cards; without `items`, their loading state (the pre-rendered one). */
export function renderLatestNews(items: readonly NewsItem[] | undefined, language: Language): string {
  if (!byLanguage) throw new Error('setUp() first');
  return renderToString(
    <I18nextProvider i18n={byLanguage[language]}>
      <LatestNewsSlot items={items} />
    </I18nextProvider>,
  );
}

/** The pricing page's plan cards and comparison; without `plans`, their loading state. */
export function renderPricingPlans(plans: readonly PlanView[] | undefined, language: Language): string {
  if (!byLanguage) throw new Error('setUp() first');
  // Its links (sign up, contact) need a router; the page's own is not running in the server.
  return renderToString(
    <I18nextProvider i18n={byLanguage[language]}>
      <MemoryRouter>
        <PricingPlansSlot plans={plans} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** A part of the landing page staff may change; without `config`, its built-in text (the pre-rendered one). */
export function renderLanding(
  part: LandingPart,
  config: LandingConfig | undefined,
  language: Language,
): string {
  if (!byLanguage) throw new Error('setUp() first');
  return renderToString(
    <I18nextProvider i18n={byLanguage[language]}>
      <LandingPartSlot part={part} config={config} />
    </I18nextProvider>,
  );
}
