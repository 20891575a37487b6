import { otherUserEndpoints as endpoints, type OtherUserInput } from '@batchwise/domain';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointQuery } from '../../lib/api-client';

export function otherUsersQuery(accountId: string) {
  return queryOptions({ ...endpointQuery(endpoints.list, { params: { accountId } }), retry: false });
}

export function otherUsersLogQuery(accountId: string, day: string | undefined) {
  return queryOptions({
    ...endpointQuery(endpoints.log, { params: { accountId }, query: { day } }),
    retry: false,
  });
}

export const otherUsersApi = {
  create: (accountId: string, body: OtherUserInput) =>
    call(endpoints.create, { params: { accountId }, body }),
  update: (accountId: string, otherUserId: string, body: OtherUserInput) =>
    call(endpoints.update, { params: { accountId, otherUserId }, body }),
  remove: (accountId: string, otherUserId: string) =>
    call(endpoints.remove, { params: { accountId, otherUserId } }),
};
