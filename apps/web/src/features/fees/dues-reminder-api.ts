import {
  type DuesReminderSendInput,
  type DuesReminderSettingsInput,
  duesReminderEndpoints,
  type SessionAccount,
  smsTemplateEndpoints,
} from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { collectableClassrooms } from '../../lib/app-pages';

const account = (accountId: string) => ({ params: { accountId } });

/** Dues SMS and the automatic monthly reminder (modules/dues-reminders). */
export const duesReminderApi = {
  preview: (accountId: string, body: DuesReminderSendInput) =>
    call(duesReminderEndpoints.duesReminderPreview, { ...account(accountId), body }),
  send: (accountId: string, body: DuesReminderSendInput) =>
    call(duesReminderEndpoints.duesReminderSend, { ...account(accountId), body }),
  saveSettings: (accountId: string, body: DuesReminderSettingsInput) =>
    call(duesReminderEndpoints.saveDuesReminderSettings, { ...account(accountId), body }),
};

export function duesReminderSettingsQuery(accountId: string) {
  return queryOptions(endpointQuery(duesReminderEndpoints.duesReminderSettings, account(accountId)));
}

/** The account's saved SMS templates, to start a dues message from. */
export function savedTemplatesQuery(accountId: string) {
  return queryOptions(endpointQuery(smsTemplateEndpoints.templates, account(accountId)));
}

/** After a send: the SMS quota in the header and the SMS history. */
export async function refreshAfterSend(queryClient: QueryClient, accountId: string): Promise<void> {
  await Promise.all([
    refresh(queryClient, 'session'),
    refresh(queryClient, 'sms-quota', { accountId }),
    refresh(queryClient, 'sms-sends', { accountId }),
  ]);
}

/**
 * Classrooms whose defaulters the caller may text; null: the whole account. The server's rule
 * (dues-reminders.policy.ts): the collect grant and the send grant, both.
 */
export function remindableClassrooms(account: SessionAccount): string[] | null {
  const collect = collectableClassrooms(account);
  const send =
    account.relation !== 'assistant'
      ? null
      : account.sendSms
        ? account.classrooms === 'all'
          ? null
          : account.classrooms
        : account.sendSmsClassrooms;
  if (collect === null) return send;
  if (send === null) return collect;
  return collect.filter((id) => send.includes(id));
}

/** Saved templates are for those who may text any number of the account (sms.policy.ts). */
export const usesSavedTemplates = (account: SessionAccount) =>
  account.relation !== 'assistant' || (account.classrooms === 'all' && account.sendSms);
