import { z } from 'zod';
import { PROFESSIONS } from '../access/profession';
import { noticesSchema } from './notices';

const classSchema = z.object({
  classroomId: z.string(),
  name: z.string().describe('Classroom (batch) name'),
  grade: z.string(),
  subject: z.string(),
  teacherName: z.string().describe("The owning teacher's name"),
  institution: z.string(),
  acceptedAt: z.number().nullable().describe('When the student was accepted (ms)'),
});

/** One student record as its student or parent sees it. */
export const ownStudentSchema = z.object({
  studentId: z.string(),
  accountId: z.string(),
  name: z.string(),
  customId: z.string().nullable(),
  institution: z.string(),
  classes: z
    .array(classSchema)
    .describe('Accepted classes, never of type Others / Management Internal / Hidden'),
});

export const sessionAccountSchema = z.object({
  id: z.string(),
  kind: z.enum(['Teacher', 'Admin']),
  institution: z.string(),
  ownerName: z.string(),
  relation: z.enum(['owner', 'admin', 'assistant']).describe('How the caller reaches this account'),
  appMode: z.enum(['SMS_LMS_GATEWAY', 'SMS_GATEWAY']),
  accountType: z.string().describe('Wording type: Default, Cricket or Business'),
  currency: z.string(),
  manageMultiBranches: z.boolean().describe('Multi-branch management is shown'),
  logoUrl: z.string().nullable().describe('Institution logo'),
  classrooms: z.union([z.literal('all'), z.array(z.string())]).describe("An assistant's visible classrooms"),
  manageStudents: z.boolean(),
  modifyCustomId: z.boolean(),
  sendSms: z.boolean().describe('May send SMS account-wide: to typed numbers and every visible classroom'),
  sendSmsClassrooms: z
    .array(z.string())
    .describe("An assistant's classrooms with a grant of their own to send SMS (empty for others)"),
  collectPayments: z.boolean().describe("May take payments account-wide: every visible classroom's students"),
  collectPaymentsClassrooms: z
    .array(z.string())
    .describe("An assistant's classrooms with a grant of their own to take payments (empty for others)"),
});

/** `GET /api/session`: the signed-in user and what their role loads (spec part 1 §4 "Loading by role"). */
export const sessionSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    profession: z.enum(PROFESSIONS).nullable(),
    isStaff: z.boolean(),
    avatarUrl: z.string().nullable(),
  }),
  homePath: z.string().describe('Where the user lands, e.g. /teacher/dashboard'),
  impersonator: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .describe('Staff member signed in as this user'),
  accounts: z
    .array(sessionAccountSchema)
    .describe('Own account first, then managed teachers or moderated accounts'),
  activeAccountId: z
    .string()
    .nullable()
    .describe("The account the app works on (an admin's first teacher by default)"),
  tools: z
    .array(z.object({ key: z.string(), route: z.string().nullable(), expiresAt: z.number().nullable() }))
    .describe('Installed tools merged across accounts; the later expiry wins'),
  smsQuota: z
    .object({ accountId: z.string(), quota: z.number(), ratePaisa: z.number(), shared: z.boolean() })
    .nullable()
    .describe('The quota SMS are paid from (a shared account when the own one runs short)'),
  students: z.array(ownStudentSchema).describe("A student's own records, or a parent's linked children"),
  notices: noticesSchema.describe(
    'Maintenance, and suspensions of the accounts the user works in: shown above every signed-in page',
  ),
});
export type Session = z.output<typeof sessionSchema>;
export type SessionAccount = z.output<typeof sessionAccountSchema>;

export const switchAccountSchema = z.object({
  accountId: z.string().min(1).describe('An account from the session'),
});
