import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from '../../components/navigation-progress';
import { PageLoader } from '../../components/page-loader';

/** Wraps every page: load indicator between routes and scroll restoration on back/forward. */
export function RootRoute() {
  return (
    <>
      <NavigationProgress />
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
