import {
  type SmsCompose,
  type SmsEditScheduled,
  type SmsHistoryQuery,
  type SmsPreview,
  type SmsQueued,
  type SmsQuota,
  type SmsSendDetail,
  type SmsSendSummary,
  type SmsTemplate,
  type SmsTemplateInput,
  type SmsTemplatePreview,
  type SmsTemplateSend,
  smsEndpoints,
  smsTemplateEndpoints,
  type TemplateSheet,
  type WelcomeSmsSettings,
} from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, endpointQuery, refresh, urlOf } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

export type {
  SmsCompose,
  SmsPreview,
  SmsQueued,
  SmsQuota,
  SmsSendDetail,
  SmsSendSummary,
  SmsTemplate,
  SmsTemplatePreview,
  SmsTemplateSend,
  TemplateSheet,
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

/** The account's saved message templates, by name. */
export function smsTemplatesQuery(accountId: string) {
  return endpointQuery(smsTemplateEndpoints.templates, { params: { accountId } });
}

export const smsApi = {
  preview: (accountId: string, body: SmsCompose) =>
    call(smsEndpoints.smsPreview, { params: { accountId }, body }),
  send: (accountId: string, body: SmsCompose) => call(smsEndpoints.smsSend, { params: { accountId }, body }),
  cancel: (accountId: string, sendId: string) =>
    call(smsEndpoints.smsCancel, { params: { accountId, sendId } }),
  /** Replaces a scheduled send by one with this text and time (the server reprices it). */
  editScheduled: (accountId: string, sendId: string, body: SmsEditScheduled) =>
    call(smsEndpoints.smsEditScheduled, { params: { accountId, sendId }, body }),
  /** The failed and undelivered messages of a send, as a new send that is paid again. */
  resendFailed: (accountId: string, sendId: string) =>
    call(smsEndpoints.smsResendFailed, { params: { accountId, sendId } }),
  saveWelcome: (accountId: string, body: WelcomeSmsSettings) =>
    call(smsEndpoints.saveWelcomeSms, { params: { accountId }, body }),
  /** Reads an .xlsx or .csv into rows; the server keeps nothing, the rows come back with the send. */
  readTemplateSheet: (accountId: string, file: File, onProgress: (percent: number) => void) =>
    uploadFile<TemplateSheet>(
      urlOf(smsTemplateEndpoints.readTemplateSheet, { params: { accountId } }),
      file,
      {
        onProgress,
      },
    ),
  templatePreview: (accountId: string, body: SmsTemplateSend) =>
    call(smsTemplateEndpoints.templatePreview, { params: { accountId }, body }),
  templateSend: (accountId: string, body: SmsTemplateSend) =>
    call(smsTemplateEndpoints.templateSend, { params: { accountId }, body }),
  createTemplate: (accountId: string, body: SmsTemplateInput) =>
    call(smsTemplateEndpoints.createTemplate, { params: { accountId }, body }),
  updateTemplate: (accountId: string, templateId: string, body: SmsTemplateInput) =>
    call(smsTemplateEndpoints.updateTemplate, { params: { accountId, templateId }, body }),
  deleteTemplate: (accountId: string, templateId: string) =>
    call(smsTemplateEndpoints.deleteTemplate, { params: { accountId, templateId } }),
};

/** After a saved template is added, changed or deleted. */
export function refreshTemplates(queryClient: QueryClient, accountId: string): Promise<void> {
  return refresh(queryClient, 'sms-templates', { accountId });
}

/** After a send or a cancel: the history and the quota both changed. */
export async function refreshSms(queryClient: QueryClient, accountId: string): Promise<void> {
  await Promise.all([
    refresh(queryClient, 'sms-sends', { accountId }),
    refresh(queryClient, 'sms-quota', { accountId }),
  ]);
}
