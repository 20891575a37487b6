import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import {
  smsComposeSchema,
  smsDeliveryReportsSchema,
  smsHistoryQuerySchema,
  smsHistorySchema,
  smsPreviewSchema,
  smsQueuedSchema,
  smsQuotaSchema,
  smsSendDetailSchema,
  smsToppedUpSchema,
  smsTopUpSchema,
  welcomeSmsSettingsSchema,
} from '../contracts/sms';
import {
  accountParams,
  idParam,
  MANAGER_ACCESS,
  okSchema,
  PLATFORM_STAFF_ACCESS,
  STAFF_ACCESS,
} from './common';

const tags = ['sms'];
const sendParams = accountParams.extend({ sendId: idParam });

/**
 * SMS sending (issue 12; spec part 1 §7 send, get-sent-sms-info, schedule-send-sms). Teachers,
 * admins and assistants who manage students compose; the server builds, prices and pays for every
 * message (modules/sms).
 */
export const smsEndpoints = {
  smsPreview: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/sms/preview',
    access: STAFF_ACCESS,
    tags,
    summary: 'Recipients, parts, cost and quota of a message, before it is sent',
    params: accountParams,
    body: smsComposeSchema,
    response: smsPreviewSchema,
  }),
  smsSend: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/sms/sends',
    access: STAFF_ACCESS,
    tags,
    summary: 'Send (or schedule) a message; the quota is debited at once',
    params: accountParams,
    body: smsComposeSchema,
    response: smsQueuedSchema,
  }),
  smsHistory: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/sms/sends',
    access: STAFF_ACCESS,
    tags,
    summary: 'Sent and scheduled messages, newest first (get-sent-sms-info)',
    params: accountParams,
    query: smsHistoryQuerySchema,
    response: smsHistorySchema,
    resource: 'sms-sends',
  }),
  smsSendDetail: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/sms/sends/:sendId',
    access: STAFF_ACCESS,
    tags,
    summary: 'One send with every recipient and status',
    params: sendParams,
    response: smsSendDetailSchema,
    resource: 'sms-sends',
  }),
  smsCancel: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/sms/sends/:sendId',
    access: STAFF_ACCESS,
    tags,
    summary: 'Cancel a scheduled send before it runs; its quota comes back',
    params: sendParams,
    response: okSchema,
  }),
  smsResendFailed: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/sms/sends/:sendId/resend',
    access: STAFF_ACCESS,
    tags,
    summary: 'Send the failed messages of a send again, as a new send (paid again)',
    params: sendParams,
    response: smsQueuedSchema,
  }),
  smsQuota: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/sms/quota',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Balance, rate, shared quota, ledger and usage by day and month',
    params: accountParams,
    response: smsQuotaSchema,
    resource: 'sms-quota',
  }),
  welcomeSms: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/sms/welcome',
    access: MANAGER_ACCESS,
    tags,
    summary: 'The welcome SMS sent when a student joins',
    params: accountParams,
    response: welcomeSmsSettingsSchema,
    resource: 'sms-welcome',
  }),
  saveWelcomeSms: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/sms/welcome',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Change who gets the welcome SMS and what it says',
    params: accountParams,
    body: welcomeSmsSettingsSchema,
    response: welcomeSmsSettingsSchema,
  }),
  smsDeliveryReports: endpoint({
    method: 'POST',
    path: '/api/sms/delivery-reports',
    // The gateway calls it: the secret in the query (SMS_REPORTS_TOKEN) is its credential.
    access: 'public',
    tags,
    summary: 'Delivery reports pushed by the SMS gateway (token in the query), up to 100 a request',
    query: z.object({ token: z.string().max(200).default('') }),
    body: smsDeliveryReportsSchema,
    response: z.object({ applied: z.number().int().describe('Messages whose status changed') }),
  }),
  smsTopUp: endpoint({
    method: 'POST',
    path: '/api/staff/sms/top-ups',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: "Platform staff add SMS to an account's quota (a ledger credit with the reason)",
    body: smsTopUpSchema,
    response: smsToppedUpSchema,
  }),
};
