import { z } from 'zod';
import { CANCEL_SMS_LANGUAGES } from '../timetable/cancel-sms';
import { OCCURRENCE_STATUSES, TIMETABLE_EVENT_KINDS } from '../timetable/occurrences';
import { timestampField } from './fields';

// HTTP contracts of the timetable (part 1 §3 "Batch": `Timings`, `StartDate`, `Events`): a
// classroom's one-off changes, the calendar of classes across classrooms, the family's schedule
// and the iCalendar feeds. The weekly timings themselves are the classroom's (contracts/classroom.ts).

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('YYYY-MM-DD, Bangladesh');
const timeField = z.string().regex(TIME_OF_DAY).describe('HH:mm, Bangladesh');

/** Most days one calendar request spans (a month view with its edge weeks fits). */
export const TIMETABLE_RANGE_MAX_DAYS = 45;

export const timetableRangeQuerySchema = z.object({
  from: dateField,
  to: dateField,
});

/** A new change: an extra class, a cancelled or moved class, an exam day, or a holiday. */
export const timetableEventInputSchema = z.object({
  kind: z.enum(TIMETABLE_EVENT_KINDS),
  date: dateField,
  start: timeField.nullable().default(null).describe('The class it changes or adds; null for a holiday'),
  end: timeField.nullable().default(null),
  newDate: dateField.nullable().default(null).describe('A moved class: its new date'),
  newStart: timeField.nullable().default(null),
  newEnd: timeField.nullable().default(null),
  place: z.string().trim().max(300).nullable().default(null).describe('Room or online link'),
  note: z.string().trim().max(300).nullable().default(null),
  sms: z
    .enum(CANCEL_SMS_LANGUAGES)
    .nullable()
    .default(null)
    .describe("A cancelled class: SMS the classroom's students in this language (null: no SMS)"),
  remind: z
    .enum(CANCEL_SMS_LANGUAGES)
    .nullable()
    .default(null)
    .describe('An exam day: remind the students and first guardians by SMS the day before, in this language'),
});
export type TimetableEventInput = z.input<typeof timetableEventInputSchema>;

export const timetableEventSchema = z.object({
  id: z.string(),
  classroomId: z.string(),
  kind: z.enum(TIMETABLE_EVENT_KINDS),
  date: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  newDate: z.string().nullable(),
  newStart: z.string().nullable(),
  newEnd: z.string().nullable(),
  place: z.string().nullable(),
  note: z.string().nullable(),
  smsSendId: z.string().nullable().describe('The cancellation SMS, when one was sent'),
  remind: z
    .enum(CANCEL_SMS_LANGUAGES)
    .nullable()
    .describe("An exam day's reminder SMS language (null: none)"),
  reminderSendId: z.string().nullable().describe('The reminder SMS, once the day before has sent it'),
  createdAt: timestampField,
});
export type TimetableEventView = z.output<typeof timetableEventSchema>;

export const timetableEventCreatedSchema = timetableEventSchema.extend({
  smsRecipients: z.number().int().describe('Numbers the cancellation SMS went to (0 when none)'),
});

const feedStatusSchema = z
  .object({ createdAt: timestampField })
  .nullable()
  .describe('The live feed link, if any (its address is shown only when made)');

/** A classroom's changes, newest date first, and whether it has a live calendar feed. */
export const timetableEventListSchema = z.object({
  events: z.array(timetableEventSchema),
  feed: feedStatusSchema,
});

/** One class on the calendar. */
export const occurrenceSchema = z.object({
  classroomId: z.string(),
  classroomName: z.string(),
  color: z.string().nullable(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  startAt: timestampField,
  endAt: timestampField,
  status: z.enum(OCCURRENCE_STATUSES),
  place: z.string().nullable(),
  note: z.string().nullable(),
  eventId: z.string().nullable(),
  movedTo: z.object({ date: z.string(), start: z.string(), end: z.string() }).nullable(),
  movedFrom: z.object({ date: z.string(), start: z.string() }).nullable(),
  clashesWith: z.array(z.string()).describe('Other classrooms whose classes overlap this one'),
});
export type OccurrenceView = z.output<typeof occurrenceSchema>;

/** The teacher's calendar across the classrooms the caller sees. */
export const timetableSchema = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  classrooms: z.array(
    z.object({ id: z.string(), accountId: z.string(), name: z.string(), color: z.string().nullable() }),
  ),
  occurrences: z.array(occurrenceSchema),
});
export type Timetable = z.output<typeof timetableSchema>;

/** A child's classes in a range, for the family portal. */
export const portalScheduleSchema = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  occurrences: z.array(occurrenceSchema),
  feed: feedStatusSchema,
});
export type PortalSchedule = z.output<typeof portalScheduleSchema>;

/** A new feed link: subscribe to it from Google Calendar or a phone. Shown once. */
export const calendarFeedSchema = z.object({
  url: z.string().describe('The secret address of the .ics feed; making a new one retires the old'),
  createdAt: timestampField,
});
export type CalendarFeed = z.output<typeof calendarFeedSchema>;
