import {
  ADMISSION_ATTACHMENT_LIMITS,
  type AdmissionAccept,
  type AdmissionApplicationView,
  type AdmissionListQuery,
  type AdmissionSettingsSaveInput,
  type AdmissionSettingsView,
  ATTACHMENT_PATH,
  admissionEndpoints,
} from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, endpointQuery, refresh, urlOf } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

export type { AdmissionApplicationView, AdmissionSettingsView };
export type ApplicationStatus = AdmissionApplicationView['status'];
export type ListQuery = Partial<AdmissionListQuery>;
export type Attachment = { name: string; url: string };

const account = (accountId: string) => ({ params: { accountId } });
const application = (accountId: string, applicationId: string) => ({
  params: { accountId, applicationId },
});

/** The inbox page: one status, newest first; the previous page stays on screen while the next loads. */
export function applicationsQuery(accountId: string, query: ListQuery) {
  return queryOptions({
    ...endpointQuery(admissionEndpoints.admissionList, { ...account(accountId), query }),
    placeholderData: (previous) => previous,
  });
}

export function applicationQuery(accountId: string, applicationId: string) {
  return endpointQuery(admissionEndpoints.admissionGet, application(accountId, applicationId));
}

export function admissionSettingsQuery(accountId: string) {
  return endpointQuery(admissionEndpoints.admissionSettings, account(accountId));
}

export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
export const ATTACHMENT_MAX_MB = ADMISSION_ATTACHMENT_LIMITS.maxBytes / (1024 * 1024);

/** The client-side check of a picked attachment, before an upload the server would refuse. */
export function attachmentProblem(
  file: File,
): 'ADMISSION_ATTACHMENT_TYPE_INVALID' | 'ADMISSION_ATTACHMENT_TOO_LARGE' | null {
  if (!/\.(pdf|png|jpe?g)$/i.test(file.name)) return 'ADMISSION_ATTACHMENT_TYPE_INVALID';
  if (file.size > ADMISSION_ATTACHMENT_LIMITS.maxBytes) return 'ADMISSION_ATTACHMENT_TOO_LARGE';
  return null;
}

/** What the server would refuse in an attachment row: a blank label, or an address that is neither web nor ours. */
export function attachmentIssue(attachment: Attachment): 'name' | 'url' | null {
  if (!attachment.name.trim()) return 'name';
  const url = attachment.url.trim();
  if (ATTACHMENT_PATH.test(url)) return null;
  try {
    return /^https?:$/.test(new URL(url).protocol) ? null : 'url';
  } catch {
    return 'url';
  }
}

export const admissionApi = {
  accept: (accountId: string, applicationId: string, body: AdmissionAccept) =>
    call(admissionEndpoints.admissionAccept, { ...application(accountId, applicationId), body }),
  reject: (accountId: string, applicationId: string, reason: string) =>
    call(admissionEndpoints.admissionReject, { ...application(accountId, applicationId), body: { reason } }),
  saveSettings: (accountId: string, body: AdmissionSettingsSaveInput) =>
    call(admissionEndpoints.saveAdmissionSettings, { ...account(accountId), body }),
  uploadAttachment: (accountId: string, file: File, onProgress: (percent: number) => void) =>
    uploadFile<Attachment>(urlOf(admissionEndpoints.admissionAttachmentUpload, account(accountId)), file, {
      onProgress,
    }),
};

/** After a decision: the inbox, its badge and the opened application (and the students it made). */
export async function refreshApplications(queryClient: QueryClient, accountId: string) {
  await Promise.all([
    refresh(queryClient, 'admission-applications', { accountId }),
    refresh(queryClient, 'students', { accountId }),
  ]);
}

/** The wizard's shareable address, absolute, for copying and the QR code. */
export function absoluteLink(link: string): string {
  return new URL(link, window.location.origin).toString();
}
