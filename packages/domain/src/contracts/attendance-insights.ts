import { z } from 'zod';
import { bangladeshDayField } from './money';

// Attendance insights of a classroom (endpoints/attendance-insights.ts): the students a teacher
// should call about, each flag with its evidence. The rules and their numbers are in
// attendance-insights/insights.ts; who may read them is the register's rule.

/** Attended sessions out of those that count (approved leave does not) over a range of dates. */
export const insightWindowSchema = z.object({
  from: bangladeshDayField,
  to: bangladeshDayField,
  attended: z.number().int(),
  counted: z.number().int(),
  percent: z.number().nullable().describe('attended ÷ counted × 100, two decimals; null when nothing counts'),
});
export type InsightWindow = z.output<typeof insightWindowSchema>;

export const insightFlagSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('streak'),
    days: z.number().int().describe('Class days missed in a row'),
    dates: z.array(bangladeshDayField).describe('Those class days, in order'),
    ongoing: z.boolean().describe("The run reaches the student's latest class day"),
  }),
  z.object({
    kind: z.literal('falling'),
    earlier: insightWindowSchema,
    recent: insightWindowSchema,
    drop: z.number().describe('Percentage points lost: earlier − recent'),
  }),
  z.object({
    kind: z.literal('late'),
    count: z.number().int(),
    attended: z.number().int(),
    percent: z.number().describe('Late out of attended sessions'),
    dates: z.array(bangladeshDayField),
  }),
  z.object({
    kind: z.literal('exam'),
    exam: z.object({ id: z.string(), name: z.string(), heldOn: bangladeshDayField }),
    daysLeft: z.number().int().describe('Days from today to the exam; 0 is today'),
    window: insightWindowSchema,
    threshold: z.number().describe('The attendance percentage a student should reach before an exam'),
  }),
]);
export type InsightFlag = z.output<typeof insightFlagSchema>;
export type InsightKind = InsightFlag['kind'];

export const insightStudentSchema = z.object({
  id: z.string(),
  name: z.string(),
  customId: z.string().nullable(),
  flags: z.array(insightFlagSchema).min(1),
});
export type InsightStudent = z.output<typeof insightStudentSchema>;

const rangeSchema = z.object({ from: bangladeshDayField, to: bangladeshDayField });

/** `GET …/classrooms/:classroomId/attendance/insights` */
export const attendanceInsightsSchema = z.object({
  classroom: z.object({ id: z.string(), name: z.string() }),
  today: bangladeshDayField,
  earlier: rangeSchema.describe('The window the recent one is compared with'),
  recent: rangeSchema,
  students: z.array(insightStudentSchema).describe('Flagged students only, most flags first'),
});
export type AttendanceInsights = z.output<typeof attendanceInsightsSchema>;
