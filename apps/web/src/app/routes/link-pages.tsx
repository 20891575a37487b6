import type { ComponentType } from 'react';
import type { KioskMode } from '../../features/attendance-kiosk/kiosk-page';
import type { PayResultVariant } from '../../features/student-links/pay-result-page';
import type { Namespace } from '../../lib/i18n';

interface LinkPage {
  load: () => Promise<ComponentType>;
  namespaces: Namespace[];
}

const namespaces: Namespace[] = ['links', 'domain', 'errors'];

/** Where a gateway's redirect leaves the payer; the attempt decides what the page says. */
function payResult(variant: PayResultVariant): LinkPage {
  return {
    load: async () => {
      const { PayResultPage } = await import('../../features/student-links/pay-result-page');
      return () => <PayResultPage variant={variant} />;
    },
    namespaces,
  };
}

/** The attendance kiosks, opened on a tablet with a device key. */
function kiosk(mode: KioskMode): LinkPage {
  return {
    load: async () => {
      const { KioskPage } = await import('../../features/attendance-kiosk/kiosk-page');
      return () => <KioskPage mode={mode} />;
    },
    namespaces: ['kiosk'],
  };
}

/**
 * Report cards: the family's card by its link, the staff's card and tables
 * (signed in; the server decides), and the tables shared by a classroom's link.
 */
const reportNamespaces: Namespace[] = ['report-cards', 'domain', 'errors'];
const reportPages: Record<string, LinkPage> = {
  viewReport: {
    load: async () => (await import('../../features/report-cards/view-report-page')).ViewReportPage,
    namespaces: reportNamespaces,
  },
  adminViewReport: {
    load: async () =>
      (await import('../../features/report-cards/admin-view-report-page')).AdminViewReportPage,
    namespaces: reportNamespaces,
  },
  adminTableViewReport: {
    load: async () => (await import('../../features/report-cards/table-report-pages')).AdminTableReportPage,
    namespaces: reportNamespaces,
  },
  adminTableViewReportAssessment: {
    load: async () =>
      (await import('../../features/report-cards/table-report-pages')).AdminAssessmentTablePage,
    namespaces: reportNamespaces,
  },
  tableViewReport: {
    load: async () => (await import('../../features/report-cards/table-report-pages')).PublicTableReportPage,
    namespaces: reportNamespaces,
  },
  tableViewReportAssessment: {
    load: async () =>
      (await import('../../features/report-cards/table-report-pages')).PublicAssessmentTablePage,
    namespaces: reportNamespaces,
  },
};

/**
 * EduCast: the teacher's recorder and recordings, and the family's pages that open one by its
 * code with the lesson player of the video courses (composed here: features do not import each
 * other).
 */
const educastNamespaces: Namespace[] = ['educast', 'video', 'domain', 'errors'];
const edcJoin: LinkPage = {
  load: async () => {
    const [{ EdcJoinPage }, { VideoPlayer }] = await Promise.all([
      import('../../features/educast/edc-join-page'),
      import('../../features/video-courses/video-player'),
    ]);
    return () => <EdcJoinPage Player={VideoPlayer} />;
  },
  namespaces: educastNamespaces,
};

/**
 * Public pages opened from links sent to students and staff (paths.ts `publicPages`, plain
 * layout): the live photo page, the student auto-login, the QR access codes, the online
 * admission form, and the fee pages (receipt, pay portal, payment results, pay-link QR and dues
 * statement), the staff's online payment balances, and the staff console and its labels. No Ant
 * Design.
 */
