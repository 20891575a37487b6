import { z } from 'zod';
import { INTERFACE_LANGUAGES } from '../text/languages';
import { PUNCH_DIRECTIONS, PUNCH_VIAS } from './attendance';
import { studentCalendarSchema } from './attendance-reports';
import { classroomTimingSchema } from './classroom';
import { billingMonthField, paymentSchema, studentDuesSchema } from './fees';
import { timestampField } from './fields';
import { bangladeshDayField } from './money';
import { PAYMENT_GATEWAYS, payItemSchema } from './online-pay';

// HTTP contracts of the family portal (DESIGN.md §1 "Family portal"): what a parent (signed in by
// a verified phone) reads of the children whose records list that phone as parent 1 or 2, across
// every teacher and account, and what a student reads of their own records. Every read is checked
// on the server against the caller (modules/portal/portal.policy.ts): a parent sees only children
// linked to their phone now (a phone removed from a record loses the child at once), a student
// only records joined to their sign-in, and each classroom's portal settings (below) decide what
// of it is shown. Money is whole paisa, times ms since the epoch, days and months Bangladesh time.
//
// Endpoints (endpoints/portal.ts; access: Parent or Student unless said):
//   GET    /api/portal/home                                  → portalHomeSchema: one card per child
//            (a student: one per own record) with today's attendance, total due, latest result and
//            the classrooms' portal settings. A parent with one child may go straight to it.
//   GET    /api/portal/students/:studentId/fees?through=     → portalFeesSchema: dues month by
//            month per classroom, payment history with receipt links, whether "pay now" is offered.
//            403 PORTAL_DUES_HIDDEN when no classroom of the child shows dues.
//   POST   /api/portal/students/:studentId/pay               portalPayStartSchema → payStartResultSchema
//            (201): the same SSLCommerz / bKash attempt, rules and IPN as the pay link; send the
//            browser to `redirectUrl`. The gateway's result lands on /paymentsuccess?tran=… or
//            /paymentfail?tran=…, whose attempt (GET /api/public/pay/attempts/:tranId) then carries
//            `returnPath` (the portal's fees page) for a "back" button.
//   GET    /api/portal/students/:studentId/attendance?month= → portalAttendanceSchema: the month
//            per classroom (marks, entry/exit punches, totals and percentage). 403
//            PORTAL_ATTENDANCE_HIDDEN when no classroom of the child shows attendance. While the
//            page is open, `/api/events` delivers PORTAL_PUNCH_EVENT for the caller's children
//            only, with stale resource `portal` ({ studentId }): refetch, or draw `data` at once.
//   GET    /api/portal/students/:studentId/results           → portalResultsSchema: published
//            report cards (one per classroom and term) and published assessments with marks.
//   POST   /api/portal/students/:studentId/results/open      portalReportOpenSchema → portalReportLinkSchema:
//            a fresh link to the card's page (/viewreport?key=…): PDF, language toggle,
//            acknowledge and feedback work there as for a link sent by SMS.
//   GET    /api/portal/students/:studentId/classes           → portalClassesSchema: each classroom
//            with its teacher, monthly fee and weekly schedule (empty when none).
//   GET    /api/portal/students/:studentId/messages?page=    → portalMessagesSchema: SMS the
//            child's teachers sent to the caller's phone (a student: to their own), newest first.
//   GET    /api/portal/me                                    → portalProfileSchema
//   PUT    /api/portal/me                                    portalProfileUpdateSchema → portalProfileSchema
//            (the name asked once after the first sign-in, or `skipName`; language; theme)
//   GET    /api/portal/me/devices                            → portalDevicesSchema (signed-in sessions)
//   DELETE /api/portal/me/devices/:deviceId                  → { ok: true } (signs that device out)
// Teacher side (staff read, owners and admins change):
//   GET    /api/accounts/:accountId/classrooms/:classroomId/portal-settings → portalSettingsViewSchema
//   PUT    /api/accounts/:accountId/classrooms/:classroomId/portal-settings portalSettingsSchema → portalSettingsViewSchema
//   POST   /api/accounts/:accountId/students/:studentId/attendance-link      → attendanceLinkSchema
// Public (seed part 1 §2.3, "parent views by SMS link"): `/a/{key}` redirects to
// ATTENDANCE_LINK_PAGE?key=…, which reads
//   GET    /api/public/attendance/:key?month=                → publicAttendanceSchema
// Attendance SMS carry the link in `{Link}` (or at the end) when the classroom's
// `attendanceLinkInSms` is on.

/** Where `/a/{key}` sends the browser: the app-free attendance month of one child. */
export const ATTENDANCE_LINK_PAGE = '/attendance-view';

