import { z } from 'zod';
import { ADMISSION_LIMITS } from '../admission/limits';
import { BLOOD_GROUPS } from '../admission/validation';
import { domainError } from '../messages';
import { INTERFACE_LANGUAGES } from '../text/languages';
import { paisaField } from './classroom';
import { addDomainIssue, customIdField, phoneField, requiredText, timestampField } from './fields';

/**
 * Bounds of the admission settings staff save. The spec sets none; these keep
 * the welcome page and the additional-info page short enough for a phone.
 */
export const ADMISSION_SETTINGS_LIMITS = {
  attachments: 10,
  attachmentName: 100,
  customFields: 20,
  customFieldName: 60,
} as const;

/** An attachment file staff uploaded (POST …/admission/attachments), served from our own storage. */
export const ATTACHMENT_PATH = /^\/media\/attachments\/[0-9A-Z]{26}\.(pdf|png|jpg)$/;

/** Files staff may upload as attachments (a prospectus, a fee chart), checked by their content. */
export const ADMISSION_ATTACHMENT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  types: ['pdf', 'png', 'jpg', 'jpeg'],
} as const;

/** An institution's online-admission settings, as the public form reads them. */
export const admissionSettingsSchema = z.object({
  acceptingApplications: z
    .boolean()
    .default(true)
    .describe('The on/off switch: when off the form says so and takes no applications'),
  collectPicture: z
    .boolean()
    .default(false)
    .describe('CollectPicture: ask for (and require) a photo on page 3'),
  collectParentsPhone: z
    .boolean()
    .default(false)
    .describe('CollectParentsPhone: ask for parent phones on page 4'),
  requireUniqueParentsPhone: z
    .boolean()
    .default(false)
    .describe('RequireUniqueParentsPhone: a parent phone must differ from the student phone'),
  collectAdditionalInfo: z
    .boolean()
    .default(false)
    .describe('CollectAdditionalInfo: every custom field on page 5 must be answered'),
  customFields: z
    .array(z.string().trim().min(1).max(ADMISSION_SETTINGS_LIMITS.customFieldName))
    .max(ADMISSION_SETTINGS_LIMITS.customFields)
    .default([])
    .superRefine((fields, ctx) => {
      // Answers are keyed by field name, so two names that differ only in case would collide.
      const seen = new Set<string>();
      for (const field of fields) {
        const key = field.toLowerCase();
        if (seen.has(key)) {
          addDomainIssue(ctx, domainError('ADMISSION_CUSTOM_FIELD_DUPLICATE', { field }));
          return;
        }
        seen.add(key);
      }
    })
    .describe('Names of the custom student fields (unique, ignoring case)'),
  attachments: z
    .array(
      z.object({
        name: z
          .string()
          .trim()
          .min(1)
          .max(ADMISSION_SETTINGS_LIMITS.attachmentName)
          .describe('Label shown on the welcome page'),
        url: z
          .union([z.url({ protocol: /^https?$/ }).max(2000), z.string().regex(ATTACHMENT_PATH)])
          .describe('Where the attachment is downloaded from: an http(s) address or an uploaded file'),
      }),
    )
    .max(ADMISSION_SETTINGS_LIMITS.attachments)
    .default([])
    .describe('Files shown on the welcome page (prospectus, fee chart)'),
});
export type AdmissionSettingsInput = z.input<typeof admissionSettingsSchema>;
export type AdmissionSettingsPayload = z.output<typeof admissionSettingsSchema>;

/** What the public admission form submits. Cross-field rules live in admissionSubmitError. */
export const admissionApplicationSchema = z.object({
  key: z.string().trim().min(1).describe("The institution's account id, from the link's key parameter"),
  course: z.string().trim().optional().describe("The link's course parameter, when it fixes the classroom"),
  name: requiredText('ADMISSION_NAME_REQUIRED').describe("Applicant's full name"),
  phone: phoneField({ required: 'ADMISSION_PHONE_REQUIRED', student: true }).describe(
    "Applicant's phone, normalised to +880…, with D when confirmed as a duplicate",
  ),
  avatarURL: z.string().trim().optional().describe('Address of the uploaded photo, when one was taken'),
  parent1phone: phoneField()
    .default('')
    .describe('First parent or guardian phone, normalised; empty if none'),
  parent2phone: phoneField()
    .default('')
    .describe('Second parent or guardian phone, normalised; empty if none'),
  customFields: z
    .record(z.string(), z.string().trim())
    .default({})
    .describe('Answers to the custom fields, keyed by field name (Blood Group, Date Of Birth, …)'),
  details: requiredText('ADMISSION_DETAILS_REQUIRED').describe(
    'Classroom or course details in the applicant’s words',
  ),
});
export type AdmissionApplicationInput = z.input<typeof admissionApplicationSchema>;
export type AdmissionApplication = z.output<typeof admissionApplicationSchema>;

