import { type MerchantSettingsInput, type OnlinePaymentStatus, onlinePayEndpoints } from '@batchwise/domain';
import { call, endpointQuery } from '../../lib/api-client';

const student = (accountId: string, studentId: string) => ({ params: { accountId, studentId } });

export function merchantSettingsQuery(accountId: string) {
  return endpointQuery(onlinePayEndpoints.merchantSettings, { params: { accountId } });
}

export function onlinePaymentsQuery(accountId: string, status?: OnlinePaymentStatus) {
  return endpointQuery(onlinePayEndpoints.onlinePayments, {
    params: { accountId },
    query: status ? { status, limit: 100 } : { limit: 100 },
  });
}

/** Pay links (made on first use), the account's gateways and the review of held payments. */
export const onlinePayApi = {
  payLink: (accountId: string, studentId: string) =>
    call(onlinePayEndpoints.payLink, student(accountId, studentId)),
  regeneratePayLink: (accountId: string, studentId: string) =>
    call(onlinePayEndpoints.regeneratePayLink, student(accountId, studentId)),
  revokePayLink: (accountId: string, studentId: string) =>
    call(onlinePayEndpoints.revokePayLink, student(accountId, studentId)),
  updateSettings: (accountId: string, body: MerchantSettingsInput) =>
    call(onlinePayEndpoints.updateMerchantSettings, { params: { accountId }, body }),
  review: (accountId: string, onlinePaymentId: string, decision: 'record' | 'reject', note: string) =>
    call(onlinePayEndpoints.reviewOnlinePayment, {
      params: { accountId, onlinePaymentId },
      body: { decision, note },
    }),
};
