import type { ArchivedStudent } from '@batchwise/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { accountPath } from '../../lib/classrooms-query';

export type { ArchivedStudent };

export interface ArchiveQuery {
  q?: string;
  type?: 'Archive' | 'Delete';
  page: number;
  pageSize: number;
}

export interface ArchivePage {
  items: ArchivedStudent[];
  total: number;
  page: number;
  pageSize: number;
}

export interface UnarchiveResult {
  code: 'STUDENT_UNARCHIVED';
  message: string;
  restored: string[];
  skipped: { classroomId: string; reason: 'missing' | 'empty' }[];
}

export function archiveQuery(accountId: string, query: ArchiveQuery) {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q) params.set('q', query.q);
  if (query.type) params.set('type', query.type);
  return queryOptions({
    queryKey: ['archive', accountId, query] as const,
    queryFn: ({ signal }) =>
      api.get<ArchivePage>(accountPath(accountId, `/archive?${params.toString()}`), signal),
    placeholderData: (previous) => previous,
  });
}

export const unarchive = (accountId: string, studentId: string, classroomIds: string[]) =>
  api.post<UnarchiveResult>(accountPath(accountId, `/archive/${encodeURIComponent(studentId)}/unarchive`), {
    classroomIds,
  });