/** The live update on `portal-student:{studentId}` for each punch of that child. */
export const PORTAL_PUNCH_EVENT = 'portal.punch';
export const portalPunchEventSchema = z.object({
  studentId: z.string(),
  direction: z.enum(PUNCH_DIRECTIONS),
  at: timestampField,
  via: z.enum(PUNCH_VIAS),
});
export type PortalPunchEvent = z.output<typeof portalPunchEventSchema>;

// ── A classroom's portal settings (the teacher decides; the server obeys) ─────────────────────

export const portalSettingsSchema = z.object({
  showDues: z.boolean().describe('Dues and payment history in the portal'),
  onlinePayment: z
    .boolean()
    .describe('"Pay now" in the portal; takes effect only while the account has online payment set up'),
  showAttendance: z.boolean(),
  showResults: z.boolean().describe('Published report cards and assessment marks'),
  attendanceLinkInSms: z
    .boolean()
    .describe(
      "Entry, exit and absence SMS carry the child's attendance link (/a/{key}); it costs characters",
    ),
});
export type PortalSettings = z.output<typeof portalSettingsSchema>;

/**
 * A classroom's settings until its teacher saves them: everything families need is shown, "pay
 * now" is offered wherever the account takes payments online, and SMS stay short (no link).
 */
export const PORTAL_SETTINGS_DEFAULTS: PortalSettings = {
  showDues: true,
  onlinePayment: true,
  showAttendance: true,
  showResults: true,
  attendanceLinkInSms: false,
};

export const portalSettingsViewSchema = portalSettingsSchema.extend({
  classroomId: z.string(),
  onlinePaymentReady: z.boolean().describe('The account has online payment switched on with a gateway'),
  updatedAt: timestampField.nullable().describe('Never saved: null (the defaults apply)'),
});
export type PortalSettingsView = z.output<typeof portalSettingsViewSchema>;

// ── The parent home ───────────────────────────────────────────────────────────────────────────

export const PORTAL_TODAY_STATES = ['in', 'left', 'late', 'absent', 'leave', 'none'] as const;
export type PortalTodayState = (typeof PORTAL_TODAY_STATES)[number];

export const portalTodaySchema = z.object({
  date: bangladeshDayField,
  state: z
    .enum(PORTAL_TODAY_STATES)
    .describe(
      'in: last punch an entry; left: last punch an exit; late/absent/leave: a mark without punches; none: nothing yet',
    ),
  firstEntryAt: timestampField.nullable(),
  lastExitAt: timestampField.nullable(),
});
export type PortalToday = z.output<typeof portalTodaySchema>;

export const portalLatestResultSchema = z.object({
  classroomId: z.string(),
  classroomName: z.string(),
  term: z.string(),
  percent: z.number().nullable(),
  gpa: z.number().nullable(),
  letter: z.string().nullable(),
  passed: z.boolean().nullable(),
  position: z.number().int().nullable(),
  acknowledgedAt: timestampField.nullable(),
});

export const portalChildSchema = z.object({
  studentId: z.string(),
  accountId: z.string(),
  name: z.string(),
  customId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  institution: z.string(),
  logoUrl: z.string().nullable(),
  classes: z.array(z.object({ classroomId: z.string(), name: z.string(), settings: portalSettingsSchema })),
  today: portalTodaySchema.nullable().describe('Null when no classroom of the child shows attendance'),
  dues: z
    .object({
      totalDuePaisa: z.number().int(),
      canPay: z.boolean().describe('"Pay now" is offered (settings and the account\'s online payment)'),
    })
    .nullable()
    .describe('Null when no classroom of the child shows dues'),
  latestResult: portalLatestResultSchema.nullable(),
  newMessages: z
    .number()
    .int()
    .min(0)
    .describe("SMS to the caller's phone from the child's teachers since the caller last opened Messages"),
});
export type PortalChild = z.output<typeof portalChildSchema>;

export const portalHomeSchema = z.object({
  role: z.enum(['Parent', 'Student']),
  children: z.array(portalChildSchema).describe("A parent's linked children, or a student's own records"),
});
export type PortalHome = z.output<typeof portalHomeSchema>;

export const portalStudentParams = z.object({ studentId: z.string().min(1) });

const portalStudentSchema = z.object({
  id: z.string(),
  name: z.string(),
  customId: z.string().nullable(),
  institution: z.string(),
});

// ── Fees ──────────────────────────────────────────────────────────────────────────────────────

export const portalFeesQuerySchema = z.object({ through: billingMonthField.optional() });

export const portalFeesSchema = z.object({
  student: portalStudentSchema,
  dues: studentDuesSchema.describe('Lines of classrooms that show dues (and charges without a classroom)'),
  payments: z.array(paymentSchema).describe('Newest first; `receiptLink` opens the receipt page'),
  pay: z.object({
    enabled: z.boolean().describe('"Pay now" is offered'),
    gateways: z.array(z.enum(PAYMENT_GATEWAYS)),
    payableClassroomIds: z.array(z.string()).describe('Months of these classrooms may be paid online'),
    minimumPaisa: z.number().int(),
    windowMinutes: z.number().int(),
  }),
});
export type PortalFees = z.output<typeof portalFeesSchema>;

