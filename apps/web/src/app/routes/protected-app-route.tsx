import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session';
import { useLiveUpdates } from '../../lib/use-live-updates';
import { protectedAreaOf, signInRedirectPath } from '../route-rules';

/**
 * Ant Design and the signed-in screens load only after the session check passes, through
 * React.lazy rather than route `lazy`: the router would fetch route chunks in parallel with
 * this check, making signed-out visitors download the whole app just to be redirected.
 */
const SignedInApp = lazy(() => import('./signed-in-app').then((module) => ({ default: module.SignedInApp })));

/** Mounted for every path under a signed-in area (see route-rules.ts). */
export function ProtectedAppRoute() {
  const location = useLocation();
  const session = useSession();
  useLiveUpdates(session.isSuccess);

  if (session.isPending) return <PageLoader fullScreen />;
  if (session.isError) return <Navigate to={signInRedirectPath(location)} replace />;
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <SignedInApp area={protectedAreaOf(location.pathname) ?? 'teacher'} />
    </Suspense>
  );
}
