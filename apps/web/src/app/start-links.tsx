import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from '../components/app-error-boundary';
import { BrandMark } from '../components/icons';
import { PageLoader } from '../components/page-loader';
import { PageShown } from '../components/page-shown';
import { PlainFrame } from '../components/plain-frame';
import brand from '../features/public-site/site-header.module.css';
import { i18n, initI18n } from '../lib/i18n';
import { type LightLinkPage, paths } from '../lib/paths';
import { createQueryClient } from './query-client';
import { linkPages } from './routes/link-pages';

/**
 * The entry of the pages a family opens from an SMS on a phone (main.tsx picks it for the receipt,
 * the pay link and the report card): React, TanStack Query and the translations in the plain
 * frame, without the router and the endpoint contracts (zod) the app brings, within the families'
 * first-load budget (spec part 1 §2.3 "Loading by role"). The page's code and its texts load side
 * by side; inside the app the same pages come through the router (routes/link-pages.tsx).
 */
export function startLinks(container: HTMLElement, id: LightLinkPage): void {
  const page = linkPages[id];
  if (!page) throw new Error(`${id} is not a link page`);
  const queryClient = createQueryClient();
  const render = (Page: ComponentType) =>
    createRoot(container).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<PageLoader fullScreen />}>
            <AppErrorBoundary>
              <PlainFrame
                brand={
                  <a href={paths.welcome} className={brand.brand}>
                    <BrandMark />
                    <span>Batchwise</span>
                  </a>
                }
              >
                <Page />
              </PlainFrame>
              <PageShown />
            </AppErrorBoundary>
          </Suspense>
        </QueryClientProvider>
      </StrictMode>,
    );
  const texts = Promise.all([initI18n(), i18n.loadNamespaces(page.namespaces)]);
  // Texts that fail to load show as keys rather than no page at all (as start-portal.tsx does).
  void Promise.all([page.load(), texts.catch(() => undefined)]).then(([Page]) => render(Page));
}
