import type { Session } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { type PortalArea, type PortalPage, portalPageOf, portalPath } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ChildPicker } from './child-picker';
import { HomePage } from './home-page';
import { NamePrompt } from './name-prompt';
import { type PortalAnswer, portalQueries } from './portal-api';
import { navigate, useAddress } from './portal-location';
import { sessionFailureTarget, usePortalSession } from './portal-session';
import { PortalShell } from './portal-shell';
import { QueryStates } from './portal-states';
import { SettingsPage } from './settings-page';

// The home loads first and alone; each child page comes when it is opened (the family pages'
// first-load budget, spec part 1 §2.3).
const AssignmentsPage = lazy(() =>
  import('./assignments-page').then((m) => ({ default: m.AssignmentsPage })),
);
const AttendancePage = lazy(() => import('./attendance-page').then((m) => ({ default: m.AttendancePage })));
const ClassesPage = lazy(() => import('./classes-page').then((m) => ({ default: m.ClassesPage })));
const FeesPage = lazy(() => import('./fees-page').then((m) => ({ default: m.FeesPage })));
const MessagesPage = lazy(() => import('./messages-page').then((m) => ({ default: m.MessagesPage })));
const ResultsPage = lazy(() => import('./results-page').then((m) => ({ default: m.ResultsPage })));
const FilesPage = lazy(() => import('./files-page').then((m) => ({ default: m.FilesPage })));
const WallPage = lazy(() => import('./wall-page').then((m) => ({ default: m.WallPage })));

import { useRememberedChoices } from './use-remembered-choices';

const AREA_OF: Record<string, PortalArea> = { Parent: 'parent', Student: 'student' };

/**
 * The family portal: the session check, the shell and the page of the address. A signed-out
 * visitor goes to sign-in (and comes back), anyone else's role to their own home.
 */
export function PortalApp() {
  const { pathname } = useAddress();
  const session = usePortalSession();
  const target = session.isError ? sessionFailureTarget(session.error) : null;
  const own = session.data ? AREA_OF[session.data.user.profession ?? ''] : undefined;
  const where = portalPageOf(pathname);
  const elsewhere = session.data && (!own || own !== where?.area) ? session.data.homePath : null;
  useEffect(() => {
    const away = target ?? elsewhere;
    if (away) window.location.replace(away);
  }, [target, elsewhere]);
  if (session.isError && !target) {
    return <QueryStates query={session}>{() => null}</QueryStates>;
  }
  if (!session.data || !own || !where || elsewhere) return <PageLoader fullScreen />;
  return <SignedIn session={session.data} area={own} page={where.page} />;
}

function SignedIn({ session, area, page }: { session: Session; area: PortalArea; page: PortalPage }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const { params } = useAddress();
  const home = useQuery({ ...portalQueries.home(), staleTime: 30_000 });
  const profile = useQuery({ ...portalQueries.profile(), staleTime: Number.POSITIVE_INFINITY });
  useRememberedChoices(profile.data);
  const children = home.data?.children ?? [];
  const asked = params.get('student');
  const child = children.find((c) => c.studentId === asked) ?? children[0];
  const childQuery = child && children.length > 1 ? `?student=${encodeURIComponent(child.studentId)}` : '';
  useDocumentTitle(t(`menu.${page}`));

  const p = profile.data;
  const who =
    p?.name ??
    (p?.childName ? t('who.parentOf', { name: p.childName }) : (session.user.phone ?? session.user.name));
  const body = () => {
    if (page === 'settings')
      return <QueryStates query={profile}>{(data) => <SettingsPage profile={data} />}</QueryStates>;
    return (
      <QueryStates query={home}>
        {(data) =>
          page === 'dashboard' ? (
            <HomePage area={area} home={data} />
          ) : (
            <ChildPage area={area} page={page} home={data} child={child} />
          )
        }
      </QueryStates>
    );
  };
  return (
    <PortalShell area={area} page={page} who={who} childQuery={childQuery}>
      {p?.askName && page === 'dashboard' ? <NamePrompt profile={p} /> : null}
      {body()}
    </PortalShell>
  );
}

function ChildPage({
  area,
  page,
  home,
  child,
}: {
  area: PortalArea;
  page: Exclude<PortalPage, 'dashboard' | 'settings'>;
  home: PortalAnswer<'home'>;
  child: PortalAnswer<'home'>['children'][number] | undefined;
}) {
  useEffect(() => {
    if (!child) navigate(portalPath(area, 'dashboard'), { replace: true });
  }, [child, area]);
  if (!child) return null;
  const { studentId, name } = child;
  const pages = {
    fees: <FeesPage studentId={studentId} />,
    attendance: <AttendancePage studentId={studentId} />,
    reports: <ResultsPage studentId={studentId} name={name} />,
    classes: <ClassesPage studentId={studentId} name={name} />,
    assignments: <AssignmentsPage studentId={studentId} name={name} />,
    messages: <MessagesPage studentId={studentId} name={name} />,
    wall: <WallPage studentId={studentId} name={name} />,
    files: <FilesPage studentId={studentId} name={name} />,
  };
  return (
    <>
      <ChildPicker area={area} page={page} options={home.children} current={studentId} />
      <div key={studentId}>
        <Suspense fallback={<PageLoader />}>{pages[page]}</Suspense>
      </div>
    </>
  );
}