export const portalPayStartSchema = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS),
  items: z.array(payItemSchema).min(1).max(60),
});
export type PortalPayStartInput = z.input<typeof portalPayStartSchema>;

// ── Attendance ────────────────────────────────────────────────────────────────────────────────

export const portalAttendanceQuerySchema = z.object({ month: billingMonthField.optional() });

export const portalAttendanceSchema = studentCalendarSchema.extend({
  today: bangladeshDayField,
  institution: z.string(),
});
export type PortalAttendance = z.output<typeof portalAttendanceSchema>;

export const publicAttendanceSchema = portalAttendanceSchema.extend({ logoUrl: z.string().nullable() });
export type PublicAttendance = z.output<typeof publicAttendanceSchema>;

export const attendanceLinkKeyParams = z.object({ key: z.string().min(1).max(100) });

export const attendanceLinkSchema = z.object({
  url: z.string().describe('PUBLIC_URL/attendance-view?key=…'),
  shortUrl: z.string().describe('PUBLIC_URL/a/{key}: for an SMS'),
});

// ── Results ───────────────────────────────────────────────────────────────────────────────────

export const portalResultsSchema = z.object({
  reportCards: z.array(
    portalLatestResultSchema.extend({
      complete: z.boolean(),
      publishedAt: timestampField.nullable().describe('When its latest assessment was published'),
    }),
  ),
  assessments: z.array(
    z.object({
      assessmentId: z.string(),
      classroomId: z.string(),
      classroomName: z.string(),
      name: z.string(),
      term: z.string(),
      heldOn: z.string().describe('YYYY-MM-DD'),
      obtained: z.number(),
      fullMarks: z.number(),
      complete: z.boolean(),
      percent: z.number().nullable(),
      gpa: z.number().nullable(),
      letter: z.string().nullable(),
      passed: z.boolean().nullable(),
      position: z.number().int().nullable(),
      subjects: z.array(
        z.object({
          name: z.string(),
          obtained: z.number(),
          fullMarks: z.number(),
          absent: z.boolean(),
          letter: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type PortalResults = z.output<typeof portalResultsSchema>;

export const portalReportOpenSchema = z.object({ classroomId: z.string().min(1), term: z.string().min(1) });
export const portalReportLinkSchema = z.object({ url: z.string().describe('/viewreport?key=…') });

// ── Classes and messages ──────────────────────────────────────────────────────────────────────

export const portalClassesSchema = z.object({
  classes: z.array(
    z.object({
      classroomId: z.string(),
      accountId: z.string(),
      name: z.string(),
      grade: z.string(),
      subject: z.string(),
      teacherName: z.string(),
      institution: z.string(),
      monthlyFeePaisa: z.number().int().describe("The student's fee: their own, or the classroom's"),
      schedule: z.array(classroomTimingSchema),
      acceptedAt: timestampField.nullable(),
    }),
  ),
});
export type PortalClasses = z.output<typeof portalClassesSchema>;

export const portalMessagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const portalMessagesSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      institution: z.string(),
      at: timestampField.describe('Sent, or queued when not yet sent'),
      status: z.enum(['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'cancelled']),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PortalMessages = z.output<typeof portalMessagesSchema>;

// ── Who the family is ─────────────────────────────────────────────────────────────────────────

export const PORTAL_THEMES = ['system', 'light', 'dark'] as const;
export const PORTAL_LANGUAGES = INTERFACE_LANGUAGES;

export const portalProfileSchema = z.object({
  role: z.enum(['Parent', 'Student']),
  name: z
    .string()
    .nullable()
    .describe('Null while a parent has not given one (show "Parent of {childName}")'),
  childName: z.string().nullable().describe('The first child\'s name, for "Parent of …"'),
  phone: z.string().nullable(),
  askName: z.boolean().describe('Ask the name now: first sign-in, neither given nor skipped'),
  language: z.enum(PORTAL_LANGUAGES).nullable(),
  theme: z.enum(PORTAL_THEMES),
});
export type PortalProfile = z.output<typeof portalProfileSchema>;

export const portalProfileUpdateSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  skipName: z.boolean().optional().describe('Do not ask the name again'),
  language: z.enum(PORTAL_LANGUAGES).optional(),
  theme: z.enum(PORTAL_THEMES).optional(),
});
export type PortalProfileUpdate = z.input<typeof portalProfileUpdateSchema>;

export const portalDevicesSchema = z.object({
  devices: z.array(
    z.object({
      id: z.string(),
      current: z.boolean().describe('This browser'),
      userAgent: z.string().nullable(),
      createdAt: timestampField,
      lastSeenAt: timestampField,
    }),
  ),
});
export type PortalDevices = z.output<typeof portalDevicesSchema>;
