import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AntdProvider } from '../../components/antd/antd-provider';
import { NotForRolePage } from '../../components/not-for-role-page';
import { NotFoundPage } from '../../components/not-found-page';
import { AppShell } from '../../features/app-shell/app-shell';
import { ThemeSettingsPanel } from '../../features/app-shell/theme-settings-panel';
import type { AttendancePageProps } from '../../features/attendance/attendance-page';
import { PlatformNotices } from '../../features/staff-console/platform-notices';
import { APP_PAGES, type AppPage, pagesFor } from '../../lib/app-pages';
import { i18n } from '../../lib/i18n';
import { PROFESSION_HOMES, type ProtectedArea } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { ownerAccountExportCards } from './account-export-cards';
import { attendanceInsightsTab } from './attendance-insights-tab';
import { ownerReferralCards, staffReferralCards } from './referral-cards';
import { ownerWebhookCards } from './webhook-cards';

/** A lazily loaded page: each page is its own chunk, loaded when first opened. */
const named = <K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(() => load().then((module) => ({ default: module[name] })));

const AccountDashboard = named(
  () => import('../../features/dashboards/account-dashboard'),
  'AccountDashboard',
);
/** The first-run checklist on a teacher's dashboard, with its texts. */
const GettingStartedCard = named(
  () =>
    Promise.all([
      import('../../features/getting-started/getting-started-card'),
      i18n.loadNamespaces(['getting-started', 'errors']),
    ]).then(([module]) => module),
  'GettingStartedCard',
);
const StaffDashboard = named<'StaffDashboard', { extra?: ReactNode }>(
  () => import('../../features/staff/staff-dashboard'),
  'StaffDashboard',
);
/** The incidents staff post on the public status page, with its texts. */
const IncidentsCard = named(
  () =>
    Promise.all([
      import('../../features/status/incidents-card'),
      i18n.loadNamespaces(['status', 'domain', 'errors']),
    ]).then(([module]) => module),
  'IncidentsCard',
);
const TeamPage = named(() => import('../../features/team/team-page'), 'TeamPage');
const InvitationsPage = named(() => import('../../features/invitations/invitations-page'), 'InvitationsPage');
const NewsEditorPage = named(() => import('../../features/news-editor/news-editor-page'), 'NewsEditorPage');
/** Classroom, student and archive pages load their texts with their code (no flash of keys). */
const withStudentTexts = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  named(() => Promise.all([load(), i18n.loadNamespaces('students')]).then(([module]) => module), name);
const ClassroomsPage = withStudentTexts(
  () => import('../../features/classrooms/classrooms-page'),
  'ClassroomsPage',
);
const ClassroomRoute = withStudentTexts(() => import('./student-routes'), 'ClassroomRoute');
const StudentsPage = withStudentTexts(() => import('../../features/students/students-page'), 'StudentsPage');
const ArchivePage = withStudentTexts(() => import('../../features/archive/archive-page'), 'ArchivePage');
const VerificationNotice = withStudentTexts(
  () => import('../../features/students/verification-notice'),
  'VerificationNotice',
);
/** The SMS page's texts, and the server's error texts it shows in the confirmation, load with its code. */
const SmsPage = named(
  () =>
    Promise.all([
      import('../../features/sms/sms-page'),
      i18n.loadNamespaces(['sms', 'domain', 'errors']),
    ]).then(([module]) => module),
  'SmsPage',
);
/** Bulk onboarding: its texts and the server's error texts (every problem is shown by code). */
const OnboardingPage = named(
  () =>
    Promise.all([
      import('../../features/onboarding/onboarding-page'),
      i18n.loadNamespaces(['onboarding', 'domain', 'errors']),
    ]).then(([module]) => module),
  'OnboardingPage',
);
/** Online admission: the inbox and its settings, with the server's error texts (shown by code). */
const withAdmissionTexts = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  named(
    () =>
      Promise.all([load(), i18n.loadNamespaces(['applications', 'domain', 'errors'])]).then(
        ([module]) => module,
      ),
    name,
  );
const AdmissionsPage = withAdmissionTexts(
  () => import('../../features/admission/admissions-page'),
  'AdmissionsPage',
);
const AdmissionSettingsPage = withAdmissionTexts(
  () => import('../../features/admission/admission-settings-page'),
  'AdmissionSettingsPage',
);
/** Fees and the counter, with the server's error texts (refusals are shown by code). */
const withFeeTexts = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  named(
    () => Promise.all([load(), i18n.loadNamespaces(['fees', 'domain', 'errors'])]).then(([module]) => module),
    name,
  );
const FeesPage = withFeeTexts(() => import('../../features/fees/fees-page'), 'FeesPage');
const CounterPage = withFeeTexts(() => import('../../features/fees/counter-page'), 'CounterPage');
/** The money manager, with its charts (Recharts stays in this chunk) and the server's error texts. */
const MoneyManagerPage = named(
  () =>
    Promise.all([
      import('../../features/money-manager/money-manager-page'),
      i18n.loadNamespaces(['money', 'domain', 'errors']),
    ]).then(([module]) => module),
  'MoneyManagerPage',
);
/** Assessments and the marks grid, with the server's error texts (refusals are shown by code). */
const withAssessmentTexts = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  named(
    () =>
      Promise.all([load(), i18n.loadNamespaces(['assessments', 'domain', 'errors'])]).then(
        ([module]) => module,
      ),
    name,
  );
