import { Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import type { AttendanceClassroom } from '../../features/attendance/attendance-page';
import { i18n } from '../../lib/i18n';

// The attendance-insights feature's panel, composed into the attendance page as a classroom tab,
// loaded with its texts when the tab is first opened.

const InsightsPanel = lazy(() =>
  Promise.all([
    import('../../features/attendance-insights/insights-panel'),
    i18n.loadNamespaces(['attendance-insights', 'domain', 'errors']),
  ]).then(([module]) => ({ default: module.InsightsPanel })),
);

/** A classroom's attendance insights, for AttendancePage's `insights` tab. */
export function attendanceInsightsTab(classroom: AttendanceClassroom): ReactNode {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
      <InsightsPanel classroom={classroom} />
    </Suspense>
  );
}
