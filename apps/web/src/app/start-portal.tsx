import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from '../components/app-error-boundary';
import { PageLoader } from '../components/page-loader';
import { PageShown } from '../components/page-shown';
import { PortalApp } from '../features/portal/portal-app';
import { PublicAttendancePage } from '../features/portal/public-attendance-page';
import { i18n, initI18n, type Namespace } from '../lib/i18n';
import { isAttendanceViewPath } from '../lib/paths';
import { createQueryClient } from './query-client';

/** The portal's texts; the frame's (`common`) come with initI18n. */
const NAMESPACES: Namespace[] = ['portal', 'zoom', 'domain', 'errors'];

/**
 * The family portal's own entry (main.tsx picks it for `/parent/…`, `/student/…` and the
 * attendance link's `/attendance-view`): React,
 * TanStack Query and the translations, without the router, Ant Design and the endpoint contracts
 * (zod) the signed-in app brings, so a parent opening it from an SMS on a slow phone downloads
 * a fraction of the app. The texts and the session are fetched side by side.
 */
export function startPortal(container: HTMLElement): void {
  const queryClient = createQueryClient();
  const texts = Promise.all([initI18n(), i18n.loadNamespaces(NAMESPACES)]);
  const render = () =>
    createRoot(container).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<PageLoader fullScreen />}>
            <AppErrorBoundary>
              {isAttendanceViewPath(window.location.pathname) ? <PublicAttendancePage /> : <PortalApp />}
              <PageShown />
            </AppErrorBoundary>
          </Suspense>
        </QueryClientProvider>
      </StrictMode>,
    );
  void texts.then(render, render);
}
