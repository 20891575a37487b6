import {
  type SmsCompose,
  type SmsHistoryQuery,
  type SmsPreview,
  type SmsQueued,
  type SmsQuota,
  type SmsSendDetail,
  type SmsSendSummary,
  smsEndpoints,
  type WelcomeSmsSettings,
} from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, endpointQuery, refresh } from '../../lib/api-client';

export type {
  SmsCompose,
  SmsPreview,
  SmsQueued,
  SmsQuota,
  SmsSendDetail,
  SmsSendSummary,
  WelcomeSmsSettings,
};

export type HistoryQuery = Partial<SmsHistoryQuery>;

/** How often a list or a drawer with a send still going out asks again (live events may lag). */
export const IN_PROGRESS_REFETCH_MS = 3_000;

/**
 * A send whose messages are still on their way: the worker is sending it now, or it should have
 * started (its time has come). Scheduled sends far in the future are not polled for.
 */
export function inProgress(send: SmsSendSummary, now = Date.now()): boolean {
  // A scheduled send's messages wait as "queued" until its time, so its counts alone say nothing.
  if (send.status === 'scheduled') return send.runAt <= now;
  return send.status === 'queued' || (send.counts.queued ?? 0) + (send.counts.sending ?? 0) > 0;
}

export function historyQuery(accountId: string, query: HistoryQuery) {
  return queryOptions({
    ...endpointQuery(smsEndpoints.smsHistory, { params: { accountId }, query }),
    placeholderData: (previous) => previous,
    refetchInterval: (q) =>
      q.state.data?.items.some((send) => inProgress(send)) ? IN_PROGRESS_REFETCH_MS : false,
  });
}

export function sendDetailQuery(accountId: string, sendId: string) {
  return queryOptions({
    ...endpointQuery(smsEndpoints.smsSendDetail, { params: { accountId, sendId } }),
    refetchInterval: (q) => (q.state.data && inProgress(q.state.data) ? IN_PROGRESS_REFETCH_MS : false),
  });
}

export function quotaQuery(accountId: string) {
  return endpointQuery(smsEndpoints.smsQuota, { params: { accountId } });
}

export function welcomeSmsQuery(accountId: string) {
  return endpointQuery(smsEndpoints.welcomeSms, { params: { accountId } });
}

export const smsApi = {
  preview: (accountId: string, body: SmsCompose) =>
    call(smsEndpoints.smsPreview, { params: { accountId }, body }),
  send: (accountId: string, body: SmsCompose) => call(smsEndpoints.smsSend, { params: { accountId }, body }),
  cancel: (accountId: string, sendId: string) =>
    call(smsEndpoints.smsCancel, { params: { accountId, sendId } }),
  /** The failed and undelivered messages of a send, as a new send that is paid again. */
  resendFailed: (accountId: string, sendId: string) =>
    call(smsEndpoints.smsResendFailed, { params: { accountId, sendId } }),
  saveWelcome: (accountId: string, body: WelcomeSmsSettings) =>
    call(smsEndpoints.saveWelcomeSms, { params: { accountId }, body }),
};

/** After a send or a cancel: the history and the quota both changed. */
export async function refreshSms(queryClient: QueryClient, accountId: string): Promise<void> {
  await Promise.all([
    refresh(queryClient, 'sms-sends', { accountId }),
    refresh(queryClient, 'sms-quota', { accountId }),
  ]);
}
