import { z } from 'zod';
import { ACCOUNT_TYPES } from '../access/wording';
import { ACTIVITY_MESSAGES, type ActivityMessageKey } from '../activity/messages';
import { emailField, newPasswordField, smsCodeField } from './auth';
import { phoneField, requiredText } from './fields';

/** `GET /api/accounts/:accountId/summary`: the dashboard figures of one account. */
export const accountSummarySchema = z.object({
  accountId: z.string(),
  institution: z.string(),
  ownerName: z.string(),
  classrooms: z.number().describe('Open classrooms the caller may see'),
  students: z
    .number()
    .describe(
      "All students the caller may see, as the Students list counts them (an assistant's: their classrooms')",
    ),
  studentsInClassrooms: z.number().describe('Of them, those accepted in an open classroom'),
  assistants: z.number().describe('Accepted assistants'),
  smsQuota: z.number(),
  recentActivity: z
    .array(
      z.object({
        id: z.string(),
        eventName: z.string(),
        summary: z.string().describe('Plain English text of the entry'),
        message: z
          .object({
            key: z.enum(Object.keys(ACTIVITY_MESSAGES) as [ActivityMessageKey, ...ActivityMessageKey[]]),
            params: z.record(z.string(), z.union([z.string(), z.number()])),
          })
          .nullable()
          .describe(
            'The entry as a key (web locale activity:<key>) and parameters; null: only the plain text',
          ),
        actorName: z.string().nullable(),
        createdAt: z.number(),
      }),
    )
    .describe('The latest entries of the activity log, newest first'),
});
export type AccountSummary = z.output<typeof accountSummarySchema>;

/** Profile of the signed-in person. */
export const profileUpdateSchema = z.object({
  name: requiredText('NAME_REQUIRED').pipe(z.string().max(100)).describe("The person's name"),
  phone: phoneField().describe('Bangladeshi mobile number; empty to remove'),
  phoneCode: smsCodeField
    .optional()
    .describe('The code sent to a new phone by POST /api/me/phone/code; needed only when the phone changes'),
});

/** Institution settings of an account the caller owns. */
export const institutionUpdateSchema = z.object({
  institution: requiredText('INSTITUTION_REQUIRED').pipe(z.string().max(150)).describe('Institution name'),
  accountType: z.enum(ACCOUNT_TYPES).describe('Wording type: Default, Cricket or Business'),
  currency: z.string().length(3).describe('ISO 4217 code, e.g. BDT'),
  manageMultiBranches: z.boolean().describe('Show multi-branch management'),
});
export type InstitutionUpdateInput = z.input<typeof institutionUpdateSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(512).describe('The password in use now'),
  newPassword: newPasswordField.describe('The new password'),
});

/** An admin adds a teacher: a new teacher account under the admin, or an invitation to an existing one. */
export const addTeacherSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('create'),
    name: requiredText('NAME_REQUIRED').pipe(z.string().max(100)),
    email: emailField,
    phone: phoneField({ required: 'PHONE_REQUIRED' }),
    password: newPasswordField,
  }),
  z.object({
    mode: z.literal('invite'),
    email: emailField.describe('E-mail of an existing teacher account'),
  }),
]);
export type AddTeacherInput = z.input<typeof addTeacherSchema>;

/** A teacher or admin invites an assistant by e-mail or phone, account-wide or for one classroom. */
export const inviteAssistantSchema = z
  .object({
    email: z.string().trim().optional().describe('Assistant e-mail (or give a phone)'),
    phone: phoneField().optional().describe('Assistant phone (or give an e-mail)'),
    classroomId: z.string().optional().describe('Only this classroom; absent for the whole account'),
    manageStudents: z.boolean().default(false),
    modifyCustomId: z.boolean().default(false),
    sendSms: z.boolean().default(false).describe('May send SMS to students and parents'),
    collectPayments: z.boolean().default(false).describe('May take payments at the counter'),
  })
  .refine((v) => Boolean(v.email) || Boolean(v.phone), {
    message: 'Please enter your email.',
    path: ['email'],
  });
export type InviteAssistantInput = z.input<typeof inviteAssistantSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  kind: z.enum(['admin-teacher', 'assistant']),
  accountId: z.string(),
  institution: z.string(),
  invitedBy: z.string().describe('Name of the person who invited'),
  invitee: z.string().describe('The e-mail or phone the invitation was sent to'),
  classroomName: z.string().nullable(),
  manageStudents: z.boolean(),
  modifyCustomId: z.boolean(),
  sendSms: z.boolean(),
  collectPayments: z.boolean(),
  status: z.enum(['pending', 'accepted', 'declined', 'revoked']),
  createdAt: z.number(),
  expiresAt: z.number(),
});
export type Invitation = z.output<typeof invitationSchema>;

export const teamMemberSchema = z.object({
  id: z.string().describe('Account id (teachers) or grant id (assistants)'),
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(['teacher', 'assistant']),
  classroomName: z.string().nullable(),
  manageStudents: z.boolean(),
  modifyCustomId: z.boolean(),
  sendSms: z.boolean(),
  collectPayments: z.boolean(),
});

/** `GET /api/accounts/:accountId/team`: managed teachers (admins), assistants and open invitations. */
export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(invitationSchema),
});
export type Team = z.output<typeof teamSchema>;

/** Staff sign in as a user (the spec's bypass login), looked up by e-mail or id. */
export const impersonateSchema = z.object({
  emailOrId: z.string().trim().min(1).describe('The e-mail or user id to sign in as'),
  suid: z.string().optional().describe("Open this student's dashboard"),
  reason: z
    .string()
    .trim()
    .max(500)
    .optional()
    .describe('Why (the staff console asks; kept in the activity log)'),
});
