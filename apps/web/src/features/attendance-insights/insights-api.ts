import { attendanceInsightEndpoints as endpoints } from '@batchwise/domain';
import { endpointQuery } from '../../lib/api-client';

/** A classroom's attendance insights; refetched with the register when marks change. */
export function insightsQuery({ accountId, classroomId }: { accountId: string; classroomId: string }) {
  return endpointQuery(endpoints.insights, { params: { accountId, classroomId } });
}
