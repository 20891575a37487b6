import type { Classroom } from '@batchwise/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

export type { Classroom };

export function accountPath(accountId: string, rest = ''): string {
  return `/api/accounts/${encodeURIComponent(accountId)}${rest}`;
}

/**
 * `GET /api/accounts/:id/classrooms`, shared by the classroom pages and the students list's
 * filter. The server's live events name `['classrooms', accountId]`, a prefix of this key.
 */
export function classroomsQuery(accountId: string, includeClosed = false) {
  return queryOptions({
    queryKey: ['classrooms', accountId, 'list', { includeClosed }] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ classrooms: Classroom[] }>(
          accountPath(accountId, `/classrooms?includeClosed=${includeClosed}`),
          signal,
        )
        .then((answer) => answer.classrooms),
  });
}
