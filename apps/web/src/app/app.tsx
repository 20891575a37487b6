import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from '../components/app-error-boundary';
import { PageLoader } from '../components/page-loader';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/**
 * Providers, outermost first. The error boundary sits inside Suspense so the 500 page can
 * still wait for its translations.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
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
