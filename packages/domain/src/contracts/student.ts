import { z } from 'zod';
import { domainError } from '../messages';
import { normalizeRfid } from '../students/fields';
import { paisaField } from './classroom';
import { addDomainIssue, customIdField, phoneField, requiredText, timestampField } from './fields';

// Students: the edit drawer (part 2 §2, §4, §5), the unique student list and custom fields.

/** A classroom the drawer adds the student to, or re-prices ("Modified Tuition Fee"). */
export const enrolmentInputSchema = z.object({
  classroomId: z.string().min(1).describe('The classroom'),
  tuitionFeePaisa: paisaField
    .nullable()
    .default(null)
    .describe('Per-classroom fee in paisa; null (or the classroom fee itself) uses the classroom fee'),
});
export type EnrolmentInput = z.input<typeof enrolmentInputSchema>;

/** Parent phones: optional; the letters d and D are stripped, then the shared rule (part 2 §5). */
const parentPhoneField = z
  .string()
  .default('')
  .transform((value) => value.replace(/[dD]/g, ''))
  .pipe(phoneField());

const atLeastOneClassroom = z.array(enrolmentInputSchema).superRefine((items, ctx) => {
  if (items.length === 0) addDomainIssue(ctx, domainError('SELECT_AT_LEAST_ONE_CLASSROOM'));
});

/**
 * The drawer's fields, shared by adding a student and saving the drawer. Enrolments listed are
 * added (new classrooms get applied and accepted dates of now) or re-priced; a save never removes
 * an enrolment: removing is its own call (an archive of type Delete).
 */
export const studentSaveSchema = z.object({
  name: requiredText('STUDENT_NAME_REQUIRED').pipe(z.string().max(120)).describe('Student name'),
  phone: phoneField({ required: 'STUDENT_PHONE_REQUIRED', student: true }).describe(
    'Student phone, normalised to +880…; a trailing D marks an intentional duplicate',
  ),
  email: z.string().trim().max(200).default('').describe('E-mail; empty when none'),
  institution: z
    .string()
    .trim()
    .max(150)
    .default('')
    .describe('School or college; required for admins and in SMS_LMS_GATEWAY mode, else "Private"'),
  customId: customIdField
    .pipe(z.string().max(40))
    .default('')
    .describe('Student ID such as ID-42 (changes need modifyCustomID); empty for none'),
  rfid: z
    .string()
    .max(100)
    .default('')
    .transform((value) => normalizeRfid(value))
    .describe('RFID card code; cleared unless longer than 5 characters'),
  parent1Phone: parentPhoneField.describe('Parent 1 phone, normalised (d/D stripped); empty if none'),
  parent2Phone: parentPhoneField.describe('Parent 2 phone, normalised (d/D stripped); empty if none'),
  customFields: z
    .record(z.string().max(60), z.string().max(500))
    .default({})
    .describe('Values of the account-defined fields, keyed by field name'),
  enrolments: z
    .array(enrolmentInputSchema)
    .max(200)
    .default([])
    .describe('Classrooms to add the student to or re-price'),
});
export type StudentSaveInput = z.input<typeof studentSaveSchema>;
export type StudentSave = z.output<typeof studentSaveSchema>;

/** One classroom the student is in, as the drawer's card shows it. */
export const enrolmentSchema = z.object({
  studentId: z
    .string()
    .describe("The student's record in the classroom's account (admins see several teachers)"),
  accountId: z.string(),
  teacherName: z.string(),
  classroomId: z.string(),
  classroomName: z.string(),
  grade: z.string(),
  subject: z.string(),
  color: z.string().nullable(),
  classroomFeePaisa: z.number(),
  tuitionFeePaisa: z.number().nullable().describe('Per-classroom override, or null'),
  appliedAt: timestampField,
  acceptedAt: timestampField.nullable(),
  type: z.string().describe('"Physical" by default'),
  videoPermission: z.string().describe('"Allowed" by default'),
  manageStudents: z.boolean().describe('The caller may remove the student from this classroom'),
});
export type Enrolment = z.output<typeof enrolmentSchema>;

const studentFields = {
  id: z.string(),
  accountId: z.string().describe('The teacher account the record belongs to'),
  teacherName: z.string(),
  name: z.string(),
  phone: z.string().describe('Normalised phone, possibly ending in D, or "Unset"'),
  email: z.string().describe('E-mail or empty'),
  institution: z.string(),
  avatarUrl: z.string().nullable(),
  customId: z.string().nullable(),
  rfid: z.string().nullable(),
  parent1Phone: z.string().nullable(),
  parent2Phone: z.string().nullable(),
  customFields: z.record(z.string(), z.string()),
  userLinked: z.boolean().describe('A Student sign-in is linked to this record'),
};

