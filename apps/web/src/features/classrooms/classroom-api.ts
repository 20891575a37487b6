import {
  type Classroom,
  type ClassroomDetail,
  type ClassroomInput,
  classroomEndpoints,
} from '@batchwise/domain';
import type { QueryClient } from '@tanstack/react-query';
import { call, endpointQuery, refresh, urlOf } from '../../lib/api-client';

export type { Classroom, ClassroomDetail, ClassroomInput };

const classroom = (accountId: string, classroomId: string) => ({ params: { accountId, classroomId } });

export function classroomDetailQuery(accountId: string, classroomId: string) {
  return endpointQuery(classroomEndpoints.detail, classroom(accountId, classroomId));
}

export const classroomApi = {
  create: (accountId: string, body: ClassroomInput) =>
    call(classroomEndpoints.create, { params: { accountId }, body }),
  update: (accountId: string, classroomId: string, body: ClassroomInput) =>
    call(classroomEndpoints.update, { ...classroom(accountId, classroomId), body }),
  setClosed: (accountId: string, classroomId: string, closed: boolean) =>
    call(closed ? classroomEndpoints.close : classroomEndpoints.reopen, classroom(accountId, classroomId)),
  avatarPath: (accountId: string, classroomId: string) =>
    urlOf(classroomEndpoints.avatar, classroom(accountId, classroomId)),
  setGrant: (
    accountId: string,
    classroomId: string,
    userId: string,
    grant: {
      manageStudents: boolean;
      modifyCustomId: boolean;
      sendSms: boolean;
      collectPayments: boolean;
      blocked: boolean;
    },
  ) =>
    call(classroomEndpoints.setAssistantGrant, {
      params: { accountId, classroomId, userId },
      body: grant,
    }),
};

/**
 * After any classroom change: every classroom list and page (an admin's list spans several
 * accounts, so one account's key is not enough), student lists (counts, filters) and figures.
 */
export async function refreshClassrooms(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    refresh(queryClient, 'classrooms'),
    refresh(queryClient, 'students'),
    refresh(queryClient, 'accounts'),
  ]);
}
