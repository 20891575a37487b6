import { z } from 'zod';
import { domainError } from '../messages';
import { isPickableClassroom } from '../students/constants';
import { DAY_NAMES } from '../time/time';
import { addDomainIssue, requiredText, timestampField } from './fields';

// Classrooms (batches, streams): part 1 §3 "Batch", part 2 §2 "Included Classrooms".

/** Classroom types. Others, Management Internal and Hidden are never shown to students. */
export const CLASSROOM_TYPES = [
  'Physical',
  'Online',
  'Hybrid',
  'Others',
  'Management Internal',
  'Hidden',
] as const;
export type ClassroomType = (typeof CLASSROOM_TYPES)[number];
export const CLASSROOM_STATUSES = ['Active', 'Upcoming', 'Paused'] as const;
export type ClassroomStatus = (typeof CLASSROOM_STATUSES)[number];

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One weekly class meeting. */
export const classroomTimingSchema = z.object({
  day: z.enum(DAY_NAMES).describe('Day of the week'),
  start: z.string().regex(TIME_OF_DAY).describe('Start, 24-hour HH:mm in Bangladesh time'),
  end: z.string().regex(TIME_OF_DAY).describe('End, 24-hour HH:mm'),
  place: z
    .string()
    .trim()
    .max(300)
    .optional()
    .describe('Room, or the link of an online class (the timetable shows it)'),
});
export type ClassroomTiming = z.output<typeof classroomTimingSchema>;

/** Money in the API is integer paisa (1 taka = 100 paisa). */
export const paisaField = z.number().int().nonnegative().max(1_000_000_000_00);

/** Create or edit a classroom (owners and admins). */
export const classroomInputSchema = z.object({
  grade: requiredText('CLASSROOM_GRADE_REQUIRED').pipe(z.string().max(80)).describe('Grade, e.g. Class 9'),
  subject: requiredText('CLASSROOM_SUBJECT_REQUIRED')
    .pipe(z.string().max(80))
    .describe('Subject, e.g. Physics'),
  name: requiredText('CLASSROOM_NAME_REQUIRED')
    .superRefine((name, ctx) => {
      // Placeholder names are never offered in pick lists, so a real classroom may not use one.
      if (name !== '' && !isPickableClassroom(name))
        addDomainIssue(ctx, domainError('CLASSROOM_NAME_RESERVED', { name }));
    })
    .pipe(z.string().max(120))
    .describe('Classroom (batch) name'),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable()
    .default(null)
    .describe('Colour bar of the classroom card, #rrggbb'),
  tuitionFeePaisa: paisaField.default(0).describe('Default monthly tuition fee in paisa'),
  status: z.enum(CLASSROOM_STATUSES).default('Active'),
  type: z.enum(CLASSROOM_TYPES).default('Physical'),
  startDate: z
    .string()
    .regex(/^\d{2}-\d{2}-\d{4}$/)
    .nullable()
    .default(null)
    .describe('First class, DD-MM-YYYY'),
  timings: z.array(classroomTimingSchema).max(21).default([]).describe('Weekly meetings'),
  collectionMonth: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .nullable()
    .default(null)
    .describe('First month fees are collected for, YYYY-MM'),
});
export type ClassroomInput = z.input<typeof classroomInputSchema>;
export type ClassroomPayload = z.output<typeof classroomInputSchema>;

/** A classroom as the API returns it, with what the caller may do in it. */
export const classroomSchema = z.object({
  id: z.string(),
  accountId: z.string().describe('The teacher account that owns it'),
  teacherName: z.string(),
  grade: z.string(),
  subject: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  tuitionFeePaisa: z.number(),
  status: z.string(),
  type: z.string(),
  startDate: z.string().nullable(),
  timings: z.array(classroomTimingSchema),
  collectionMonth: z.string().nullable(),
  createdAt: timestampField,
  closedAt: timestampField.nullable().describe('Set when the classroom was closed'),
  studentCount: z.number().int().describe('Students enrolled now'),
  manageStudents: z.boolean().describe('The caller may add and remove students here'),
  modifyCustomId: z.boolean().describe('The caller may change student IDs here'),
});
export type Classroom = z.output<typeof classroomSchema>;

/** `GET /api/accounts/:accountId/classrooms`: ordered grade → subject → name. */
export const classroomListSchema = z.object({ classrooms: z.array(classroomSchema) });
export const classroomListQuerySchema = z.object({
  includeClosed: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('Also list closed classrooms'),
});

/** A student on a classroom's roster. */
export const rosterEntrySchema = z.object({
  studentId: z.string(),
  name: z.string(),
  phone: z.string(),
  customId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  tuitionFeePaisa: z.number().describe('What this student pays: the override, else the classroom fee'),
  feeOverridden: z.boolean(),
  appliedAt: timestampField,
  acceptedAt: timestampField.nullable(),
});

/** An assistant's access to one classroom, as its managers see it. */
export const classroomModeratorSchema = z.object({
  userId: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  grant: z.enum(['account', 'classroom']).describe('Whole account, or this classroom only'),
  manageStudents: z.boolean(),
  modifyCustomId: z.boolean(),
  sendSms: z.boolean().describe('May send SMS to this classroom'),
  collectPayments: z.boolean().describe("May take payments for this classroom's students"),
  blocked: z.boolean().describe('Blocked from this classroom'),
});

/** `GET /api/accounts/:accountId/classrooms/:classroomId`: the classroom page. */
export const classroomDetailSchema = z.object({
  classroom: classroomSchema,
  students: z.array(rosterEntrySchema).describe('Ordered by name'),
  fees: z.object({
    defaultPaisa: z.number(),
    overrides: z.number().int().describe('Students with their own fee'),
    monthlyTotalPaisa: z.number().describe('Sum of what every student pays per month'),
  }),
  moderators: z.array(classroomModeratorSchema).describe('Only for owners and admins; empty for assistants'),
});
export type ClassroomDetail = z.output<typeof classroomDetailSchema>;

/** An owner or admin sets an assistant's flags for one classroom (or blocks them from it). */
export const classroomGrantSchema = z.object({
  manageStudents: z.boolean(),
  modifyCustomId: z.boolean(),
  sendSms: z.boolean().default(false),
  collectPayments: z.boolean().default(false),
  blocked: z.boolean().default(false),
});
