import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AntdProvider } from '../../components/antd/antd-provider';
import { NotForRolePage } from '../../components/not-for-role-page';
import { NotFoundPage } from '../../components/not-found-page';
import { AppShell } from '../../features/app-shell/app-shell';
import { ThemeSettingsPanel } from '../../features/app-shell/theme-settings-panel';
import { PlatformNotices } from '../../features/staff-console/platform-notices';
import { APP_PAGES, type AppPage, pagesFor } from '../../lib/app-pages';
import { i18n } from '../../lib/i18n';
import { PROFESSION_HOMES, type ProtectedArea } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { ownerAccountExportCards } from './account-export-cards';
import { ownerReferralCards, staffReferralCards } from './referral-cards';
import { ownerWebhookCards } from './webhook-cards';

/** A lazily loaded page: each page is its own chunk, loaded when first opened. */
const named = <K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(() => load().then((module) => ({ default: module[name] })));

/** A lazily loaded page that loads its texts with its code (no flash of keys). */
const withTexts = <K extends string, P extends object = object>(
  namespaces: readonly string[],
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) =>
  named<K, P>(
    () => Promise.all([load(), i18n.loadNamespaces([...namespaces])]).then(([module]) => module),
    name,
  );

const AccountDashboard = named(
  () => import('../../features/dashboards/account-dashboard'),
  'AccountDashboard',
);
/** The first-run checklist on a teacher's dashboard, with its texts. */
const GettingStartedCard = withTexts(
  ['getting-started', 'errors'],
  () => import('../../features/getting-started/getting-started-card'),
  'GettingStartedCard',
);
const StaffDashboard = named<'StaffDashboard', { extra?: ReactNode }>(
  () => import('../../features/staff/staff-dashboard'),
  'StaffDashboard',
);
/** The incidents staff post on the public status page, with its texts. */
const IncidentsCard = withTexts(
  ['status', 'domain', 'errors'],
  () => import('../../features/status/incidents-card'),
  'IncidentsCard',
);
const TeamPage = named(() => import('../../features/team/team-page'), 'TeamPage');
const InvitationsPage = named(() => import('../../features/invitations/invitations-page'), 'InvitationsPage');
const NewsEditorPage = named(() => import('../../features/news-editor/news-editor-page'), 'NewsEditorPage');
/** Classroom, student and archive pages load their texts with their code (no flash of keys). */
const STUDENT_TEXTS = ['students'];
const ClassroomsPage = withTexts(
  STUDENT_TEXTS,
  () => import('../../features/classrooms/classrooms-page'),
  'ClassroomsPage',
);
const ClassroomRoute = withTexts(STUDENT_TEXTS, () => import('./student-routes'), 'ClassroomRoute');
const StudentsPage = withTexts(
  STUDENT_TEXTS,
  () => import('../../features/students/students-page'),
  'StudentsPage',
);
const ArchivePage = withTexts(
  STUDENT_TEXTS,
  () => import('../../features/archive/archive-page'),
  'ArchivePage',
);
const VerificationNotice = withTexts(
  STUDENT_TEXTS,
  () => import('../../features/students/verification-notice'),
  'VerificationNotice',
);
/** The SMS page's texts, and the server's error texts it shows in the confirmation, load with its code. */
const SmsPage = withTexts(
  ['sms', 'domain', 'errors'],
  () => import('../../features/sms/sms-page'),
  'SmsPage',
);
/** Bulk onboarding: its texts and the server's error texts (every problem is shown by code). */
const OnboardingPage = withTexts(
  ['onboarding', 'domain', 'errors'],
  () => import('../../features/onboarding/onboarding-page'),
  'OnboardingPage',
);
/** Online admission: the inbox and its settings, with the server's error texts (shown by code). */
const ADMISSION_TEXTS = ['applications', 'domain', 'errors'];
const AdmissionsPage = withTexts(
  ADMISSION_TEXTS,
  () => import('../../features/admission/admissions-page'),
  'AdmissionsPage',
);
const AdmissionSettingsPage = withTexts(
  ADMISSION_TEXTS,
  () => import('../../features/admission/admission-settings-page'),
  'AdmissionSettingsPage',
);
/** Fees and the counter, with the server's error texts (refusals are shown by code). */
const FEE_TEXTS = ['fees', 'domain', 'errors'];
const FeesPage = withTexts(FEE_TEXTS, () => import('../../features/fees/fees-page'), 'FeesPage');
const CounterPage = withTexts(FEE_TEXTS, () => import('../../features/fees/counter-page'), 'CounterPage');
/** The money manager, with its charts (Recharts stays in this chunk) and the server's error texts. */
const MoneyManagerPage = withTexts(
  ['money', 'domain', 'errors'],
  () => import('../../features/money-manager/money-manager-page'),
  'MoneyManagerPage',
);
/** Assessments and the marks grid, with the server's error texts (refusals are shown by code). */
const ASSESSMENT_TEXTS = ['assessments', 'domain', 'errors'];
const AssessmentsPage = withTexts(
  ASSESSMENT_TEXTS,
  () => import('../../features/assessments/assessments-page'),
  'AssessmentsPage',
);
const MarksPage = withTexts(
  ASSESSMENT_TEXTS,
  () => import('../../features/assessments/marks-page'),
  'MarksPage',
);
/** Online assignments, with the server's error texts. */
const AssignmentsPage = withTexts(
  ['assignments', 'domain', 'errors'],
  () => import('../../features/assignments/assignments-page'),
  'AssignmentsPage',
);
/** Question papers (the AI tool), with the server's error texts. */
const QuestionPapersPage = withTexts(
  ['question-papers', 'domain', 'errors'],
  () => import('../../features/question-papers/question-papers-page'),
  'QuestionPapersPage',
);
/**
 * Roll call, the register, student calendars, the live board and the insights tab, with the
 * server's error texts.
 */
