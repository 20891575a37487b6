import { z } from 'zod';
import { daysInRange } from '../money/days';
import { ATTENDANCE_MARK_SOURCES, ATTENDANCE_STATUSES, PUNCH_DIRECTIONS, PUNCH_VIAS } from './attendance';
import { classroomTimingSchema } from './classroom';
import { billingMonthField } from './fees';
import { timestampField } from './fields';
import { bangladeshDayField } from './money';

// Roll call and attendance reports: one classroom session's marks for
// every enrolled student, saved with their history; the month register of a classroom; a
// student's month calendar; today's live board; and the summary a report card shows. Dates are
// Bangladesh dates `YYYY-MM-DD` (a session's date is the date it starts); starts are `HH:mm`.

/** Bounds the spec does not set: a roll call saves at most this many marks, summaries span a year or so. */
export const ATTENDANCE_REPORT_LIMITS = { marks: 1_000, summaryDays: 400, recentPunches: 30 } as const;

export const attendanceStatusField = z.enum(ATTENDANCE_STATUSES);
export const sessionStartField = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .describe('Start of the session, HH:mm in Bangladesh time');

/** One student's mark for one session, with who set it and when. */
export const attendanceMarkSchema = z.object({
  studentId: z.string(),
  status: attendanceStatusField,
  source: z.enum(ATTENDANCE_MARK_SOURCES),
  markedBy: z.string().nullable().describe('The person; null for a device'),
  markedByName: z.string().nullable(),
  markedAt: timestampField,
});
export type AttendanceMark = z.output<typeof attendanceMarkSchema>;

/**
 * A session of the date: scheduled by the classroom's timings, or an extra class somebody opened
 * (`scheduled: false`; it exists once it has marks, so it shows again after a reload).
 */
export const rollCallSessionSchema = z.object({
  start: sessionStartField,
  end: sessionStartField.nullable().describe('From the timings; null for an extra class'),
  scheduled: z.boolean(),
  marks: z.array(attendanceMarkSchema),
});
export type RollCallSession = z.output<typeof rollCallSessionSchema>;

export const rollCallStudentSchema = z.object({
  id: z.string(),
  name: z.string(),
  customId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  enrolled: z.boolean().describe('Enrolled now; false for one who left but has a mark on this date'),
});
export type RollCallStudent = z.output<typeof rollCallStudentSchema>;

export const rollCallQuerySchema = z.object({ date: bangladeshDayField });

/** `GET …/classrooms/:classroomId/attendance/roll-call?date=2026-11-25` */
export const rollCallSchema = z.object({
  classroom: z.object({
    id: z.string(),
    accountId: z.string(),
    name: z.string(),
    timings: z.array(classroomTimingSchema),
  }),
  date: bangladeshDayField,
  today: bangladeshDayField.describe("Today's Bangladesh date: roll call is never taken for a later one"),
  sessions: z
    .array(rollCallSessionSchema)
    .describe('In start order; empty when nothing is scheduled or held'),
  students: z.array(rollCallStudentSchema).describe('By name'),
});
export type RollCall = z.output<typeof rollCallSchema>;

/**
 * `PUT …/attendance/roll-call`: set marks of one session ("all present" sends every student, then
 * each exception alone). A mark that already has the status is left as it is; every change is
 * kept in the history with the status before it, who and when.
 */
export const rollCallSaveSchema = z.object({
  date: bangladeshDayField,
  start: sessionStartField,
  marks: z
    .array(z.object({ studentId: z.string().min(1), status: attendanceStatusField }))
    .min(1)
    .max(ATTENDANCE_REPORT_LIMITS.marks),
});
export type RollCallSaveInput = z.input<typeof rollCallSaveSchema>;

export const rollCallSaveResultSchema = z.object({
  changed: z.number().int().describe('Marks that changed (the others already had their status)'),
  session: rollCallSessionSchema,
});
export type RollCallSaveResult = z.output<typeof rollCallSaveResultSchema>;

export const markHistoryQuerySchema = z.object({
  date: bangladeshDayField,
  start: sessionStartField,
  studentId: z.string().min(1),
});

