import {
  admissionAcceptedSchema,
  admissionAcceptSchema,
  admissionApplicationViewSchema,
  admissionAttachmentSchema,
  admissionKeyParams,
  admissionListQuerySchema,
  admissionListSchema,
  admissionPhoneCheckResultSchema,
  admissionPhoneCheckSchema,
  admissionPictureSchema,
  admissionPublicInfoSchema,
  admissionRejectSchema,
  admissionSettingsSaveSchema,
  admissionSettingsViewSchema,
  admissionSubmitSchema,
  admissionSubmittedSchema,
} from '../contracts/admission';
import { endpoint } from '../contracts/endpoint';
import { ADMISSION_PUBLIC_PATHS } from './admission-paths';
import { accountParams, idParam, MANAGER_ACCESS, okSchema, STAFF_ACCESS } from './common';
import { SHELL_ROUTES } from './shell-routes';

const tags = ['admission'];

export const admissionApplicationParams = accountParams.extend({ applicationId: idParam });

/**
 * Online admission (spec part 1 §2.1, §4, §5 "Admission wizard", §7): the public
 * wizard's three calls (no sign-in; the key is the institution's account id), and the staff
 * inbox — owners, admins and assistants who manage students account-wide
 * (modules/admission/admission.policy.ts). The settings are the owner's and admins' only.
 */
export const admissionEndpoints = {
  admissionPublicInfo: endpoint({
    method: 'GET',
    path: ADMISSION_PUBLIC_PATHS.info,
    access: 'public',
    tags,
    summary: "The institution's name, logo, language, admission settings and open classrooms",
    params: admissionKeyParams,
    response: admissionPublicInfoSchema,
  }),
  admissionPhoneCheck: endpoint({
    method: 'POST',
    path: ADMISSION_PUBLIC_PATHS.phoneCheck,
    access: 'public',
    tags,
    summary: 'Whether a pending application of the last 90 days has this phone (nothing else is told)',
    params: admissionKeyParams,
    body: admissionPhoneCheckSchema,
    response: admissionPhoneCheckResultSchema,
  }),
  admissionPicture: endpoint({
    method: 'POST',
    path: ADMISSION_PUBLIC_PATHS.picture,
    access: 'public',
    tags,
    summary: 'Upload the applicant\'s picture (multipart field "file"; png or jpeg, checked by its content)',
    params: admissionKeyParams,
    response: admissionPictureSchema,
    status: 201,
  }),
  admissionSubmit: endpoint({
    method: 'POST',
    path: ADMISSION_PUBLIC_PATHS.submit,
    access: 'public',
    tags,
    summary: "Submit an application, checked against the institution's admission settings",
    params: admissionKeyParams,
    body: admissionSubmitSchema,
    response: admissionSubmittedSchema,
    status: 201,
  }),
  admissionList: endpoint({
    ...SHELL_ROUTES.admissionList,
    access: STAFF_ACCESS,
    tags,
    summary: 'Applications, newest first, by status, text and submission time',
    params: accountParams,
    query: admissionListQuerySchema,
    response: admissionListSchema,
  }),
  admissionGet: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/admission/applications/:applicationId',
    access: STAFF_ACCESS,
    tags,
    resource: 'admission-applications',
    summary: 'One application with everything the applicant gave',
    params: admissionApplicationParams,
    response: admissionApplicationViewSchema,
  }),
  admissionAccept: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/admission/applications/:applicationId/accept',
    access: STAFF_ACCESS,
    tags,
    summary: 'Accept: make the student, enrol them, and mark the application accepted (one transaction)',
    params: admissionApplicationParams,
    body: admissionAcceptSchema,
    response: admissionAcceptedSchema,
  }),
  admissionReject: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/admission/applications/:applicationId/reject',
    access: STAFF_ACCESS,
    tags,
    summary: 'Reject with a reason',
    params: admissionApplicationParams,
    body: admissionRejectSchema,
    response: okSchema,
  }),
  admissionSettings: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/admission/settings',
    access: MANAGER_ACCESS,
    tags,
    resource: 'admission-settings',
    summary: 'The online-admission settings, the language the wizard opens in, and the shareable link',
    params: accountParams,
    response: admissionSettingsViewSchema,
  }),
  admissionAttachmentUpload: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/admission/attachments',
    access: MANAGER_ACCESS,
    tags,
    summary:
      'Upload a file for the welcome page (multipart field "file"; pdf, png or jpeg, checked by its content)',
    params: accountParams,
    response: admissionAttachmentSchema,
    status: 201,
  }),
  saveAdmissionSettings: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/admission/settings',
    access: MANAGER_ACCESS,
    tags,
    summary: "Change what the wizard asks and shows (kept with the account's other settings)",
    params: accountParams,
    body: admissionSettingsSaveSchema,
    response: admissionSettingsViewSchema,
  }),
};
