import type { ComponentType } from 'react';
import type { Namespace } from '../../lib/i18n';

interface LinkPage {
  load: () => Promise<ComponentType>;
  namespaces: Namespace[];
}

const namespaces: Namespace[] = ['links', 'domain', 'errors'];

/**
 * Public pages opened from links sent to students and staff (paths.ts `publicPages`, plain
 * layout): the live photo page, the student auto-login, the QR access codes and the online
 * admission form. No Ant Design.
 */
export const linkPages: Record<string, LinkPage> = {
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
  onlineAdmission: {
    load: async () =>
      (await import('../../features/admission-wizard/admission-wizard-page')).AdmissionWizardPage,
    namespaces: ['admission', 'domain', 'errors'],
  },
};
