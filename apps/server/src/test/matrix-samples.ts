import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { uniquePhone } from './factories';
import { ACCOUNT_EXPORT_SAMPLES } from './matrix-samples-account-export';
import { ADMISSION_SAMPLES } from './matrix-samples-admission';
import { AI_SAMPLES } from './matrix-samples-ai';
import { ASSESSMENT_SAMPLES } from './matrix-samples-assessments';
import { ASSIGNMENT_SAMPLES } from './matrix-samples-assignments';
import { ATTENDANCE_SAMPLES } from './matrix-samples-attendance';
import { ATTENDANCE_ALERT_SAMPLES } from './matrix-samples-attendance-alerts';
import { ATTENDANCE_DEVICE_SAMPLES } from './matrix-samples-attendance-devices';
import { ATTENDANCE_REPORT_SAMPLES } from './matrix-samples-attendance-reports';
import { BILLING_SAMPLES } from './matrix-samples-billing';
import { DUES_REMINDER_SAMPLES } from './matrix-samples-dues-reminders';
import { EDUCAST_SAMPLES } from './matrix-samples-educast';
import { FACE_SAMPLES } from './matrix-samples-faces';
import { FEES_SAMPLES } from './matrix-samples-fees';
import { GETTING_STARTED_SAMPLES } from './matrix-samples-getting-started';
import { INSIGHT_SAMPLES } from './matrix-samples-insight';
import { MONEY_SAMPLES } from './matrix-samples-money';
import { ONBOARDING_SAMPLES } from './matrix-samples-onboarding';
import { ONLINE_PAY_SAMPLES } from './matrix-samples-online-pay';
import { OTHER_USER_SAMPLES } from './matrix-samples-other-users';
import { PLAN_SAMPLES } from './matrix-samples-plans';
import { PORTAL_SAMPLES } from './matrix-samples-portal';
import { RECYCLE_BIN_SAMPLES } from './matrix-samples-recycle-bin';
import { REFERRAL_SAMPLES } from './matrix-samples-referrals';
import { REPORT_CARD_SAMPLES } from './matrix-samples-report-cards';
import { SMS_SAMPLES } from './matrix-samples-sms';
import { STAFF_CONSOLE_SAMPLES } from './matrix-samples-staff-console';
import { STATUS_SAMPLES } from './matrix-samples-status';
import { freshAssistantGrant, managers, readersOfA, STUDENT_SAMPLES } from './matrix-samples-students';
import { TIMETABLE_SAMPLES } from './matrix-samples-timetable';
import { UPLOAD_SAMPLES } from './matrix-samples-uploads';
import { VIDEO_SAMPLES } from './matrix-samples-video';
import { WALL_SAMPLES } from './matrix-samples-wall';
import { WEBHOOK_SAMPLES } from './matrix-samples-webhooks';
import { ZOOM_SAMPLES } from './matrix-samples-zoom';
import type { Actor, World } from './world';

/** One call of a route: filled-in path parameters, query string and body. */
export interface Call {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** Extra request headers (a kiosk's device key). */
  headers?: Record<string, string>;
}

type Build = (world: World, deps: Deps, side: 'A' | 'B') => Promise<Call> | Call;

/**
 * How to call a route on institution A's objects and on B's, and who may call it on A's.
 * - 'everyone': public; nobody may be refused for being who they are.
 * - 'signed-in': any signed-in actor, nobody anonymous.
 * - a list: exactly these actors, on A's objects. On B's objects the list is mirrored
 *   (teacherA → teacherB, adminA → adminB) and everyone else of A's world must be refused.
 */
export interface Sample {
  allowed: 'everyone' | 'signed-in' | readonly Actor[];
  /** The route touches one institution's objects: B's side is called too, with the list mirrored. */
  institution?: boolean;
  call?: Build;
  /** The call names an object that exists nowhere, so 404 is the right answer for those allowed. */
  missingObject?: boolean;
  /** Long-lived responses (SSE) are opened over real HTTP and closed after the headers. */
  stream?: boolean;
}

const account = (w: World, _d: Deps, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });
const adminAccount = (w: World, side: 'A' | 'B') => ({
  params: { accountId: side === 'A' ? w.accounts.adminA : w.accounts.adminB },
});