/** `GET /api/accounts/:accountId/students/:studentId`: the drawer's data. */
export const studentDetailSchema = z.object({
  ...studentFields,
  archived: z.boolean().describe('No classroom left: the student is in the archive'),
  createdAt: timestampField,
  updatedAt: timestampField,
  enrolments: z.array(enrolmentSchema).describe('Every classroom of this person the caller may see'),
  permissions: z.object({
    edit: z.boolean().describe('May save the drawer'),
    modifyCustomId: z.boolean().describe('May change the student ID'),
    include: z.boolean().describe('Some classroom is open to include the student in'),
  }),
});
export type StudentDetail = z.output<typeof studentDetailSchema>;

/** Answer of adding or saving a student: the fresh record and the success message. */
export const studentSaveResultSchema = z.object({
  student: studentDetailSchema,
  code: z.enum(['STUDENT_ADDED', 'STUDENT_UPDATED', 'STUDENT_INCLUDED']),
  message: z.string(),
});
export type StudentSaveResult = z.output<typeof studentSaveResultSchema>;

export const STUDENT_SORTS = ['name', 'customId', 'createdAt'] as const;
export const STUDENT_PAGE_SIZE = 20;
export const STUDENT_SEARCH_MAX = 100;

/** Query of the students list: search, classroom filter, sort and page. */
export const studentListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(STUDENT_SEARCH_MAX)
    .optional()
    .describe('Part of a name, phone, student ID or RFID code'),
  classroomId: z.string().min(1).optional().describe('Only students of this classroom'),
  sort: z.enum(STUDENT_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(STUDENT_PAGE_SIZE),
});
export type StudentListQuery = z.output<typeof studentListQuerySchema>;

/** A row of the unique student list (once per teacher; admins see the teacher's name). */
export const studentListItemSchema = z.object({
  ...studentFields,
  classrooms: z
    .array(z.object({ id: z.string(), name: z.string(), color: z.string().nullable() }))
    .describe('Classrooms the caller may see the student in'),
});
export type StudentListItem = z.output<typeof studentListItemSchema>;

export const studentPageSchema = z.object({
  items: z.array(studentListItemSchema),
  total: z.number().int().describe('Rows matching the query, over all pages'),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StudentPage = z.output<typeof studentPageSchema>;

/** The "Classrooms To Include In" modal's Add: at least one classroom. */
export const includeRequestSchema = z.object({
  classrooms: atLeastOneClassroom.describe('Classrooms ticked in the modal, with their modified fee'),
});

/** A classroom offered in the modal: open, not yet included, pickable, with manageStudents. */
export const includeOptionSchema = z.object({
  classroomId: z.string(),
  accountId: z.string(),
  teacherName: z.string(),
  grade: z.string(),
  subject: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  tuitionFeePaisa: z.number(),
});
export type IncludeOption = z.output<typeof includeOptionSchema>;
export const includeOptionsSchema = z.object({ classrooms: z.array(includeOptionSchema) });

export const STUDENT_FIELD_KINDS = ['text', 'date', 'blood-group'] as const;

/** A custom student field of an account (StudentsCustomInfoFields). */
export const studentFieldSchema = z.object({
  name: z.string().trim().min(1).max(60).describe('Field name, e.g. Date Of Birth'),
  kind: z.enum(STUDENT_FIELD_KINDS).default('text').describe('text, date (DD-MM-YYYY) or blood-group'),
});

export const studentFieldsInputSchema = z.object({
  fields: z
    .array(studentFieldSchema)
    .max(30)
    .superRefine((fields, ctx) => {
      const seen = new Set<string>();
      for (const field of fields) {
        const key = field.name.trim().toLowerCase();
        if (seen.has(key)) addDomainIssue(ctx, domainError('STUDENT_FIELD_DUPLICATE', { name: field.name }));
        seen.add(key);
      }
    })
    .describe('Fields in display order'),
});

/** `GET /api/accounts/:accountId/student-fields`: what the drawer of this account shows. */
export const studentFormSettingsSchema = z.object({
  fields: z.array(studentFieldSchema.required()),
  nextCustomId: z.string().describe('Suggested ID for a new student: one above MaxCustomID'),
  appMode: z.enum(['SMS_LMS_GATEWAY', 'SMS_GATEWAY']),
  institutionRequired: z.boolean().describe('Institution and parent fields shown and institution required'),
});
export type StudentFormSettings = z.output<typeof studentFormSettingsSchema>;
