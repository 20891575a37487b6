import { z } from 'zod';
import { domainError } from '../messages';
import { normalizeRfid } from '../students/fields';
import { addDomainIssue, customIdField, phoneField, requiredText, timestampField } from './fields';

/** One classroom the student is (or is being) enrolled in, from the drawer's cards. */
export const enrolmentInputSchema = z.object({
  batchKey: z.string().min(1).describe('Classroom (batch) key'),
  teacherUid: z.string().min(1).describe('Teacher who owns the classroom'),
  tuitionFee: z
    .number()
    .nonnegative()
    .nullable()
    .default(null)
    .describe('Per-classroom fee override; null uses the classroom fee'),
});

/** The student edit drawer's save (teacher and admin versions). */
export const studentSaveSchema = z.object({
  studentUid: z.string().min(1).describe('The student being edited'),
  name: requiredText('STUDENT_NAME_REQUIRED').describe('Student name'),
  phone: phoneField({ required: 'STUDENT_PHONE_REQUIRED', student: true }).describe(
    'Student phone, normalised to +880…; a trailing D marks an intentional duplicate',
  ),
  email: z.string().trim().default('').describe('E-mail; empty when none'),
  institution: z
    .string()
    .trim()
    .default('')
    .describe('School or college; the server defaults empty to "Private"'),
  customID: customIdField.default('').describe('Custom student ID such as ID-42; empty for none'),
  rfid: z
    .string()
    .default('')
    .transform((value) => normalizeRfid(value))
    .describe('RFID card code; cleared unless longer than 5 characters'),
  parent1phone: phoneField().default('').describe('Parent 1 phone, normalised; empty if none'),
  parent2phone: phoneField().default('').describe('Parent 2 phone, normalised; empty if none'),
  customFields: z
    .record(z.string(), z.string())
    .default({})
    .describe('Teacher-defined extra fields keyed by field name'),
  enrolments: z
    .array(enrolmentInputSchema)
    .default([])
    .describe('Classrooms the student should be in after saving'),
});
export type StudentSaveInput = z.input<typeof studentSaveSchema>;
export type StudentSave = z.output<typeof studentSaveSchema>;

/** A student as the API returns it. */
export const studentSchema = z.object({
  uid: z.string().describe('Student id'),
  name: z.string().describe('Student name'),
  phone: z.string().describe('Normalised phone, possibly ending in D, or "Unset"'),
  email: z.string().describe('E-mail or empty'),
  institution: z.string().describe('School or college, "Private" by default'),
  avatarURL: z.string().describe('Photo address, or the default avatar'),
  customID: z.string().describe('Custom student ID or empty'),
  rfid: z.string().describe('RFID card code or empty'),
  parent1phone: z.string().describe('Parent 1 phone or empty'),
  parent2phone: z.string().describe('Parent 2 phone or empty'),
  customFields: z.record(z.string(), z.string()).describe('Teacher-defined extra fields'),
  linkedUserUid: z.string().nullable().describe('The Student user account linked to this record, if any'),
});
export type Student = z.output<typeof studentSchema>;

/** A student's enrolment in one classroom. */
export const enrolmentSchema = z.object({
  batchKey: z.string().describe('Classroom (batch) key'),
  grade: z.string().describe('Grade the classroom sits under'),
  subject: z.string().describe('Subject the classroom sits under'),
  teacherUid: z.string().describe('Teacher who owns the classroom'),
  type: z.string().describe('Enrolment type, "Physical" by default'),
  appliedDate: timestampField.describe('When the student applied or was added'),
  acceptedDate: timestampField.describe('When the enrolment was accepted'),
  tuitionFee: z.number().nullable().describe('Per-classroom fee override, or null'),
  videoPermission: z.string().describe('Video access, "Allowed" by default'),
});
export type Enrolment = z.output<typeof enrolmentSchema>;

/** Unarchiving a student into chosen classrooms. */
export const unarchiveRequestSchema = z.object({
  studentUid: z.string().min(1).describe('The archived student'),
  batchKeys: z
    .array(z.string().min(1))
    .superRefine((keys, ctx) => {
      if (keys.length === 0) addDomainIssue(ctx, domainError('SELECT_AT_LEAST_ONE_CLASSROOM'));
    })
    .describe('Classrooms to restore the student into; at least one'),
});
