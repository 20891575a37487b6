import {
  attendanceAlertClassroomsSchema,
  attendanceAlertLogQuerySchema,
  attendanceAlertLogSchema,
  attendanceAlertSettingsInputSchema,
  attendanceAlertSettingsSchema,
} from '../contracts/attendance-alerts';
import { endpoint } from '../contracts/endpoint';
import { accountParams, classroomParams, MANAGER_ACCESS } from './common';

const tags = ['attendance'];

/**
 * Parent SMS on attendance. The settings spend SMS quota on every punch without
 * anyone confirming a send, so they are the account owner's and admins' (like the automatic dues
 * reminder); so is the log, which shows families' numbers and texts.
 */
export const attendanceAlertEndpoints = {
  attendanceAlertClassrooms: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/attendance-alerts/classrooms',
    access: MANAGER_ACCESS,
    tags,
    resource: 'attendance-alerts',
    summary: 'Each classroom of the account with its parent SMS mode and absence SMS switch',
    params: accountParams,
    response: attendanceAlertClassroomsSchema,
  }),
  attendanceAlertSettings: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId/attendance-alerts',
    access: MANAGER_ACCESS,
    tags,
    resource: 'attendance-alerts',
    summary: "A classroom's parent SMS on entry and exit, absence SMS, late time and message templates",
    params: classroomParams,
    response: attendanceAlertSettingsSchema,
  }),
  saveAttendanceAlertSettings: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/classrooms/:classroomId/attendance-alerts',
    access: MANAGER_ACCESS,
    tags,
    summary: "Change a classroom's parent SMS settings and templates",
    params: classroomParams,
    body: attendanceAlertSettingsInputSchema,
    response: attendanceAlertSettingsSchema,
  }),
  attendanceAlertLog: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/attendance-alerts/log',
    access: MANAGER_ACCESS,
    tags,
    resource: 'attendance-alerts',
    summary: 'Recent attendance SMS of the account, sent or skipped with the reason, newest first',
    params: accountParams,
    query: attendanceAlertLogQuerySchema,
    response: attendanceAlertLogSchema,
  }),
};
