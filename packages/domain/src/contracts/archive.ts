import { z } from 'zod';
import { domainError } from '../messages';
import { ARCHIVE_TYPES } from '../students/archive';
import { addDomainIssue, timestampField } from './fields';
import { STUDENT_PAGE_SIZE, STUDENT_SEARCH_MAX } from './student';

// Removing, archiving and unarchiving students (part 1 §3 "Archived student", §4 "Student
// lifecycle"; part 2 §4 "Classroom removal", §7 "Archive-student-group service").

// The remove flow's own message for a call that names no classroom or student.
const key = z.string().superRefine((value, ctx) => {
  if (value.trim() === '' || value === 'undefined') addDomainIssue(ctx, domainError('REMOVE_MISSING_KEY'));
});
const studentKeys = z
  .array(key)
  .max(500)
  .superRefine((ids, ctx) => {
    if (ids.length === 0) addDomainIssue(ctx, domainError('REMOVE_MISSING_KEY'));
  });

/** Remove students from one classroom: an archive of type Delete. */
export const removeStudentsSchema = z.object({
  classroomId: key.describe('The classroom to remove them from'),
  studentIds: studentKeys.describe('Students of this account to remove'),
});

/** Archive students (type Archive) from some or all of their classrooms. */
export const archiveStudentsSchema = z.object({
  studentIds: studentKeys.describe('Students of this account to archive'),
  classroomIds: z
    .array(z.string().min(1))
    .max(200)
    .optional()
    .describe('Only these classrooms; absent: every classroom the caller manages'),
});

/** Answer of remove and archive: the spec's success message and how many enrolments moved. */
export const archiveResultSchema = z.object({
  code: z.enum(['REMOVE_SUCCESS', 'STUDENTS_ARCHIVED']),
  message: z.string(),
  archived: z.number().int().describe('Enrolments moved to the archive'),
});

/**
 * Answer of deleting an archived student for good: `recoverable` says whether the account's plan
 * kept a copy in the Recycle bin (data-recovery) or the student is gone.
 */
export const deleteStudentResultSchema = z.object({
  code: z.literal('STUDENT_DELETED'),
  message: z.string().describe('The catalogue text, naming the student'),
  recoverable: z.boolean().describe('True when the Recycle bin keeps a copy to restore'),
});

/** Unarchive into chosen classrooms: at least one. */
export const unarchiveRequestSchema = z.object({
  classroomIds: z
    .array(z.string().min(1))
    .max(200)
    .superRefine((ids, ctx) => {
      if (ids.length === 0) addDomainIssue(ctx, domainError('SELECT_AT_LEAST_ONE_CLASSROOM'));
    })
    .describe('Archived classrooms to restore the student into'),
});

export const unarchiveResultSchema = z.object({
  code: z.literal('STUDENT_UNARCHIVED'),
  message: z.string(),
  restored: z.array(z.string()).describe('Classrooms the student is back in'),
  skipped: z
    .array(z.object({ classroomId: z.string(), reason: z.enum(['missing', 'empty']) }))
    .describe('missing: the classroom no longer exists (or is closed); empty: nothing was archived there'),
});

export const archiveListQuerySchema = z.object({
  q: z.string().trim().max(STUDENT_SEARCH_MAX).optional().describe('Part of a name, phone or student ID'),
  type: z.enum(ARCHIVE_TYPES).optional().describe('Only Archive or only Delete entries'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(STUDENT_PAGE_SIZE),
});

/** One archived classroom of a student (ArchivedClasses/{batch}). */
export const archivedClassSchema = z.object({
  archiveId: z.string(),
  classroomId: z.string(),
  classroomName: z.string(),
  grade: z.string(),
  subject: z.string(),
  type: z.enum(ARCHIVE_TYPES),
  archivedAt: timestampField,
  archivedByName: z.string(),
  minTimestamp: timestampField.describe('Earliest payment, or about 91 days before archiving'),
  maxTimestamp: timestampField,
  classroomExists: z.boolean().describe('False when the classroom was deleted or closed since'),
});

export const archivedStudentSchema = z.object({
  studentId: z.string(),
  accountId: z.string(),
  teacherName: z.string(),
  name: z.string(),
  phone: z.string(),
  customId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  lastArchivedAt: timestampField,
  enrolled: z.boolean().describe('Still in some classroom (removed from some only)'),
  classes: z.array(archivedClassSchema).describe('Newest first'),
});
export type ArchivedStudent = z.output<typeof archivedStudentSchema>;

export const archivePageSchema = z.object({
  items: z.array(archivedStudentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
