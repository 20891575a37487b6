import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import {
  calendarFeedSchema,
  portalScheduleSchema,
  timetableEventCreatedSchema,
  timetableEventInputSchema,
  timetableEventListSchema,
  timetableRangeQuerySchema,
  timetableSchema,
} from '../contracts/timetable';
import { accountParams, classroomParams, idParam, MANAGER_ACCESS, okSchema, STAFF_ACCESS } from './common';
import { FAMILY_ACCESS } from './portal';
import { TIMETABLE_PORTAL_PATHS as portalPaths } from './timetable-paths';

const tags = ['timetable'];
const resource = 'timetable';
const eventParams = classroomParams.extend({ eventId: idParam });
const childParams = z.object({ studentId: idParam });

/**
 * The timetable. Everyone who works in a classroom reads its calendar; changing it (and the
 * cancellation SMS it may send, and the feed link that publishes it) is the owner's and admins'.
 * Families read their children's classes and keep their own feed link per child.
 */
export const timetableEndpoints = {
  timetable: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/timetable',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: 'The classes of a date range across the classrooms the caller sees, clashes flagged',
    params: accountParams,
    query: timetableRangeQuerySchema,
    response: timetableSchema,
  }),
  events: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId/timetable-events',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "A classroom's extra, cancelled and moved classes, exam days and holidays",
    params: classroomParams,
    response: timetableEventListSchema,
  }),
  addEvent: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/classrooms/:classroomId/timetable-events',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Add an extra class, cancel or move a class, mark an exam day or a holiday',
    params: classroomParams,
    body: timetableEventInputSchema,
    response: timetableEventCreatedSchema,
    status: 201,
  }),
  removeEvent: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/classrooms/:classroomId/timetable-events/:eventId',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Undo a change: the class is back as the weekly timings say',
    params: eventParams,
    response: okSchema,
  }),
  classroomFeed: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/classrooms/:classroomId/calendar-feed',
    access: MANAGER_ACCESS,
    tags,
    summary: "A new secret iCalendar link for the classroom's classes (the old one stops working)",
    params: classroomParams,
    response: calendarFeedSchema,
    status: 201,
  }),
  revokeClassroomFeed: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/classrooms/:classroomId/calendar-feed',
    access: MANAGER_ACCESS,
    tags,
    summary: "Stop the classroom's iCalendar link",
    params: classroomParams,
    response: okSchema,
  }),
  portalSchedule: endpoint({
    method: 'GET',
    path: portalPaths.schedule,
    access: FAMILY_ACCESS,
    tags,
    resource,
    summary: "A child's classes of a date range, with cancelled and moved classes marked",
    params: childParams,
    query: timetableRangeQuerySchema,
    response: portalScheduleSchema,
  }),
  portalFeed: endpoint({
    method: 'POST',
    path: portalPaths.feed,
    access: FAMILY_ACCESS,
    tags,
    summary: "A new secret iCalendar link for a child's classes (the caller's old one stops working)",
    params: childParams,
    response: calendarFeedSchema,
    status: 201,
  }),
  revokePortalFeed: endpoint({
    method: 'DELETE',
    path: portalPaths.feed,
    access: FAMILY_ACCESS,
    tags,
    summary: "Stop the caller's iCalendar link of a child",
    params: childParams,
    response: okSchema,
  }),
};
