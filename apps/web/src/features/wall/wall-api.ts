import {
  type WallAttachment,
  type WallPost,
  type WallPostInput,
  type WallSms,
  wallEndpoints,
} from '@batchwise/domain';
import type { QueryClient } from '@tanstack/react-query';
import { call, endpointQuery, refresh, urlOf } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

export type { WallAttachment, WallPost, WallSms };

export function wallQuery(accountId: string, classroomId: string, page: number) {
  return endpointQuery(wallEndpoints.list, { params: { accountId, classroomId }, query: { page } });
}

const post = (accountId: string, postId: string) => ({ params: { accountId, postId } });

export const wallApi = {
  create: (accountId: string, body: WallPostInput) =>
    call(wallEndpoints.create, { params: { accountId }, body }),
  update: (accountId: string, postId: string, body: { pinned?: boolean; commentsOn?: boolean }) =>
    call(wallEndpoints.update, { ...post(accountId, postId), body }),
  remove: (accountId: string, postId: string) => call(wallEndpoints.remove, post(accountId, postId)),
  removeComment: (accountId: string, postId: string, commentId: string) =>
    call(wallEndpoints.removeComment, { params: { accountId, postId, commentId } }),
  upload: (accountId: string, file: File) =>
    uploadFile<WallAttachment>(urlOf(wallEndpoints.uploadAttachment, { params: { accountId } }), file),
  smsPreview: (accountId: string, postId: string, body: WallSms) =>
    call(wallEndpoints.smsPreview, { ...post(accountId, postId), body }),
  sendSms: (accountId: string, postId: string, body: WallSms) =>
    call(wallEndpoints.sendSms, { ...post(accountId, postId), body }),
};

/** After any change: the account's walls, and the SMS quota a send moved. */
export async function refreshWall(queryClient: QueryClient, accountId: string, sms = false): Promise<void> {
  await Promise.all([
    refresh(queryClient, 'wall', { accountId }),
    ...(sms
      ? [refresh(queryClient, 'sms-quota', { accountId }), refresh(queryClient, 'sms-sends', { accountId })]
      : []),
  ]);
}