export const ADMISSION_STATUSES = ['Pending', 'Accepted', 'Rejected'] as const;

/** A stored application as staff and the duplicate check see it. */
export const admissionApplicationRecordSchema = admissionApplicationSchema.extend({
  id: z.string().min(1).describe('Application id, shown to the applicant on the success page'),
  status: z.enum(ADMISSION_STATUSES).describe('Pending until staff accept or reject it'),
  timeStamp: timestampField.describe('Submission time in epoch milliseconds'),
  customID: customIdField.optional().describe('Custom student ID given on acceptance'),
});
export type AdmissionApplicationRecord = z.output<typeof admissionApplicationRecordSchema>;

/** The blood group choices as a schema, for custom-field editors. */
export const bloodGroupSchema = z.enum(BLOOD_GROUPS).describe('One of the eight ABO/Rh blood groups');

// ---- HTTP contracts of the online admission (spec part 1 §2.1, §3, §5, §7, §8) ----

/** The wizard's languages; the institution's setting picks the first one shown. */
export const ADMISSION_LANGUAGES = INTERFACE_LANGUAGES;

/** A classroom the applicant may name on the course step. */
export const admissionClassroomSchema = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string(),
  subject: z.string(),
});

/** What the public wizard reads about the institution: nothing private, nothing of other applicants. */
export const admissionPublicInfoSchema = z.object({
  instituteId: z.string().describe('The institution id (the link key), for the applicant to keep'),
  institution: z.string().describe('Institution name shown in the header'),
  logoUrl: z.string().nullable().describe('Address of the logo, when the institution has one'),
  language: z.enum(ADMISSION_LANGUAGES).describe('The language the wizard opens in'),
  settings: admissionSettingsSchema,
  classrooms: z.array(admissionClassroomSchema).describe('Open classrooms, grade → subject → name'),
});
export type AdmissionPublicInfo = z.output<typeof admissionPublicInfoSchema>;

export const admissionKeyParams = z.object({ key: z.string().min(1).max(ADMISSION_LIMITS.line) });

export const admissionPhoneCheckSchema = z.object({
  phone: phoneField({ required: 'ADMISSION_PHONE_REQUIRED', student: true }),
});
export const admissionPhoneCheckResultSchema = z.object({
  duplicate: z.boolean().describe('A pending application of the last 90 days has this phone'),
});

const line = () => z.string().trim().max(ADMISSION_LIMITS.line);

/** The address the form's own picture upload answers (`/media/students/{id}.webp`). */
const ADMISSION_PICTURE_URL = /^\/media\/students\/[A-Za-z0-9_-]{1,64}\.webp$/;

/**
 * The submission: the application without its key (the path carries it), with bounds on every
 * text. The photo can only be one the form's own upload stored (the server also checks that this
 * form issued it): no other address is shown to staff or copied onto a student.
 */
export const admissionSubmitSchema = admissionApplicationSchema.omit({ key: true }).extend({
  course: line().optional(),
  name: requiredText('ADMISSION_NAME_REQUIRED').pipe(z.string().max(ADMISSION_LIMITS.line)),
  avatarURL: line()
    .superRefine((url, ctx) => {
      if (!ADMISSION_PICTURE_URL.test(url)) addDomainIssue(ctx, domainError('ADMISSION_PICTURE_INVALID'));
    })
    .optional(),
  customFields: z
    .record(line().min(1), z.string().trim().max(ADMISSION_LIMITS.text))
    .default({})
    .refine((fields) => Object.keys(fields).length <= ADMISSION_LIMITS.customFields)
    .describe('Answers to the custom fields, keyed by field name (Blood Group, Date Of Birth, …)'),
  details: requiredText('ADMISSION_DETAILS_REQUIRED').pipe(z.string().max(ADMISSION_LIMITS.text)),
});
export type AdmissionSubmitInput = z.input<typeof admissionSubmitSchema>;
export type AdmissionSubmit = z.output<typeof admissionSubmitSchema>;

