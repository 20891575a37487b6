import { AttendancePage } from '../../features/attendance/attendance-page';
import { attendanceInsightsTab } from './attendance-insights-tab';

/**
 * The attendance page with the attendance-insights feature as a classroom tab, loaded with the
 * page: the tab's loading skeleton then stays off the signed-in frame's first load.
 */
export function AttendanceRoute() {
  return <AttendancePage insights={attendanceInsightsTab} />;
}