const AttendanceRoute = withTexts(
  ['attendance', 'domain', 'errors'],
  () => import('./attendance-route'),
  'AttendanceRoute',
);
/** Parent SMS on attendance: settings, templates and the log, with error texts. */
const AttendanceAlertsPage = withTexts(
  ['attendance-alerts', 'domain', 'errors'],
  () => import('../../features/attendance-alerts/attendance-alerts-page'),
  'AttendanceAlertsPage',
);
/** Staff, guards and visitors at the gate: their codes and the entry/exit log. */
const OtherUsersPage = withTexts(
  ['other-users', 'domain', 'errors'],
  () => import('../../features/other-users/other-users-page'),
  'OtherUsersPage',
);
/** The timetable: classes across classrooms by week and month, changes and feed links. */
const TimetablePage = withTexts(
  ['timetable', 'domain', 'errors'],
  () => import('../../features/timetable/timetable-page'),
  'TimetablePage',
);
/** Online classes through Zoom, shown under the timetable (its own feature). */
const ZoomPanel = withTexts(
  ['zoom', 'domain', 'errors'],
  () => import('../../features/zoom/zoom-panel'),
  'ZoomPanel',
);
/** Report cards: the terms' cards, links, result SMS and the families' feedback. */
const ReportCardsPage = withTexts(
  ['report-cards', 'domain', 'errors'],
  () => import('../../features/report-cards/report-cards-page'),
  'ReportCardsPage',
);
/** The tools catalogue and the staff's plan table, with the server's error texts (refusals by code). */
const PLAN_TEXTS = ['plans', 'pricing', 'domain', 'errors'];
const ToolsPage = withTexts(PLAN_TEXTS, () => import('../../features/tools/tools-page'), 'ToolsPage');
/** The owner's billing: plan, renewal, SMS packs and past purchases. */
const BillingPage = withTexts(
  ['billing', 'pricing', 'domain', 'errors'],
  () => import('../../features/billing/billing-page'),
  'BillingPage',
);
const PlansEditorPage = withTexts(
  PLAN_TEXTS,
  () => import('../../features/staff/plans-editor-page'),
  'PlansEditorPage',
);
/** The Recycle bin, with the server's error texts (a refused restore says why by code). */
const RecycleBinPage = withTexts(
  ['recycle-bin', 'domain', 'errors'],
  () => import('../../features/recycle-bin/recycle-bin-page'),
  'RecycleBinPage',
);
const SettingsPage = lazy(() =>
  import('../../features/settings/settings-page').then((module) => ({ default: module.SettingsPage })),
);

/** Parents' and students' dashboards are the family portal's own entry (protected-app-route.tsx). */
function dashboardFor(area: ProtectedArea): ReactNode {
  switch (area) {
    case 'staff':
      return (
        <StaffDashboard
          extra={
            <>
              {staffReferralCards()}
              <Suspense fallback={null}>
                <IncidentsCard />
              </Suspense>
            </>
          }
        />
      );
    default:
      return (
        // The dashboard's own boundary waits for the checklist (account-dashboard.tsx).
        <AccountDashboard checklist={<GettingStartedCard area={area} />} />
      );
  }
}

/** The roles whose menu has `page`: who a refused page is for. */
function rolesOpening(page: AppPage): string[] {
  return Object.keys(PROFESSION_HOMES).filter((profession) =>
    pagesFor({ user: { profession: profession as keyof typeof PROFESSION_HOMES, isStaff: false } }).includes(
      page,
    ),
  );
}

/**
 * The signed-in app's own route table, relative to the area it was mounted under (`/teacher/*`
 * → `dashboard`). Pages a role does not have are not routed; its catch-all keeps unknown paths
 * inside the app on the app's 404 page, and a page of the app that this role does not get says so.
 */