/** A picture uploaded from the wizard's page 3, stored (re-encoded) before the application is sent. */
export const admissionPictureSchema = z.object({
  avatarUrl: z.string().describe('Address of the stored picture; send it as avatarURL'),
});

/** An attachment file uploaded by staff, to put in the settings' attachments list. */
export const admissionAttachmentSchema = z.object({
  name: z.string().describe('The file name without its extension, as a starting label'),
  url: z.string().describe('Address of the stored file (/media/attachments/…)'),
});

export const admissionSubmittedSchema = z.object({
  id: z.string().describe('Internal application id'),
  number: z.number().int().describe("The account's application number, shown as A-1042 on the success page"),
  instituteId: z.string().describe('The institution id, to keep with it'),
});

/** An application as staff see it in the inbox. Text is as the applicant typed it: escape it. */
export const admissionApplicationViewSchema = z.object({
  id: z.string(),
  number: z.number().int().describe("The account's application number, shown as A-1042"),
  name: z.string(),
  phone: z
    .string()
    .describe('As submitted; a trailing D marks a phone the applicant confirmed as a duplicate'),
  duplicate: z.boolean().describe('The phone carries the duplicate mark D'),
  parent1Phone: z.string(),
  parent2Phone: z.string(),
  details: z.string(),
  courseClassroomId: z.string().nullable().describe("The classroom the link's course parameter named"),
  customFields: z.record(z.string(), z.string()),
  avatarUrl: z.string().nullable(),
  status: z.enum(ADMISSION_STATUSES),
  rejectReason: z.string().nullable(),
  studentId: z.string().nullable().describe('The student made on acceptance'),
  createdAt: timestampField,
  decidedAt: timestampField.nullable(),
});
export type AdmissionApplicationView = z.output<typeof admissionApplicationViewSchema>;

export const admissionListQuerySchema = z.object({
  status: z.enum(ADMISSION_STATUSES).optional(),
  q: z
    .string()
    .trim()
    .max(ADMISSION_LIMITS.line)
    .optional()
    .describe('Part of the name, phone or details, or an application number (A-1042)'),
  classroomId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("Only applications whose link's course named this classroom"),
  from: z.coerce
    .number()
    .int()
    .nonnegative()
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('Submitted at or after (epoch ms)'),
  to: z.coerce
    .number()
    .int()
    .nonnegative()
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('Submitted before (epoch ms)'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdmissionListQuery = z.output<typeof admissionListQuerySchema>;

export const admissionListSchema = z.object({
  items: z.array(admissionApplicationViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const admissionAcceptSchema = z.object({
  classroomIds: z.array(z.string().min(1).max(100)).max(ADMISSION_LIMITS.classrooms),
  tuitionFeePaisa: paisaField
    .nullable()
    .optional()
    .describe('Tuition fee in paisa; the classroom fee when absent'),
  welcomeSms: z.boolean().default(false).describe('Queue the welcome SMS for the new student'),
});
export type AdmissionAcceptInput = z.input<typeof admissionAcceptSchema>;
export type AdmissionAccept = z.output<typeof admissionAcceptSchema>;

export const admissionAcceptedSchema = z.object({
  studentId: z.string(),
  customId: z.string().describe('The student ID given from the account counter'),
  welcomeSms: z.number().int().describe('Welcome SMS messages queued (none when not asked or without quota)'),
});

export const admissionRejectSchema = z.object({
  reason: requiredText('ADMISSION_REJECT_REASON_REQUIRED').pipe(z.string().max(ADMISSION_LIMITS.text)),
});

/** What staff read and save of the admission settings; the link is only read. */
export const admissionSettingsSaveSchema = z.object({
  settings: admissionSettingsSchema,
  language: z.enum(ADMISSION_LANGUAGES).default('en').describe('The language the wizard opens in'),
});
export type AdmissionSettingsSaveInput = z.input<typeof admissionSettingsSaveSchema>;
export type AdmissionSettingsSave = z.output<typeof admissionSettingsSaveSchema>;

export const admissionSettingsViewSchema = admissionSettingsSaveSchema.extend({
  link: z.string().describe('The shareable path of the wizard: /s-online-admission?key={accountId}'),
});
export type AdmissionSettingsView = z.output<typeof admissionSettingsViewSchema>;