/** `GET …/attendance/history`: every change of one student's mark for one session, newest first. */
export const markHistorySchema = z.object({
  items: z.array(
    z.object({
      status: attendanceStatusField,
      previousStatus: attendanceStatusField.nullable(),
      source: z.enum(ATTENDANCE_MARK_SOURCES),
      markedBy: z.string().nullable(),
      markedByName: z.string().nullable(),
      markedAt: timestampField,
    }),
  ),
});
export type MarkHistory = z.output<typeof markHistorySchema>;

/** The numbers of one student over a range (attendance/summary.ts says how they are counted). */
export const attendanceSummarySchema = z.object({
  sessions: z.number().int(),
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int().describe('Marked absent, plus held sessions without a mark for the student'),
  leave: z.number().int(),
  unmarked: z.number().int(),
  percent: z.number().nullable().describe('(present + late) ÷ (sessions − leave) × 100, one decimal'),
});

const sessionKeySchema = z.object({ date: bangladeshDayField, start: sessionStartField });
const statusCountsSchema = z.object({
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  leave: z.number().int(),
});

export const registerQuerySchema = z.object({ month: billingMonthField });

/**
 * `GET …/attendance/register?month=2026-11`: students × the sessions the classroom held that month
 * (a session is held once anybody has a mark for it), each cell a status or null (no mark).
 */
export const attendanceRegisterSchema = z.object({
  month: billingMonthField,
  classroom: z.object({ id: z.string(), name: z.string() }),
  sessions: z.array(sessionKeySchema.extend({ counts: statusCountsSchema })),
  students: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      customId: z.string().nullable(),
      enrolled: z.boolean(),
      statuses: z.array(attendanceStatusField.nullable()).describe('One per session, in their order'),
      summary: attendanceSummarySchema,
    }),
  ),
});
export type AttendanceRegister = z.output<typeof attendanceRegisterSchema>;

export const summaryRangeQuerySchema = z
  .object({ from: bangladeshDayField, to: bangladeshDayField })
  .superRefine((range, ctx) => {
    const days = daysInRange(range.from, range.to);
    if (days === 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > ATTENDANCE_REPORT_LIMITS.summaryDays)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `at most ${ATTENDANCE_REPORT_LIMITS.summaryDays} days`,
      });
  });

/** `GET …/attendance/summary?from&to`: each student's numbers for a report card's term. */
export const classroomAttendanceSummarySchema = z.object({
  from: bangladeshDayField,
  to: bangladeshDayField,
  students: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      customId: z.string().nullable(),
      summary: attendanceSummarySchema,
    }),
  ),
});
export type ClassroomAttendanceSummary = z.output<typeof classroomAttendanceSummarySchema>;

export const studentCalendarQuerySchema = z.object({ month: billingMonthField });

const punchViewSchema = z.object({
  at: timestampField,
  direction: z.enum(PUNCH_DIRECTIONS),
  via: z.enum(PUNCH_VIAS),
});

/**
 * `GET …/students/:studentId/attendance?month=2026-11`: a student's month in the classrooms the
 * caller sees: every mark, the entry and exit punches, and each classroom's summary.
 */
export const studentCalendarSchema = z.object({
  month: billingMonthField,
  student: z.object({ id: z.string(), name: z.string(), customId: z.string().nullable() }),
  classrooms: z.array(z.object({ id: z.string(), name: z.string(), summary: attendanceSummarySchema })),
  marks: z.array(sessionKeySchema.extend({ classroomId: z.string(), status: attendanceStatusField })),
  punches: z.array(punchViewSchema),
});
export type StudentCalendar = z.output<typeof studentCalendarSchema>;

/**
 * `GET …/attendance/live-board`: today's punches in the account (or an admin's team): who is in
 * (last punch an entry) and who has left, with times, and the latest punches.
 */
export const liveBoardSchema = z.object({
  date: bangladeshDayField,
  students: z.array(
    z.object({
      id: z.string(),
      accountId: z.string(),
      name: z.string(),
      customId: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      state: z.enum(['in', 'left']),
      firstEntryAt: timestampField.nullable(),
      lastExitAt: timestampField.nullable(),
      lastAt: timestampField,
      punches: z.number().int(),
    }),
  ),
  recent: z.array(punchViewSchema.extend({ studentId: z.string(), name: z.string() })),
});
export type LiveBoard = z.output<typeof liveBoardSchema>;
