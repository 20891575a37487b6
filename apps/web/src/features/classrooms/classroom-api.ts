import type { Classroom, ClassroomDetail, ClassroomInput } from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { accountPath } from '../../lib/classrooms-query';

export type { Classroom, ClassroomDetail, ClassroomInput };

const classroomPath = (accountId: string, classroomId: string, rest = '') =>
  accountPath(accountId, `/classrooms/${encodeURIComponent(classroomId)}${rest}`);

export function classroomDetailQuery(accountId: string, classroomId: string) {
  return queryOptions({
    queryKey: ['classrooms', accountId, 'detail', classroomId] as const,
    queryFn: ({ signal }) => api.get<ClassroomDetail>(classroomPath(accountId, classroomId), signal),
  });
}

export const classroomApi = {
  create: (accountId: string, input: ClassroomInput) =>
    api.post<Classroom>(accountPath(accountId, '/classrooms'), input),
  update: (accountId: string, classroomId: string, input: ClassroomInput) =>
    api.put<Classroom>(classroomPath(accountId, classroomId), input),
  setClosed: (accountId: string, classroomId: string, closed: boolean) =>
    api.post<Classroom>(classroomPath(accountId, classroomId, closed ? '/close' : '/reopen')),
  avatarPath: (accountId: string, classroomId: string) => classroomPath(accountId, classroomId, '/avatar'),
  setGrant: (
    accountId: string,
    classroomId: string,
    userId: string,
    grant: { manageStudents: boolean; modifyCustomId: boolean; blocked: boolean },
  ) =>
    api.put<{ ok: true }>(
      classroomPath(accountId, classroomId, `/assistants/${encodeURIComponent(userId)}`),
      grant,
    ),
};

/**
 * After any classroom change: every classroom list and page (an admin's list spans several
 * accounts, so one account's key is not enough), student lists (counts, filters) and figures.
 */
export async function refreshClassrooms(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['classrooms'] }),
    queryClient.invalidateQueries({ queryKey: ['students'] }),
    queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  ]);
}
