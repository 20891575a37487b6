import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoader } from '../components/page-loader';
import { SiteLayout } from '../features/public-site/site-layout';
import { i18n, type Namespace } from '../lib/i18n';
import { paths, protectedAreas, publicPages } from '../lib/paths';
import { linkPages } from './routes/link-pages';
import { marketingPages } from './routes/marketing-pages';
import { RootRoute } from './routes/root-route';
import { RouteError } from './routes/route-error';

/**
 * The route map of spec part 1 §2.3; the rule for which paths need sign-in is documented in
 * route-rules.ts and built here from the same lists. Every page is its own chunk. The marketing
 * layout is in the main chunk because most first visits land on it; Ant Design is not (see
 * protected-app-route.tsx and the /dev/outbox route).
 */

/**
 * Loads a route's code and its translations together, so the page renders complete instead of
 * suspending on a namespace after the code arrives.
 */
function lazyRoute(load: () => Promise<ComponentType>, namespaces: Namespace[]) {
  return async () => {
    const [Component] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { Component };
  };
}

function RedirectPreservingSearch({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

// The 404 page is already in the main chunk (the error element uses it); only its texts load here.
const notFound = lazyRoute(async () => NotFoundPage, ['errors']);

// A public page without content of its own shows the "coming soon" placeholder; only the pages
// listed in routes/not-yet-built.ts may (public-pages.test.ts).
const publicPageRoute = (id: string) => {
  const page = marketingPages[id] ?? linkPages[id];
  if (page) return lazyRoute(page.load, ['public', ...page.namespaces]);
  return lazyRoute(async () => {
    const { PublicPage } = await import('../features/public-site/public-page');
    return () => <PublicPage id={id} />;
  }, ['public']);
};

// Auth pages stay free of Ant Design: they are many visitors' first load (see auth-layout.tsx).
const authPageRoute = (load: () => Promise<ComponentType>) => lazyRoute(load, ['auth', 'domain', 'errors']);

const toRoute = (page: (typeof publicPages)[number]): RouteObject => ({
  path: page.path,
  lazy: publicPageRoute(page.id),
});

export const routes: RouteObject[] = [
  {
    path: paths.root,
    Component: RootRoute,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      { index: true, element: <RedirectPreservingSearch to={paths.welcome} /> },
      {
        Component: SiteLayout,
        children: [
          ...publicPages.filter((page) => page.layout === 'site').map(toRoute),
          // Signed in or not, a path outside every known area is a 404 (route-rules.ts).
          { path: '*', lazy: notFound },
        ],
      },
      {
        lazy: lazyRoute(
          async () => (await import('../features/public-site/plain-layout')).PlainLayout,
          ['public'],
        ),
        children: publicPages.filter((page) => page.layout === 'plain').map(toRoute),
      },
      {
        lazy: lazyRoute(async () => (await import('../features/auth/auth-layout')).AuthLayout, ['auth']),
        children: [
          {
            path: paths.signIn,
            lazy: authPageRoute(async () => (await import('../features/auth/sign-in-page')).SignInPage),
          },
          { path: paths.login, element: <RedirectPreservingSearch to={paths.signIn} /> },
          {
            path: paths.signUp,
            lazy: authPageRoute(async () => (await import('../features/auth/sign-up-page')).SignUpPage),
          },
          {
            path: paths.phoneLogin,
            lazy: authPageRoute(
              async () => (await import('../features/auth/phone-login-page')).PhoneLoginPage,
            ),
          },
          {
            path: paths.forgotPassword,
            lazy: authPageRoute(
              async () => (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
            ),
          },
          {
            path: paths.forceLogout,
            lazy: authPageRoute(
              async () => (await import('../features/auth/force-logout-page')).ForceLogoutPage,
            ),
          },
        ],
      },
      {
        path: paths.devOutbox,
        lazy: lazyRoute(
          async () => (await import('./routes/dev-outbox-route')).DevOutboxRoute,
          ['dev', 'errors', 'domain'],
        ),
      },
      // One splat route per signed-in area; the area's own pages live in signed-in-app.tsx.
      ...protectedAreas.map(
        (area): RouteObject => ({
          path: `${area}/*`,
          lazy: lazyRoute(
            async () => (await import('./routes/protected-app-route')).ProtectedAppRoute,
            ['app', 'errors', 'domain'],
          ),
        }),
      ),
    ],
  },
];

export type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the first page's code and texts are loaded (its lazy route has run). */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