export const linkPages: Record<string, LinkPage> = {
  ...reportPages,
  // The server's own page (modules/status): reached from inside the app, it loads as a page.
  serverStatus: {
    load: async () => (await import('../../features/status/server-status-hand-off')).ServerStatusHandOff,
    namespaces: ['status'],
  },
  lmsSubscriptionReceipt: {
    load: async () => (await import('../../features/billing/billing-receipt-page')).BillingReceiptPage,
    namespaces: ['billing', 'pricing', 'domain', 'errors'],
  },
  lmsResubscribe: {
    load: async () => (await import('../../features/billing/resubscribe-page')).ResubscribePage,
    namespaces: ['billing'],
  },
  takePicture: {
    load: async () => (await import('../../features/student-links/take-picture-page')).TakePicturePage,
    namespaces,
  },
  studentAutoLogin: {
    load: async () => (await import('../../features/student-links/auto-login-page')).AutoLoginPage,
    namespaces,
  },
  studentPaymentReceipt: {
    load: async () => (await import('../../features/student-links/payment-receipt-page')).PaymentReceiptPage,
    namespaces,
  },
  studentPay: {
    load: async () => (await import('../../features/student-links/pay-portal-page')).PayPortalPage,
    namespaces,
  },
  payWithBkash: {
    load: async () => {
      const { PayPortalPage } = await import('../../features/student-links/pay-portal-page');
      return () => <PayPortalPage preferredGateway="bkash" />;
    },
    namespaces,
  },
  paymentSuccess: payResult('success'),
  paymentFail: payResult('fail'),
  studentPaymentFail: payResult('fail'),
  bkashPaymentError: payResult('bkashError'),
  digitalPayQrDownload: {
    load: async () => (await import('../../features/student-links/pay-sheets')).PayQrPage,
    namespaces,
  },
  adminInvoice: {
    load: async () => (await import('../../features/student-links/pay-sheets')).PayInvoicePage,
    namespaces,
  },
  sentinelConnectedDevices: {
    load: async () =>
      (await import('../../features/attendance-devices/sentinel-devices-page')).SentinelDevicesPage,
    namespaces: ['devices', 'domain', 'errors'],
  },
  staffAdmin: {
    load: async () => (await import('../../features/staff-console/staff-console-page')).StaffConsolePage,
    namespaces: ['staff-console', 'activity', 'domain', 'errors'],
  },
  accountLabeler: {
    load: async () => (await import('../../features/staff-console/account-labeler-page')).AccountLabelerPage,
    namespaces: ['staff-console', 'domain', 'errors'],
  },
  firebaseImport: {
    load: async () => (await import('../../features/staff-console/firebase-import-page')).FirebaseImportPage,
    namespaces: ['staff-console', 'domain', 'errors'],
  },
  zoomAuth: {
    load: async () => (await import('../../features/zoom/zoom-auth-page')).ZoomAuthPage,
    namespaces: ['zoom', 'domain', 'errors'],
  },
  privateVideoCourse: {
    load: async () =>
      (await import('../../features/video-courses/private-video-course-page')).PrivateVideoCoursePage,
    namespaces: ['video', 'domain', 'errors'],
  },
  publicVideoCourse: {
    load: async () =>
      (await import('../../features/public-video-course/public-video-course-page')).PublicVideoCoursePage,
    namespaces: ['video', 'domain', 'errors'],
  },
  recordEducast: {
    load: async () => (await import('../../features/educast/record-educast-page')).RecordEducastPage,
    namespaces: educastNamespaces,
  },
  controlEducast: {
    load: async () => (await import('../../features/educast/control-educast-page')).ControlEducastPage,
    namespaces: educastNamespaces,
  },
  edc: edcJoin,
  edcJoin,
  edcAccount: {
    load: async () => (await import('../../features/educast/edc-account-page')).EdcAccountPage,
    namespaces: educastNamespaces,
  },
  zoomDocumentation: {
    load: async () => (await import('../../features/zoom/zoom-documentation-page')).ZoomDocumentationPage,
    namespaces: ['zoom'],
  },
  onlinePayBalances: {
    load: async () => (await import('../../features/staff/online-pay-balances-page')).OnlinePayBalancesPage,
    namespaces: ['staff', 'domain', 'errors'],
  },
  activityLogSummary: {
    load: async () => (await import('../../features/insight/activity-summary-page')).ActivitySummaryPage,
    namespaces: ['insight', 'activity', 'errors'],
  },
  businessInsight: {
    load: async () => (await import('../../features/insight/business-insight-page')).BusinessInsightPage,
    namespaces: ['insight', 'errors'],
  },
  configLandingPage: {
    load: async () => (await import('../../features/landing-config/landing-config-page')).LandingConfigPage,
    namespaces: ['insight', 'domain', 'errors'],
  },
  qrCodeStudent: {
    load: async () => {
      const { AccessCodesPage } = await import('../../features/student-links/access-codes-page');
      return () => <AccessCodesPage variant="qr" />;
    },
    namespaces,
  },
  allStudentAccessCodes: {
    load: async () => {
      const { AccessCodesPage } = await import('../../features/student-links/access-codes-page');
      return () => <AccessCodesPage variant="sheet" />;
    },
    namespaces,
  },
  qrCodeOtherUser: {
    load: async () => {
      const { AccessCodesPage } = await import('../../features/student-links/access-codes-page');
      return () => <AccessCodesPage variant="qr" people="others" />;
    },
    namespaces,
  },
  allExternalUserAccessCodes: {
    load: async () => {
      const { AccessCodesPage } = await import('../../features/student-links/access-codes-page');
      return () => <AccessCodesPage variant="sheet" people="others" />;
    },
    namespaces,
  },
  faceRecognitionPrint: {
    load: async () => (await import('../../features/face-print/face-print-page')).FacePrintPage,
    namespaces: ['faces', 'domain', 'errors'],
  },
  accessControlQrScanner: kiosk('scanner'),
  accessControlQrScannerNimic: kiosk('scanner'),
  nfcControlHub: kiosk('nfc'),
  sentinelIdentify: kiosk('identify'),
  // Normally its own light entry (main.tsx); this serves a navigation from inside the app.
  attendanceView: {
    load: async () => (await import('../../features/portal/public-attendance-page')).PublicAttendancePage,
    namespaces: ['portal', 'domain', 'errors'],
  },
  onlineAdmission: {
    load: async () =>
      (await import('../../features/admission-wizard/admission-wizard-page')).AdmissionWizardPage,
    namespaces: ['admission', 'domain', 'errors'],
  },
};
