import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { homePathOf } from '../../lib/app-pages';
import { type ProtectedArea, paths, portalPageOf } from '../../lib/paths';
import { protectedAreaOf, signInRedirectPath } from '../../lib/route-rules';
import { isMissingRecord, MISSING_USER_RECORD, type Session, useSession } from '../../lib/session';

/**
 * Ant Design and the signed-in screens load only after the session check passes, through
 * React.lazy rather than route `lazy`: the router would fetch route chunks in parallel with
 * this check, making signed-out visitors download the whole app just to be redirected.
 */
const SignedInApp = lazy(() => import('./signed-in-app').then((module) => ({ default: module.SignedInApp })));

/** `/assistant/…` is the short form of the assistant's area. */
const ALIASES: Partial<Record<ProtectedArea, ProtectedArea>> = { assistant: 'teacherAssistant' };

/**
 * Where a signed-in user may not be: another role's area. Everyone may use `/settings`; staff
 * keep `/staff`. The server refuses the data anyway; this just avoids an empty screen.
 */
function foreignArea(area: ProtectedArea, session: Session): boolean {
  if (area === 'settings') return false;
  const home = protectedAreaOf(homePathOf(session));
  return (ALIASES[area] ?? area) !== home && !(area === 'staff' && session.user.isStaff);
}

/**
 * The family portal is its own entry (main.tsx, app/start-portal.tsx): reached from inside the app
 * (after sign-in, or from Settings' menu) it loads as a page of its own.
 */
function PortalHandOff({ to }: { to: string }) {
  useEffect(() => window.location.replace(to), [to]);
  return <PageLoader fullScreen />;
}

/** Mounted for every path under a signed-in area (see route-rules.ts). */
export function ProtectedAppRoute() {
  const location = useLocation();
  if (portalPageOf(location.pathname)) {
    return <PortalHandOff to={`${location.pathname}${location.search}`} />;
  }
  return <SignedInArea />;
}

function SignedInArea() {
  const location = useLocation();
  const session = useSession();

  if (session.isPending) return <PageLoader fullScreen />;
  if (session.isError) {
    // Spec part 1 §4: a user without a record is told so, signed out and sent to /force-logout.
    if (isMissingRecord(session.error)) {
      return <Navigate to={`${paths.forceLogout}?reason=${MISSING_USER_RECORD}`} replace />;
    }
    return <Navigate to={signInRedirectPath(location)} replace />;
  }
  const area = protectedAreaOf(location.pathname) ?? 'settings';
  if (foreignArea(area, session.data)) {
    const alias = ALIASES[area];
    const target = alias ? location.pathname.replace(/^\/[^/]+/, `/${alias}`) : homePathOf(session.data);
    return <Navigate to={`${target}${alias ? location.search : ''}`} replace />;
  }
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <SignedInApp area={area} />
    </Suspense>
  );
}