async function freshInvitation(
  w: World,
  deps: Deps,
  side: 'A' | 'B',
  to?: { email?: string; phone?: string },
) {
  const now = deps.clock.now();
  const id = newId(now);
  await deps.db.kysely
    .insertInto('invitations')
    .values({
      id,
      kind: 'assistant',
      account_id: w.accounts[side],
      invited_by: side === 'A' ? w.users.teacherA : w.users.teacherB,
      invitee_email: to?.email ?? null,
      invitee_phone: to?.phone ?? uniquePhone(),
      classroom_id: null,
      grants: '{}',
      status: 'pending',
      created_at: now,
      expires_at: now + 86_400_000,
    })
    .execute();
  return id;
}

const owners = ['teacherA'] as const;

/**
 * Every route of the app must appear here, except public parameterless GETs (pages, robots.txt),
 * whose sample follows from their declaration; the matrix test fails for any other route left out.
 */
export const SAMPLES: Record<string, Sample> = {
  'GET /api/health': { allowed: 'everyone' },
  'POST /api/api-sessions/test': { allowed: 'everyone', call: () => ({ body: {} }) },
  'GET /api/openapi.json': { allowed: 'everyone' },
  'GET /api/events': { allowed: 'everyone', stream: true },
  'GET /api/dev/outbox': { allowed: 'everyone' },
  'GET /media/:kind/:file': {
    allowed: 'everyone',
    call: () => ({ params: { kind: 'avatars', file: `${newId()}.webp` } }),
  },

  'POST /api/auth/sign-up': { allowed: 'everyone', call: () => ({ body: { accountType: 'Teacher' } }) },
  'POST /api/auth/sign-up/confirm': { allowed: 'everyone', call: () => ({ body: { token: 'x' } }) },
  'POST /api/auth/sign-in': {
    allowed: 'everyone',
    call: () => ({ body: { email: 'nobody@school.test', password: 'wrong password' } }),
  },
  'POST /api/auth/phone/code': { allowed: 'everyone', call: () => ({ body: { phone: '' } }) },
  'POST /api/auth/phone/verify': { allowed: 'everyone', call: () => ({ body: { phone: '', code: '' } }) },
  'POST /api/auth/password/forgot': { allowed: 'everyone', call: () => ({ body: { email: '' } }) },
  'POST /api/auth/password/reset': {
    allowed: 'everyone',
    call: () => ({ body: { token: 'x', password: '' } }),
  },
  'POST /api/auth/sign-out': { allowed: 'signed-in' },

  'GET /api/session': { allowed: 'everyone' },
  'PUT /api/session/active-account': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ body: { accountId: w.accounts[side] } }),
  },

  'PUT /api/me/profile': { allowed: 'signed-in', call: () => ({ body: { name: 'Same Name', phone: '' } }) },
  'POST /api/me/phone/code': { allowed: 'signed-in', call: () => ({ body: { phone: uniquePhone() } }) },
  'POST /api/me/password': {
    allowed: 'signed-in',
    call: () => ({ body: { currentPassword: 'x', newPassword: '' } }),
  },
  'POST /api/me/avatar': { allowed: 'signed-in' },
  'GET /api/me/invitations': { allowed: 'signed-in' },
  'POST /api/me/invitations/:invitationId/accept': {
    institution: true,
    // Addressed to nobody in the matrix: only its invitee (not an actor) could accept it.
    allowed: [],
    call: async (w, d, side) => ({ params: { invitationId: await freshInvitation(w, d, side) } }),
  },
  'POST /api/me/invitations/:invitationId/decline': {
    institution: true,
    allowed: [],
    call: async (w, d, side) => ({ params: { invitationId: await freshInvitation(w, d, side) } }),
  },

  'GET /api/accounts/:accountId/summary': { allowed: readersOfA, institution: true, call: account },
  'PUT /api/accounts/:accountId/institution': {
    institution: true,
    allowed: owners,
    call: (w, _d, side) => ({
      params: { accountId: w.accounts[side] },
      body: {
        institution: `Institution ${side}`,
        accountType: 'Default',
        currency: 'BDT',
        manageMultiBranches: false,
      },
    }),
  },
  'POST /api/accounts/:accountId/logo': { allowed: owners, institution: true, call: account },
  'GET /api/accounts/:accountId/team': { allowed: managers, institution: true, call: account },
  'POST /api/accounts/:accountId/teachers': {
    institution: true,
    allowed: ['adminA'],
    call: (w, _d, side) => ({
      ...adminAccount(w, side),
      body: { mode: 'invite', email: 'nobody@school.test' },
    }),
  },
  'POST /api/accounts/:accountId/assistants/invitations': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), body: { phone: uniquePhone() } }),
  },
  'DELETE /api/accounts/:accountId/invitations/:invitationId': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({
      params: { accountId: w.accounts[side], invitationId: await freshInvitation(w, d, side) },
    }),
  },
  'DELETE /api/accounts/:accountId/assistants/:grantId': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({
      params: { accountId: w.accounts[side], grantId: (await freshAssistantGrant(w, d, side)).grantId },
    }),
  },

  ...STUDENT_SAMPLES,
  ...SMS_SAMPLES,
  ...STATUS_SAMPLES,
  ...ONBOARDING_SAMPLES,
  ...ADMISSION_SAMPLES,
  ...FEES_SAMPLES,
  ...DUES_REMINDER_SAMPLES,
  ...MONEY_SAMPLES,
  ...INSIGHT_SAMPLES,
  ...PLAN_SAMPLES,
  ...AI_SAMPLES,
  ...REFERRAL_SAMPLES,
  ...WEBHOOK_SAMPLES,
  ...ACCOUNT_EXPORT_SAMPLES,
  ...TIMETABLE_SAMPLES,
  ...RECYCLE_BIN_SAMPLES,
  ...ASSIGNMENT_SAMPLES,
  ...BILLING_SAMPLES,
  ...STAFF_CONSOLE_SAMPLES,
  ...ONLINE_PAY_SAMPLES,
  ...PORTAL_SAMPLES,
  ...REPORT_CARD_SAMPLES,
  ...ATTENDANCE_SAMPLES,
  ...ATTENDANCE_ALERT_SAMPLES,
  ...ATTENDANCE_DEVICE_SAMPLES,
  ...OTHER_USER_SAMPLES,
  ...FACE_SAMPLES,
  ...GETTING_STARTED_SAMPLES,
  ...ATTENDANCE_REPORT_SAMPLES,
  ...ASSESSMENT_SAMPLES,
  ...WALL_SAMPLES,
  ...UPLOAD_SAMPLES,
  ...VIDEO_SAMPLES,
  ...EDUCAST_SAMPLES,
  ...ZOOM_SAMPLES,

  'GET /Locales/:language/:file': {
    allowed: 'everyone',
    call: () => ({ params: { language: 'bn', file: 'common.json' } }),
  },
  'GET /api/news/:key': { allowed: 'everyone', call: () => ({ params: { key: 'no-such-item' } }) },
  'GET /media/attachments/:file': {
    allowed: 'everyone',
    missingObject: true,
    call: () => ({ params: { file: `${newId()}.pdf` } }),
  },
  'GET /media/news/:file': { allowed: 'everyone', call: () => ({ params: { file: `${newId()}-480.webp` } }) },
  'POST /api/contact': { allowed: 'everyone', call: () => ({ body: { emailOrPhone: '', message: '' } }) },
  'GET /api/staff/news': { allowed: ['staff'] },
  'GET /api/staff/news/:key': {
    allowed: ['staff'],
    missingObject: true,
    call: () => ({ params: { key: 'no-such-item' } }),
  },
  'POST /api/staff/news': { allowed: ['staff'], call: () => ({ body: {} }) },
  'PUT /api/staff/news/:key': {
    allowed: ['staff'],
    missingObject: true,
    call: () => ({ params: { key: 'no-such-item' }, body: {} }),
  },
  'DELETE /api/staff/news/:key': {
    allowed: ['staff'],
    missingObject: true,
    call: () => ({ params: { key: 'no-such-item' } }),
  },
  'POST /api/staff/news/images': { allowed: ['staff'] },

  'POST /api/staff/impersonate': {
    allowed: ['staff'],
    call: (w, _d, side) => ({ body: { emailOrId: side === 'A' ? w.emails.teacherA : w.emails.teacherB } }),
  },
  'PUT /api/staff/users/:userId/flags': {
    allowed: ['staff'],
    call: async (_w, d) => {
      const now = d.clock.now();
      const id = newId(now);
      await d.db.kysely
        .insertInto('users')
        .values({
          id,
          name: 'Flag me',
          email: null,
          phone: uniquePhone(),
          password_hash: null,
          profession: 'Teacher',
          is_staff: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { params: { userId: id }, body: { suspicious: false } };
    },
  },
  // Only an impersonated session may end impersonation; no actor's own session is one.
  'POST /api/staff/impersonation/end': { allowed: [] },
};
