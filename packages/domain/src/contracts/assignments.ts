import { z } from 'zod';
import { ASSIGNMENT_LIMITS as L, SUBMISSION_STATUSES } from '../assignments/assignments';
import { ATTACHMENT_PATH } from './admission';

// Online assignments: what a teacher posts to classrooms, what students hand in from the family
// portal, and the marks and comments that come back (assignments/assignments.ts has the rules).

/** A file stored through the media upload path (`/media/attachments/…`), with the name it had. */
export const assignmentFileSchema = z.object({
  name: z.string().trim().min(1).max(L.fileName),
  url: z.string().regex(ATTACHMENT_PATH).describe('Address the upload answered (/media/attachments/…)'),
});
export type AssignmentFile = z.output<typeof assignmentFileSchema>;

export const assignmentInputSchema = z.object({
  title: z.string().trim().min(1).max(L.title),
  instructions: z.string().trim().max(L.instructions).default(''),
  classroomIds: z.array(z.string().min(1)).min(1).max(L.classrooms),
  attachment: assignmentFileSchema.nullable().default(null),
  dueAt: z.number().int().positive().describe('Due date and time, ms since the epoch (picked in Asia/Dhaka)'),
  fullMarks: z.number().int().min(1).max(L.maxFullMarks),
  acceptLate: z
    .boolean()
    .default(true)
    .describe('Late submissions are taken (and marked late) after the due time'),
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

export const assignmentListQuerySchema = z.object({ classroomId: z.string().min(1).optional() });

const statusSchema = z.enum(SUBMISSION_STATUSES);

export const assignmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  instructions: z.string(),
  classrooms: z.array(z.object({ id: z.string(), name: z.string() })),
  attachment: assignmentFileSchema.nullable(),
  dueAt: z.number().int(),
  fullMarks: z.number().int(),
  acceptLate: z.boolean(),
  createdAt: z.number().int(),
  counts: z.record(statusSchema, z.number().int()).describe('Students per status'),
});
export type Assignment = z.output<typeof assignmentSchema>;

export const assignmentListSchema = z.object({ assignments: z.array(assignmentSchema) });
export type AssignmentList = z.output<typeof assignmentListSchema>;

const submissionFields = {
  text: z.string(),
  file: assignmentFileSchema.nullable(),
  submittedAt: z.number().int(),
  marks: z.number().int().nullable(),
  comment: z.string().nullable(),
  markedAt: z.number().int().nullable(),
};

export const assignmentRosterSchema = z.object({
  assignment: assignmentSchema,
  students: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      customId: z.string().nullable(),
      classroomId: z.string(),
      status: statusSchema,
      submission: z.object(submissionFields).nullable(),
    }),
  ),
});
export type AssignmentRoster = z.output<typeof assignmentRosterSchema>;

export const assignmentMarkSchema = z.object({
  marks: z.number().int().min(0).max(L.maxFullMarks),
  comment: z.string().trim().max(L.comment).default(''),
});
export type AssignmentMarkInput = z.input<typeof assignmentMarkSchema>;

/**
 * An assignment's marks into an assessment: one per classroom of the assignment, named as the
 * assignment, held on the day the marks go in (so it counts everyone enrolled then), one subject
 * whose full marks are the assignment's. Sent again,
 * it updates the same assessments. A student without a mark is left blank.
 */
export const assignmentToAssessmentSchema = z.object({
  term: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .describe('The report-card term it counts for, e.g. "Half-yearly 2026"'),
});
export type AssignmentToAssessmentInput = z.input<typeof assignmentToAssessmentSchema>;

export const assignmentAssessmentsSchema = z.object({
  assessments: z.array(
    z.object({
      classroomId: z.string(),
      assessmentId: z.string(),
      created: z.boolean().describe('False: an assessment made before was updated'),
      marked: z.number().int().describe('Students whose mark went in'),
    }),
  ),
});
export type AssignmentAssessments = z.output<typeof assignmentAssessmentsSchema>;

export const assignmentStudentParamsSchema = z.object({
  accountId: z.string().min(1),
  assignmentId: z.string().min(1),
  studentId: z.string().min(1),
});

// ── The family portal ─────────────────────────────────────────────────────────────────────────

export const familyAssignmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  instructions: z.string(),
  classroomName: z.string(),
  attachment: assignmentFileSchema.nullable(),
  dueAt: z.number().int(),
  fullMarks: z.number().int(),
  acceptLate: z.boolean(),
  status: statusSchema,
  submission: z.object(submissionFields).nullable(),
});
export type FamilyAssignment = z.output<typeof familyAssignmentSchema>;

export const familyAssignmentsSchema = z.object({
  canSubmit: z.boolean().describe('The caller is the student (parents read only)'),
  assignments: z.array(familyAssignmentSchema).describe('Due soonest first among open ones, then the rest'),
});
export type FamilyAssignments = z.output<typeof familyAssignmentsSchema>;

export const familyAssignmentParams = z.object({
  studentId: z.string().min(1),
  assignmentId: z.string().min(1),
});

/** Text, a file, or both; neither is refused by the service (ASSIGNMENT_SUBMISSION_EMPTY). */
export const submissionInputSchema = z.object({
  text: z.string().trim().max(L.submissionText).default(''),
  file: assignmentFileSchema.nullable().default(null),
});
export type SubmissionInput = z.input<typeof submissionInputSchema>;
