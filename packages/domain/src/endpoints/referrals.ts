import { endpoint } from '../contracts/endpoint';
import { referralSummarySchema } from '../contracts/referrals';
import {
  accountSenderSchema,
  senderNameDecisionSchema,
  senderNameRequestSchema,
  senderNameSchema,
  smsShareSchema,
  smsSharingSchema,
  staffSenderNamesSchema,
} from '../contracts/sms-sender';
import { accountParams, idParam, MANAGER_ACCESS, okSchema, PLATFORM_STAFF_ACCESS } from './common';

// An account's referrals, its SMS masking name and its shared SMS quota: the owners' (teacher
// and admins) side of each, and the platform staff's approval of masking names.

export const referralEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/referrals',
    access: MANAGER_ACCESS,
    tags: ['referrals'],
    resource: 'referrals',
    summary: "The account's referral code and link, who signed up with it and the rewards earned",
    params: accountParams,
    response: referralSummarySchema,
  }),
};

const senderTags = ['sms'];

export const smsSenderEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/sms/sender',
    access: MANAGER_ACCESS,
    tags: senderTags,
    resource: 'sms-sender',
    summary: "The account's masking name request and whether the gateway sends under it",
    params: accountParams,
    response: accountSenderSchema,
  }),
  request: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/sms/sender',
    access: MANAGER_ACCESS,
    tags: senderTags,
    summary: 'Ask for a masking name (replaces an earlier request; staff approve it)',
    params: accountParams,
    body: senderNameRequestSchema,
    response: senderNameSchema,
  }),
  staffList: endpoint({
    method: 'GET',
    path: '/api/staff/sms-senders',
    access: PLATFORM_STAFF_ACCESS,
    tags: senderTags,
    resource: 'sms-sender',
    summary: 'Masking name requests, waiting ones first',
    response: staffSenderNamesSchema,
  }),
  decide: endpoint({
    method: 'PUT',
    path: '/api/staff/sms-senders/:accountId',
    access: PLATFORM_STAFF_ACCESS,
    tags: senderTags,
    summary: 'Approve a masking name request, or reject it with a reason',
    params: accountParams,
    body: senderNameDecisionSchema,
    response: okSchema,
  }),
  sharing: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/sms/sharing',
    access: MANAGER_ACCESS,
    tags: senderTags,
    resource: 'sms-sharing',
    summary: "The teachers and assistants who may share this account's SMS quota",
    params: accountParams,
    response: smsSharingSchema,
  }),
  share: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/sms/sharing/:memberAccountId',
    access: MANAGER_ACCESS,
    tags: senderTags,
    summary: "Share this account's SMS quota with a teacher or assistant, or stop sharing it",
    params: accountParams.extend({ memberAccountId: idParam }),
    body: smsShareSchema,
    response: okSchema,
  }),
};
