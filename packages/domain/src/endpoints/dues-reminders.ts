import {
  duesReminderPreviewSchema,
  duesReminderSendSchema,
  duesReminderSettingsInputSchema,
  duesReminderSettingsSchema,
} from '../contracts/dues-reminders';
import { endpoint } from '../contracts/endpoint';
import { smsQueuedSchema } from '../contracts/sms';
import { accountParams, MANAGER_ACCESS, STAFF_ACCESS } from './common';

const tags = ['fees'];

/**
 * Dues reminders by SMS. Sending is for the account's owner and admins, and an
 * assistant who both collects and sends SMS (narrowed by the service:
 * modules/dues-reminders/dues-reminders.policy.ts); the automatic monthly reminder is the owner's
 * and admins' only.
 */
export const duesReminderEndpoints = {
  duesReminderPreview: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/dues-reminders/preview',
    access: STAFF_ACCESS,
    tags,
    summary: 'Students, messages, cost and quota of a dues SMS, with sample texts, before it is sent',
    params: accountParams,
    body: duesReminderSendSchema,
    response: duesReminderPreviewSchema,
  }),
  duesReminderSend: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/dues-reminders/sends',
    access: STAFF_ACCESS,
    tags,
    summary: 'Send a dues SMS to the families of students who owe; the quota is debited at once',
    params: accountParams,
    body: duesReminderSendSchema,
    response: smsQueuedSchema,
  }),
  duesReminderSettings: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/dues-reminders/settings',
    access: MANAGER_ACCESS,
    tags,
    resource: 'dues-reminders',
    summary: 'The automatic monthly dues reminder: on or off, day, message, and its latest run',
    params: accountParams,
    response: duesReminderSettingsSchema,
  }),
  saveDuesReminderSettings: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/dues-reminders/settings',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Turn the automatic monthly dues reminder on or off, and set its day and message',
    params: accountParams,
    body: duesReminderSettingsInputSchema,
    response: duesReminderSettingsSchema,
  }),
};
