import { z } from 'zod';
import {
  accountSummarySchema,
  addTeacherSchema,
  changePasswordSchema,
  impersonateSchema,
  institutionUpdateSchema,
  invitationSchema,
  inviteAssistantSchema,
  profileUpdateSchema,
  teamSchema,
} from '../contracts/accounts';
import {
  forgotPasswordSchema,
  noticeSchema,
  phoneCodeRequestSchema,
  phoneCodeVerifySchema,
  resetPasswordSchema,
  signedInSchema,
  signInSchema,
  signUpConfirmSchema,
  signUpSchema,
} from '../contracts/auth';
import { endpoint } from '../contracts/endpoint';
import { sessionSchema, switchAccountSchema } from '../contracts/session';
import {
  accountParams,
  idParam,
  MANAGER_ACCESS,
  okSchema,
  PLATFORM_STAFF_ACCESS,
  STAFF_ACCESS,
} from './common';
import { SHELL_ROUTES } from './shell-routes';

// Who people are and whom they work with: sign-in, the session, profiles, accounts, teams and
// platform staff (spec part 1).

/** Signing in, out and back in (spec part 1 §1–§3). */
export const authEndpoints = {
  signUp: endpoint({
    method: 'POST',
    path: '/api/auth/sign-up',
    access: 'public',
    tags: ['auth'],
    summary: 'Mail the link that creates a Teacher or Admin account (answers alike for a registered e-mail)',
    body: signUpSchema,
    response: noticeSchema,
  }),
  signUpConfirm: endpoint({
    method: 'POST',
    path: '/api/auth/sign-up/confirm',
    access: 'public',
    tags: ['auth'],
    summary: 'Create the account from the mailed sign-up link and sign in',
    body: signUpConfirmSchema,
    response: signedInSchema,
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/sign-in',
    access: 'public',
    tags: ['auth'],
    summary: 'Sign in with e-mail and password',
    body: signInSchema,
    response: signedInSchema,
  }),
  phoneCode: endpoint({
    method: 'POST',
    path: '/api/auth/phone/code',
    access: 'public',
    tags: ['auth'],
    summary: 'Send a 6-digit sign-in code by SMS',
    body: phoneCodeRequestSchema,
    response: noticeSchema,
  }),
  phoneVerify: endpoint({
    method: 'POST',
    path: '/api/auth/phone/verify',
    access: 'public',
    tags: ['auth'],
    summary: 'Sign in with the code from the SMS',
    body: phoneCodeVerifySchema,
    response: signedInSchema,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/password/forgot',
    access: 'public',
    tags: ['auth'],
    summary: 'E-mail a password reset link',
    body: forgotPasswordSchema,
    response: noticeSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/password/reset',
    access: 'public',
    tags: ['auth'],
    summary: 'Set a new password with a reset link',
    body: resetPasswordSchema,
    response: noticeSchema,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/api/auth/sign-out',
    access: 'signed-in',
    tags: ['auth'],
    summary: 'End this session',
    response: okSchema,
  }),
};

/** The signed-in user and the account they work on. */
export const sessionEndpoints = {
  // Public, answering null to a visitor who is not signed in: every page asks it to decide where
  // to go, and a signed-out visitor is an expected answer, not a failed request (no console error).
  session: endpoint({
    ...SHELL_ROUTES.session,
    access: 'public',
    tags: ['session'],
    summary: 'The signed-in user and what their role loads; null when not signed in',
    response: sessionSchema.nullable(),
  }),
  switchAccount: endpoint({
    method: 'PUT',
    path: '/api/session/active-account',
    access: STAFF_ACCESS,
    tags: ['session'],
    summary: 'Choose the account to work on (admins switch teachers)',
    body: switchAccountSchema,
    response: z.object({ activeAccountId: z.string() }),
  }),
};

/** The signed-in person's own profile (Settings). */
export const profileEndpoints = {
  update: endpoint({
    method: 'PUT',
    path: '/api/me/profile',
    access: 'signed-in',
    tags: ['profile'],
    summary: 'Change my name and phone',
    body: profileUpdateSchema,
    response: okSchema,
  }),
  phoneCode: endpoint({
    method: 'POST',
    path: '/api/me/phone/code',
    access: 'signed-in',
    tags: ['profile'],
    summary: 'Send a code to a new phone of mine (PUT /api/me/profile takes it as phoneCode)',
    body: phoneCodeRequestSchema,
    response: noticeSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/me/password',
    access: 'signed-in',
    tags: ['profile'],
    summary: 'Change my password (ends my other sessions)',
    body: changePasswordSchema,
    response: okSchema,
  }),
  avatar: endpoint({
    method: 'POST',
    path: '/api/me/avatar',
    access: 'signed-in',
    tags: ['profile'],
    summary: 'Upload my picture (multipart field "file": png, jpg or jpeg, at most 5 MB)',
    response: z.object({ avatarUrl: z.string() }),
  }),
};

