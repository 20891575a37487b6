import { type AttendanceAlertSettingsInput, attendanceAlertEndpoints as endpoints } from '@batchwise/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, endpointQuery } from '../../lib/api-client';

// Parent SMS on attendance (server modules/attendance-alerts).

export function alertClassroomsQuery(accountId: string) {
  return queryOptions({
    ...endpointQuery(endpoints.attendanceAlertClassrooms, { params: { accountId } }),
    select: (answer) => answer.classrooms,
  });
}

export function alertSettingsQuery(accountId: string, classroomId: string) {
  return queryOptions(
    endpointQuery(endpoints.attendanceAlertSettings, { params: { accountId, classroomId } }),
  );
}

export function alertLogQuery(accountId: string, classroomId: string | undefined, page: number) {
  return queryOptions({
    ...endpointQuery(endpoints.attendanceAlertLog, {
      params: { accountId },
      query: { ...(classroomId ? { classroomId } : {}), page },
    }),
    placeholderData: keepPreviousData,
  });
}

export const attendanceAlertsApi = {
  save: (accountId: string, classroomId: string, body: AttendanceAlertSettingsInput) =>
    call(endpoints.saveAttendanceAlertSettings, { params: { accountId, classroomId }, body }),
};
