import { z } from 'zod';
import { CANCEL_SMS_LANGUAGES } from '../timetable/cancel-sms';
import { timestampField } from './fields';

// HTTP contracts of online classes through Zoom: an account's connection (its tokens never leave
// the server), the meetings made for timetable classes, and the family's join links.

const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('YYYY-MM-DD, Bangladesh');
const timeField = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .describe('HH:mm, Bangladesh');

/** Whether the account has Zoom connected; nothing of the tokens. */
export const zoomConnectionSchema = z.object({
  configured: z
    .boolean()
    .describe('The server has a Zoom app (ZOOM_CLIENT_ID); without it nobody can connect'),
  connected: z.boolean(),
  zoomEmail: z.string().nullable(),
  connectedAt: timestampField.nullable(),
});
export type ZoomConnection = z.output<typeof zoomConnectionSchema>;

/** Where to send the browser to grant access at Zoom (state bound to this session). */
export const zoomAuthorizeSchema = z.object({ url: z.string() });

/** What Zoom sends back to `/zoom-auth`, posted on by the page. */
export const zoomCallbackInputSchema = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
});
export const zoomCallbackSchema = z.object({ accountId: z.string() });

/** Make the Zoom meeting of one class of the timetable; optionally text its link to the classroom. */
export const zoomMeetingInputSchema = z.object({
  date: dateField,
  start: timeField,
  sms: z
    .enum(CANCEL_SMS_LANGUAGES)
    .nullable()
    .default(null)
    .describe("SMS the join link to the classroom's students in this language (null: no SMS)"),
});
export type ZoomMeetingInput = z.input<typeof zoomMeetingInputSchema>;

export const zoomMeetingSchema = z.object({
  id: z.string(),
  classroomId: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  topic: z.string(),
  joinUrl: z.string().describe("Zoom's join link"),
  shortUrl: z.string().describe('The short link sent to students'),
  smsSendId: z.string().nullable(),
  attendanceAt: timestampField.nullable(),
  createdAt: timestampField,
});
export type ZoomMeetingView = z.output<typeof zoomMeetingSchema>;

export const zoomMeetingCreatedSchema = zoomMeetingSchema.extend({
  smsRecipients: z.number().int(),
});

export const zoomMeetingListSchema = z.object({ meetings: z.array(zoomMeetingSchema) });

/** What the participants report did: students marked present, names matched to nobody. */
export const zoomAttendanceSchema = z.object({
  marked: z.number().int(),
  unmatched: z.array(z.string()),
});
export type ZoomAttendance = z.output<typeof zoomAttendanceSchema>;

/** A child's online classes for the family portal, each with the child's own join link. */
export const portalZoomMeetingsSchema = z.object({
  meetings: z.array(
    z.object({
      id: z.string(),
      classroomName: z.string(),
      date: z.string(),
      start: z.string(),
      end: z.string(),
      joinUrl: z.string().describe("The child's personal link: opens Zoom with the child's name"),
    }),
  ),
});
export type PortalZoomMeetings = z.output<typeof portalZoomMeetingsSchema>;