/** An account's dashboard figures and institution settings. */
export const accountEndpoints = {
  summary: endpoint({
    ...SHELL_ROUTES.accountSummary,
    access: STAFF_ACCESS,
    tags: ['accounts'],
    summary: 'Dashboard figures of an account',
    params: accountParams,
    response: accountSummarySchema,
  }),
  updateInstitution: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/institution',
    access: MANAGER_ACCESS,
    tags: ['accounts'],
    summary: 'Change institution name and preferences (owner only)',
    params: accountParams,
    body: institutionUpdateSchema,
    response: okSchema,
  }),
  logo: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/logo',
    access: MANAGER_ACCESS,
    tags: ['accounts'],
    summary: 'Upload the institution logo (owner only; multipart field "file")',
    params: accountParams,
    response: z.object({ logoUrl: z.string() }),
  }),
};

/** The people of an account: managed teachers, assistants and the invitations sent to them. */
export const teamEndpoints = {
  team: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/team',
    access: MANAGER_ACCESS,
    tags: ['teams'],
    resource: 'team',
    summary: 'Teachers, assistants and open invitations',
    params: accountParams,
    response: teamSchema,
  }),
  addTeacher: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/teachers',
    access: { roles: ['Admin'] },
    tags: ['teams'],
    summary: 'Create a teacher under this admin, or invite an existing one',
    params: accountParams,
    body: addTeacherSchema,
    response: okSchema,
  }),
  inviteAssistant: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/assistants/invitations',
    access: MANAGER_ACCESS,
    tags: ['teams'],
    summary: 'Invite an assistant by e-mail or phone',
    params: accountParams,
    body: inviteAssistantSchema,
    response: okSchema,
  }),
  revokeInvitation: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/invitations/:invitationId',
    access: MANAGER_ACCESS,
    tags: ['teams'],
    summary: 'Withdraw an open invitation',
    params: accountParams.extend({ invitationId: idParam }),
    response: okSchema,
  }),
  removeAssistant: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/assistants/:grantId',
    access: MANAGER_ACCESS,
    tags: ['teams'],
    summary: "Remove an assistant's access",
    params: accountParams.extend({ grantId: idParam }),
    response: okSchema,
  }),
};

const invitationParams = z.object({ invitationId: idParam });

/** Invitations addressed to the signed-in person, and their answer. */
export const invitationEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/api/me/invitations',
    access: 'signed-in',
    tags: ['teams'],
    resource: 'invitations',
    summary: 'Open invitations addressed to me',
    response: z.object({ invitations: z.array(invitationSchema) }),
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/me/invitations/:invitationId/accept',
    access: 'signed-in',
    tags: ['teams'],
    summary: 'Accept an invitation',
    params: invitationParams,
    response: okSchema,
  }),
  decline: endpoint({
    method: 'POST',
    path: '/api/me/invitations/:invitationId/decline',
    access: 'signed-in',
    tags: ['teams'],
    summary: 'Decline an invitation',
    params: invitationParams,
    response: okSchema,
  }),
};

/** Platform staff acting on users (audited). */
export const staffEndpoints = {
  impersonate: endpoint({
    method: 'POST',
    path: '/api/staff/impersonate',
    access: PLATFORM_STAFF_ACCESS,
    tags: ['staff'],
    summary: 'Sign in as a user (staff only; audited)',
    body: impersonateSchema,
    response: signedInSchema,
  }),
  setFlags: endpoint({
    method: 'PUT',
    path: '/api/staff/users/:userId/flags',
    access: PLATFORM_STAFF_ACCESS,
    tags: ['staff'],
    summary: 'Flag a user for suspicious traffic or disable the account (staff only; audited)',
    params: z.object({ userId: idParam }),
    body: z.object({ suspicious: z.boolean().optional(), disabled: z.boolean().optional() }),
    response: okSchema,
  }),
  endImpersonation: endpoint({
    ...SHELL_ROUTES.endImpersonation,
    // Signed in as the impersonated user, who is not staff: the service checks the session.
    access: 'signed-in',
    tags: ['staff'],
    summary: 'Stop signing in as another user and return to the staff session',
    response: signedInSchema,
  }),
};

/** The answer of the health check, up (200) or down (503). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']).describe('ok when the database answers'),
  version: z.string().describe('server version'),
  database: z.enum(['sqlite', 'postgres']).describe('the database this server runs on'),
  checks: z
    .record(z.string(), z.enum(['ok', 'failing', 'unknown']))
    .describe('each dependency (database, jobs, sms:<driver>, payment:<gateway>) from recent real outcomes'),
  failing: z.array(z.string()).describe('the dependencies failing now; 503 only when the database is one'),
});

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    tags: ['health'],
    summary: 'Is the server up and its database reachable?',
    response: healthSchema,
  }),
  // The spec's client health check: POST api-sessions/test with an empty body.
  clientCheck: endpoint({
    method: 'POST',
    path: '/api/api-sessions/test',
    access: 'public',
    tags: ['health'],
    summary: 'Client health check (empty body)',
    body: z.object({}).strict().nullish(),
    response: okSchema,
  }),
};
