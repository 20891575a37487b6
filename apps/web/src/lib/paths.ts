/**
 * Every route path of the web app, in one typed place. A dependency-free leaf module, so any
 * layer (components, features, routes) may import it without breaking the one-way import rule.
 */

export const paths = {
  root: '/',
  welcome: '/welcome',
  blog: '/blog',
  pricing: '/pricing',
  contact: '/contact',
  ai: '/ai',
  caseStudy: '/casestudy',
  careers: '/careers',
  aboutUs: '/aboutus',
  support: '/Support',
  privacy: '/Privacy',
  terms: '/Terms',
  sentinel: '/sentinel',
  bulkSms: '/ex/sms',
  serverStatus: '/server-status/',
  signIn: '/signin',
  login: '/login',
  signUp: '/signup',
  phoneLogin: '/phone-login',
  forgotPassword: '/forgot-password',
  forceLogout: '/force-logout',
  devOutbox: '/dev/outbox',
  settings: '/settings',
  sentinelConnectedDevices: '/Sentinel-Connected-Devices',
  accessControlQrScanner: '/access-control-qr-scanner',
  privateVideoCourse: '/private-video-course',
  recordEducast: '/record-educast',
  controlEducast: '/control-educast',
  lmsSubscriptionReceipt: '/lms-sub-paid-receipt',
  lmsResubscribe: '/lms-resub',
  // The staff console (running the platform) and maintenance mode.
  staffAdmin: '/Batchwise-Staff-Admin',
  accountLabeler: '/account-labeler',
  firebaseImport: '/firebase-import',
  businessInsight: '/business-insight',
  activityLogSummary: '/activity-log-summary',
  configLandingPage: '/config-landing-page',
  underMaintenance: '/under-maintenance',
  // Online classes through Zoom: where Zoom sends the browser back, and the set-up page.
  zoomAuth: '/zoom-auth',
  zoomDocumentation: '/zoom/documentation',
  onlinePayBalances: '/Online-Pay-Balances-Of-Account',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * Public pages of spec part 1 §2.2–2.3 (no sign-in). `site` pages carry the marketing header and
 * footer; `plain` pages are tools and receipts opened from links and get a slim top bar. `id`
 * is the translation key under `public:pages`.
 */
export interface PublicPage {
  id: string;
  path: string;
  layout: 'site' | 'plain';
}

const site = (id: string, path: string): PublicPage => ({ id, path, layout: 'site' });
const plain = (id: string, path: string): PublicPage => ({ id, path, layout: 'plain' });

export const publicPages: readonly PublicPage[] = [
  site('welcome', paths.welcome),
  site('welcomeV2', '/welcomev2'),
  site('blog', paths.blog),
  site('pricing', paths.pricing),
  site('ai', paths.ai),
  site('caseStudy', paths.caseStudy),
  site('contact', paths.contact),
  site('donate', '/donate'),
  site('aboutUs', paths.aboutUs),
  site('news', '/news'),
  // The spec spells it /OpenNews and /opennews; route matching ignores case, so one entry serves both.
  site('openNews', '/OpenNews'),
  site('privacy', paths.privacy),
  site('terms', paths.terms),
  site('support', paths.support),
  site('careers', paths.careers),
  site('jaago', '/jaago'),
  site('sentinel', paths.sentinel),
  site('bulkSms', paths.bulkSms),
  plain('devLogin', '/devlogin'),
  plain('paymentFail', '/paymentfail'),
  plain('studentPaymentFail', '/student-payment-fail'),
  plain('paymentSuccess', '/paymentsuccess'),
  plain('viewReport', '/viewreport'),
  plain('adminViewReport', '/aviewreport'),
  plain('adminTableViewReport', '/atableviewreport'),
  plain('adminTableViewReportAssessment', '/atableviewreportassessmentview'),
  plain('digitalPayQrDownload', '/digital-pay-qr-download'),
  plain('openDemoTeacher', '/open-demo-teacher'),
  plain('privateVideoCourse', paths.privateVideoCourse),
  plain('publicVideoCourse', '/public-video-course'),
  plain('takePicture', '/take-picture'),
  plain('adminInvoice', '/admin-invoice'),
  plain('studentPaymentReceipt', '/student-payment-receipt'),
  plain('lmsSubscriptionReceipt', '/lms-sub-paid-receipt'),
  plain('lmsResubscribe', '/lms-resub'),
  plain('spr', '/spr'),
  plain('scanScript', '/scan-script'),
  plain('completeFacebookLogin', '/complete-fb-login'),
  plain('accountLabeler', paths.accountLabeler),
  plain('firebaseImport', paths.firebaseImport),
  plain('accessControlQrScanner', paths.accessControlQrScanner),
  plain('accessControlQrScannerNimic', '/access-control-qr-scanner-nimic'),
  plain('qrCodeStudent', '/qr-code-student'),
  plain('qrCodeOtherUser', '/qr-code-other-user'),
  plain('allStudentAccessCodes', '/all-student-access-codes'),
  plain('allExternalUserAccessCodes', '/all-external-users-access-codes'),
  plain('studentAutoLogin', '/s-auto-login'),
  plain('studentPay', '/s-pay'),
  plain('attendanceView', '/attendance-view'),
  plain('onlineAdmission', '/s-online-admission'),
  plain('businessInsight', paths.businessInsight),
  plain('zoomAuth', paths.zoomAuth),
  plain('zoomDocumentation', paths.zoomDocumentation),
  plain('serverStatus', paths.serverStatus),
  plain('activityLogSummary', paths.activityLogSummary),
  plain('faceRecognitionPrint', '/create-face-recog-print'),
  plain('staffAdmin', paths.staffAdmin),
  plain('sentinelConnectedDevices', paths.sentinelConnectedDevices),
  plain('onlinePayBalances', paths.onlinePayBalances),
  plain('shortLink', '/r'),
  plain('tableViewReport', '/tableviewreport'),
  plain('tableViewReportAssessment', '/tableviewreportassessmentview'),
  plain('recordEducast', paths.recordEducast),
  plain('controlEducast', paths.controlEducast),
  plain('nfcControlHub', '/nfc-control-hub'),
  plain('underMaintenance', paths.underMaintenance),
  plain('configLandingPage', paths.configLandingPage),
  plain('edc', '/edc'),
  plain('payWithBkash', '/pay-with-bkash'),
  plain('bkashPaymentError', '/bkash-payment-error'),
  plain('edcAccount', '/edc-acc'),
  plain('edcJoin', '/edc-join'),
  plain('sentinelIdentify', '/sentinel-identify'),
];

/** Auth routes of spec part 1 §2.3. `/login` is an alias of `/signin`. */
export const authPaths = [
  paths.signIn,
  paths.login,
  paths.signUp,
  paths.phoneLogin,
  paths.forgotPassword,
  paths.forceLogout,
] as const;

/** Spec part 2: profession → home path segment; anything else has no home. */
export const PROFESSION_HOMES = {
  Teacher: 'teacher',
  Admin: 'admin',
  TeacherAssistant: 'teacherAssistant',
  Student: 'student',
  Parent: 'parent',
} as const;

export type Profession = keyof typeof PROFESSION_HOMES;
export type ProfessionArea = (typeof PROFESSION_HOMES)[Profession];

/**
 * First path segments that belong to the signed-in app. Besides the profession homes: `assistant`
 * (short form), `staff` (our own staff) and `settings`. A path under one of these needs sign-in.
 */
export const protectedAreas = [...Object.values(PROFESSION_HOMES), 'assistant', 'staff', 'settings'] as const;

export type ProtectedArea = (typeof protectedAreas)[number];

export function dashboardPath(area: ProtectedArea): string {
  return `/${area}/dashboard`;
}

/** The owner's billing page (plan, renewal, SMS packs) for a teacher's or an admin's account. */
/** A profession's timetable (where online classes are made). */
export function timetablePath(profession: string | null | undefined): string {
  return profession === 'Admin' ? '/admin/attendance/timetable' : '/teacher/attendance/timetable';
}

export function billingPath(profession: string | null | undefined): string {
  return profession === 'Admin' ? '/admin/billing' : '/teacher/billing';
}

/** A profession's dashboard, or null when the profession is unknown (the caller shows 404). */
export function professionHomePath(profession: string): string | null {
  const home = (PROFESSION_HOMES as Record<string, ProfessionArea | undefined>)[profession];
  return home ? dashboardPath(home) : null;
}

/**
 * The family portal (parents and students, spec part 1 §2.3 "Loading by role"): each area's pages.
 * They load as their own light entry (main.tsx), without Ant Design; `/parent/reports` is the
 * child's published results.
 */
export const PORTAL_AREAS = ['parent', 'student'] as const;
export type PortalArea = (typeof PORTAL_AREAS)[number];
export const PORTAL_PAGES = [
  'dashboard',
  'fees',
  'attendance',
  'reports',
  'classes',
  'wall',
  'assignments',
  'files',
  'messages',
  'settings',
] as const;
export type PortalPage = (typeof PORTAL_PAGES)[number];

/** `/parent/fees`, `/student/attendance`… */
export function portalPath(area: PortalArea, page: PortalPage): string {
  return `/${area}/${page}`;
}

/** The portal page of an address (any case, optional trailing slash), or null outside the portal. */
export function portalPageOf(pathname: string): { area: PortalArea; page: PortalPage } | null {
  const [, area = '', page = 'dashboard', ...rest] = pathname.toLowerCase().replace(/\/$/, '').split('/');
  if (rest.length > 0) return null;
  const knownArea = PORTAL_AREAS.find((a) => a === area);
  const knownPage = PORTAL_PAGES.find((p) => p === page);
  return knownArea && knownPage ? { area: knownArea, page: knownPage } : null;
}

/** Whether an address is the app-free attendance month an attendance SMS's `/a/{key}` leads to. */
export function isAttendanceViewPath(pathname: string): boolean {
  const path = publicPages.find((page) => page.id === 'attendanceView')?.path;
  return path !== undefined && pathname.toLowerCase().replace(/\/$/, '') === path;
}

/**
 * The pages opened from a link on a phone (the receipt, the pay link, the report card, a public
 * video course): their own light entry (main.tsx, app/start-links.tsx), without the router and
 * the endpoint contracts.
 */
export const LIGHT_LINK_PAGES = [
  'viewReport',
  'studentPaymentReceipt',
  'studentPay',
  'payWithBkash',
  'publicVideoCourse',
] as const;
export type LightLinkPage = (typeof LIGHT_LINK_PAGES)[number];

/** The light link page of an address (any case, optional trailing slash), or null. */
export function lightLinkPageOf(pathname: string): LightLinkPage | null {
  const path = pathname.toLowerCase().replace(/\/$/, '');
  const page = publicPages.find((p) => p.path.toLowerCase() === path);
  return LIGHT_LINK_PAGES.find((id) => id === page?.id) ?? null;
}
