import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import {
  portalZoomMeetingsSchema,
  zoomAttendanceSchema,
  zoomAuthorizeSchema,
  zoomCallbackInputSchema,
  zoomCallbackSchema,
  zoomConnectionSchema,
  zoomMeetingCreatedSchema,
  zoomMeetingInputSchema,
  zoomMeetingListSchema,
} from '../contracts/zoom';
import { accountParams, classroomParams, idParam, MANAGER_ACCESS, okSchema, STAFF_ACCESS } from './common';
import { FAMILY_ACCESS } from './portal';

const tags = ['zoom'];
const resource = 'zoom';

/** Paths of the Zoom endpoints the portal and public pages call without zod. */
export const ZOOM_PATHS = {
  portalMeetings: '/api/portal/students/:studentId/zoom-meetings',
  /** A join link: redirects to the meeting (public; the code is the link). */
  join: '/api/zoom/join/:code',
  /** Where Zoom posts meeting events (signature-checked). */
  webhook: '/api/zoom/webhook',
} as const;

/**
 * Online classes through Zoom. The account's owners connect and disconnect Zoom and make meetings
 * for timetable classes; everyone who works in the classroom sees them; families read their
 * child's join links.
 */
export const zoomEndpoints = {
  connection: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/zoom',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: 'Whether the account has Zoom connected (never its tokens)',
    params: accountParams,
    response: zoomConnectionSchema,
  }),
  authorize: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/zoom/authorize',
    access: MANAGER_ACCESS,
    tags,
    summary: "Zoom's authorisation address, with a state bound to this session",
    params: accountParams,
    response: zoomAuthorizeSchema,
  }),
  callback: endpoint({
    method: 'POST',
    path: '/api/zoom/callback',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Finish connecting: exchange the code Zoom sent for tokens, kept sealed on the server',
    body: zoomCallbackInputSchema,
    response: zoomCallbackSchema,
  }),
  disconnect: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/zoom',
    access: MANAGER_ACCESS,
    tags,
    summary: "Disconnect Zoom: revoke the account's tokens at Zoom and forget them",
    params: accountParams,
    response: okSchema,
  }),
  meetings: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId/zoom-meetings',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "A classroom's Zoom meetings, newest class first",
    params: classroomParams,
    response: zoomMeetingListSchema,
  }),
  createMeeting: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/classrooms/:classroomId/zoom-meetings',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Make the Zoom meeting of a class of the timetable and send its link to the students',
    params: classroomParams,
    body: zoomMeetingInputSchema,
    response: zoomMeetingCreatedSchema,
    status: 201,
  }),
  attendance: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/zoom-meetings/:meetingId/attendance',
    access: MANAGER_ACCESS,
    tags,
    summary: "Mark attendance from Zoom's participants report of a meeting that has ended",
    params: accountParams.extend({ meetingId: idParam }),
    response: zoomAttendanceSchema,
  }),
  portalMeetings: endpoint({
    method: 'GET',
    path: ZOOM_PATHS.portalMeetings,
    access: FAMILY_ACCESS,
    tags,
    resource,
    summary: "A child's coming online classes with the child's own join links",
    params: z.object({ studentId: idParam }),
    response: portalZoomMeetingsSchema,
  }),
  join: endpoint({
    method: 'GET',
    path: ZOOM_PATHS.join,
    access: 'public',
    tags,
    summary:
      'Follow a join link from an SMS or the portal: redirects to the Zoom meeting (the code is the link)',
    params: z.object({ code: z.string().min(1).max(100) }),
  }),
  webhook: endpoint({
    method: 'POST',
    path: ZOOM_PATHS.webhook,
    access: 'public',
    tags,
    summary: "Zoom's meeting events, signature (x-zm-signature) checked over the body exactly as sent",
  }),
};
