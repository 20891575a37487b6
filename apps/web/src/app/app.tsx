import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from '../components/app-error-boundary';
import { PageLoader } from '../components/page-loader';
import { createQueryClient } from './query-client';
import { type AppRouter, createAppRouter } from './router';

/**
 * Providers, outermost first. The error boundary sits inside Suspense so the 500 page can
 * still wait for its translations.
 */
export function App({ router: givenRouter }: { router?: AppRouter }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => givenRouter ?? createAppRouter());
  // public/theme-init.js hides a page pre-rendered in the other language until the app renders.
  useEffect(() => {
    document.documentElement.classList.remove('bw-language-pending');
    // From here on the page is the live app, no longer the pre-rendered copy (tests wait for this).
    document.getElementById('root')?.removeAttribute('data-prerendered');
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageLoader fullScreen />}>
        <AppErrorBoundary>
          <RouterProvider router={router} />
        </AppErrorBoundary>
      </Suspense>
    </QueryClientProvider>
  );
}