const AssessmentsPage = withAssessmentTexts(
  () => import('../../features/assessments/assessments-page'),
  'AssessmentsPage',
);
const MarksPage = withAssessmentTexts(() => import('../../features/assessments/marks-page'), 'MarksPage');
/** Online assignments, with the server's error texts. */
const AssignmentsPage = named(
  () =>
    Promise.all([
      import('../../features/assignments/assignments-page'),
      i18n.loadNamespaces(['assignments', 'domain', 'errors']),
    ]).then(([module]) => module),
  'AssignmentsPage',
);
/** Question papers (the AI tool), with the server's error texts. */
const QuestionPapersPage = named(
  () =>
    Promise.all([
      import('../../features/question-papers/question-papers-page'),
      i18n.loadNamespaces(['question-papers', 'domain', 'errors']),
    ]).then(([module]) => module),
  'QuestionPapersPage',
);
/** Roll call, the register, student calendars and the live board, with the server's error texts. */
const AttendancePage = named<'AttendancePage', AttendancePageProps>(
  () =>
    Promise.all([
      import('../../features/attendance/attendance-page'),
      i18n.loadNamespaces(['attendance', 'domain', 'errors']),
    ]).then(([module]) => module),
  'AttendancePage',
);
/** Parent SMS on attendance: settings, templates and the log, with error texts. */
const AttendanceAlertsPage = named(
  () =>
    Promise.all([
      import('../../features/attendance-alerts/attendance-alerts-page'),
      i18n.loadNamespaces(['attendance-alerts', 'domain', 'errors']),
    ]).then(([module]) => module),
  'AttendanceAlertsPage',
);
/** Staff, guards and visitors at the gate: their codes and the entry/exit log. */
const OtherUsersPage = named(
  () =>
    Promise.all([
      import('../../features/other-users/other-users-page'),
      i18n.loadNamespaces(['other-users', 'domain', 'errors']),
    ]).then(([module]) => module),
  'OtherUsersPage',
);
/** The timetable: classes across classrooms by week and month, changes and feed links. */
const TimetablePage = named(
  () =>
    Promise.all([
      import('../../features/timetable/timetable-page'),
      i18n.loadNamespaces(['timetable', 'domain', 'errors']),
    ]).then(([module]) => module),
  'TimetablePage',
);
/** Online classes through Zoom, shown under the timetable (its own feature). */
const ZoomPanel = named(
  () =>
    Promise.all([
      import('../../features/zoom/zoom-panel'),
      i18n.loadNamespaces(['zoom', 'domain', 'errors']),
    ]).then(([module]) => module),
  'ZoomPanel',
);
/** Report cards: the terms' cards, links, result SMS and the families' feedback. */
const ReportCardsPage = named(
  () =>
    Promise.all([
      import('../../features/report-cards/report-cards-page'),
      i18n.loadNamespaces(['report-cards', 'domain', 'errors']),
    ]).then(([module]) => module),
  'ReportCardsPage',
);
/** The tools catalogue and the staff's plan table, with the server's error texts (refusals by code). */
const withPlanTexts = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  named(
    () =>
      Promise.all([load(), i18n.loadNamespaces(['plans', 'pricing', 'domain', 'errors'])]).then(
        ([module]) => module,
      ),
    name,
  );
const ToolsPage = withPlanTexts(() => import('../../features/tools/tools-page'), 'ToolsPage');
/** The owner's billing: plan, renewal, SMS packs and past purchases. */
const BillingPage = named(
  () =>
    Promise.all([
      import('../../features/billing/billing-page'),
      i18n.loadNamespaces(['billing', 'pricing', 'domain', 'errors']),
    ]).then(([module]) => module),
  'BillingPage',
);
const PlansEditorPage = withPlanTexts(
  () => import('../../features/staff/plans-editor-page'),
  'PlansEditorPage',
);
/** The Recycle bin, with the server's error texts (a refused restore says why by code). */
const RecycleBinPage = named(
  () =>
    Promise.all([
      import('../../features/recycle-bin/recycle-bin-page'),
      i18n.loadNamespaces(['recycle-bin', 'domain', 'errors']),
    ]).then(([module]) => module),
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
        <AccountDashboard
          checklist={
            <Suspense fallback={null}>
              <GettingStartedCard area={area} />
            </Suspense>
          }
        />
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
                  {allowed.has('students') ? (
                    <Suspense fallback={null}>
                      <VerificationNotice />
                    </Suspense>
                  ) : null}
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
              {allowed.has('attendance') ? (
                <Route path="attendance" element={<AttendancePage insights={attendanceInsightsTab} />} />
              ) : null}
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
