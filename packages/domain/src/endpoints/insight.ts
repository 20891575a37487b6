import {
  activitySummaryQuerySchema,
  activitySummarySchema,
  staffActivitySummaryQuerySchema,
} from '../contracts/activity-summary';
import { endpoint } from '../contracts/endpoint';
import { accountInsightSchema, insightQuerySchema, platformInsightSchema } from '../contracts/insight';
import { accountParams, MANAGER_ACCESS, PLATFORM_STAFF_ACCESS } from './common';

const tags = ['insight'];

/**
 * The activity summary and business insight: for platform staff across accounts, for an
 * account's owner (and an admin over their teachers) within theirs; assistants are refused
 * (modules/insight/insight.policy.ts).
 */
export const insightEndpoints = {
  staffActivitySummary: endpoint({
    method: 'GET',
    path: '/api/staff/activity-summary',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Activity counts by event and day across accounts, with the suspicious-traffic flags',
    query: staffActivitySummaryQuerySchema,
    response: activitySummarySchema,
  }),
  activitySummary: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/activity-summary',
    access: MANAGER_ACCESS,
    tags,
    summary: "Activity counts by event and day within the owner's account (an admin's team)",
    params: accountParams,
    query: activitySummaryQuerySchema,
    response: activitySummarySchema,
  }),
  platform: endpoint({
    method: 'GET',
    path: '/api/staff/insight',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'The platform’s monthly figures: accounts, students, SMS, online payments, churn',
    query: insightQuerySchema,
    response: platformInsightSchema,
  }),
  account: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/insight',
    access: MANAGER_ACCESS,
    tags,
    resource: 'fees',
    summary: "An institution's monthly figures: students in and out, collection rate, attendance, SMS spend",
    params: accountParams,
    query: insightQuerySchema,
    response: accountInsightSchema,
  }),
};
