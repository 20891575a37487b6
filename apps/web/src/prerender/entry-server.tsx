import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '../app/router';
import { i18n } from '../lib/i18n';

export type Resources = Record<string, Record<string, Record<string, unknown>>>;

/**
 * Build-time rendering of the marketing pages (scripts/prerender.ts calls this from the SSR
 * bundle). Translations are handed in whole, so nothing suspends: the HTML is the page as a
 * reader sees it before any data (news, site settings) has arrived.
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
}

export async function render(url: string, language: 'en' | 'bn'): Promise<string> {
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
