import { type ArchivedStudent, archiveEndpoints, type EndpointInput } from '@batchwise/domain';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointQuery } from '../../lib/api-client';

export type { ArchivedStudent };

type ArchiveQuery = NonNullable<EndpointInput<typeof archiveEndpoints.list>['query']>;

export function archiveQuery(accountId: string, query: ArchiveQuery) {
  return queryOptions({
    ...endpointQuery(archiveEndpoints.list, { params: { accountId }, query }),
    placeholderData: (previous) => previous,
  });
}

export const unarchive = (accountId: string, studentId: string, classroomIds: string[]) =>
  call(archiveEndpoints.unarchive, { params: { accountId, studentId }, body: { classroomIds } });

export const deleteStudent = (accountId: string, studentId: string) =>
  call(archiveEndpoints.deleteStudent, { params: { accountId, studentId } });
