import { type Classroom, classroomEndpoints } from '@batchwise/domain';
import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from './api-client';

export type { Classroom };

/** The classrooms list, shared by the classroom pages and the students list's filter. */
export function classroomsQuery(accountId: string, includeClosed = false) {
  return queryOptions({
    ...endpointQuery(classroomEndpoints.list, {
      params: { accountId },
      query: { includeClosed: includeClosed ? 'true' : 'false' },
    }),
    select: (answer) => answer.classrooms,
  });
}
