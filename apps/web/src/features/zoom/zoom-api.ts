import { zoomEndpoints as endpoints, timetableEndpoints, type ZoomMeetingInput } from '@batchwise/domain';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointQuery } from '../../lib/api-client';

// Online classes through Zoom (server modules/zoom). The tokens never come here: the server
// answers only whether Zoom is connected.

export const zoomConnectionQuery = (accountId: string) =>
  queryOptions(endpointQuery(endpoints.connection, { params: { accountId } }));

export const zoomMeetingsQuery = (accountId: string, classroomId: string) =>
  queryOptions(endpointQuery(endpoints.meetings, { params: { accountId, classroomId } }));

/** The classes of one day (to choose the one that goes online). */
export const dayClassesQuery = (accountId: string, date: string) =>
  queryOptions(
    endpointQuery(timetableEndpoints.timetable, { params: { accountId }, query: { from: date, to: date } }),
  );

export const zoomApi = {
  authorize: (accountId: string) => call(endpoints.authorize, { params: { accountId } }),
  finish: (code: string, state: string) => call(endpoints.callback, { body: { code, state } }),
  disconnect: (accountId: string) => call(endpoints.disconnect, { params: { accountId } }),
  createMeeting: (accountId: string, classroomId: string, body: ZoomMeetingInput) =>
    call(endpoints.createMeeting, { params: { accountId, classroomId }, body }),
  attendance: (accountId: string, meetingId: string) =>
    call(endpoints.attendance, { params: { accountId, meetingId } }),
};