export function SignedInApp({ area }: { area: ProtectedArea }) {
  const { data: session } = useSession();
  const allowed = new Set<AppPage>(session ? pagesFor(session) : []);
  const settings = (
    <SettingsPage
      appearance={<ThemeSettingsPanel />}
      institutionExtras={(accountId) => (
        <>
          {ownerReferralCards(accountId)}
          {ownerWebhookCards(accountId)}
          {ownerAccountExportCards(accountId)}
        </>
      )}
    />
  );
  const first = [...allowed][0] ?? 'settings';
  return (
    <AntdProvider>
      <Routes>
        <Route
          element={
            <AppShell
              notice={
                <>
                  <PlatformNotices />
                  {/* Suspends to the frame's boundary around notices and page (app-shell.tsx). */}
                  {allowed.has('students') ? <VerificationNotice /> : null}
                </>
              }
            />
          }
        >
          {area === 'settings' ? (
            <Route index element={settings} />
          ) : (
            <>
              <Route index element={<Navigate to={first} replace />} />
              {allowed.has('dashboard') ? <Route path="dashboard" element={dashboardFor(area)} /> : null}
              {allowed.has('settings') ? <Route path="settings" element={settings} /> : null}
              {allowed.has('classrooms') ? (
                <>
                  <Route path="classrooms" element={<ClassroomsPage />} />
                  <Route path="classrooms/:accountId/:classroomId" element={<ClassroomRoute />} />
                </>
              ) : null}
              {allowed.has('assessments') ? (
                <>
                  <Route path="assessments" element={<AssessmentsPage />} />
                  <Route path="assessments/:accountId/:assessmentId" element={<MarksPage />} />
                </>
              ) : null}
              {allowed.has('assignments') ? <Route path="assignments" element={<AssignmentsPage />} /> : null}
              {allowed.has('question-papers') ? (
                <Route path="question-papers" element={<QuestionPapersPage />} />
              ) : null}
              {allowed.has('reports') ? <Route path="reports" element={<ReportCardsPage />} /> : null}
              {allowed.has('attendance') ? <Route path="attendance" element={<AttendanceRoute />} /> : null}
              {allowed.has('attendance') ? (
                <Route path="attendance/alerts" element={<AttendanceAlertsPage />} />
              ) : null}
              {allowed.has('attendance') ? (
                <>
                  <Route path="attendance/other-users" element={<OtherUsersPage />} />
                  <Route
                    path="attendance/timetable"
                    element={
                      <>
                        <TimetablePage />
                        <ZoomPanel />
                      </>
                    }
                  />
                </>
              ) : null}
              {allowed.has('students') ? (
                <>
                  <Route path="students" element={<StudentsPage />} />
                  <Route path="students/import" element={<OnboardingPage />} />
                </>
              ) : null}
              {allowed.has('admissions') ? (
                <>
                  <Route path="admissions" element={<AdmissionsPage />} />
                  <Route path="admissions/settings" element={<AdmissionSettingsPage />} />
                </>
              ) : null}
              {allowed.has('fees') ? (
                <>
                  <Route path="fees" element={<FeesPage />} />
                  <Route path="fees/students/:studentId" element={<CounterPage />} />
                </>
              ) : null}
              {allowed.has('money') ? <Route path="money" element={<MoneyManagerPage />} /> : null}
              {allowed.has('archive') ? <Route path="archive" element={<ArchivePage />} /> : null}
              {allowed.has('sms') ? <Route path="sms" element={<SmsPage />} /> : null}
              {allowed.has('team') ? <Route path="team" element={<TeamPage />} /> : null}
              {allowed.has('invitations') ? <Route path="invitations" element={<InvitationsPage />} /> : null}
              {allowed.has('news') ? <Route path="news" element={<NewsEditorPage />} /> : null}
              {allowed.has('tools') ? <Route path="tools" element={<ToolsPage />} /> : null}
              {allowed.has('recycle-bin') ? <Route path="recycle-bin" element={<RecycleBinPage />} /> : null}
              {allowed.has('billing') ? <Route path="billing" element={<BillingPage />} /> : null}
              {allowed.has('plans') ? <Route path="plans" element={<PlansEditorPage />} /> : null}
            </>
          )}
          {area === 'settings'
            ? null
            : APP_PAGES.filter((page) => page !== 'outbox' && !allowed.has(page)).map((page) => (
                <Route
                  key={page}
                  path={`${page}/*`}
                  element={
                    <NotForRolePage
                      page={page}
                      openTo={rolesOpening(page)}
                      home={`/${area}/${allowed.has('dashboard') ? 'dashboard' : first}`}
                    />
                  }
                />
              ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AntdProvider>
  );
}
