import { endpoint } from '../contracts/endpoint';
import {
  moneyCategoriesSchema,
  moneyCollectionQuerySchema,
  moneyCollectionSchema,
  moneyEntryInputSchema,
  moneyEntrySchema,
  moneyOverviewSchema,
  moneyRangeQuerySchema,
  moneyReportSchema,
  moneySeriesSchema,
  moneyTransactionPageSchema,
  moneyTransactionsQuerySchema,
} from '../contracts/money';
import { accountParams, idParam, MANAGER_ACCESS, okSchema } from './common';

const tags = ['money'];
// Payments change every figure here, so these read the fees resource: a payment's live event
// refreshes the money manager too.
const resource = 'fees';

export const moneyEntryParams = accountParams.extend({ entryId: idParam });

/**
 * The money manager: income from payments plus manual income and expense
 * entries, the summary and daily breakdown of a range, transaction history, charts and the
 * institution overview. The account's owner and admins only (modules/money/money.policy.ts).
 */
export const moneyEndpoints = {
  report: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/money/report',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: 'The financial summary and the daily breakdown of a range of days',
    params: accountParams,
    query: moneyRangeQuerySchema,
    response: moneyReportSchema,
  }),
  series: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/money/series',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: 'Income and expense over time for charts: by day up to 62 days, else by month',
    params: accountParams,
    query: moneyRangeQuerySchema,
    response: moneySeriesSchema,
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/money/transactions',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: 'Payments, refunds and manual entries of a range, newest first, paged',
    params: accountParams,
    query: moneyTransactionsQuerySchema,
    response: moneyTransactionPageSchema,
  }),
  overview: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/money/overview',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: 'The institution overview: classrooms and students',
    params: accountParams,
    response: moneyOverviewSchema,
  }),
  collection: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/money/collection',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: 'Each classroom’s collection rate for a month: collected ÷ billed by the dues rules',
    params: accountParams,
    query: moneyCollectionQuerySchema,
    response: moneyCollectionSchema,
  }),
  categories: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/money/categories',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: 'Categories for manual entries: the built-in ones and those the account has used',
    params: accountParams,
    response: moneyCategoriesSchema,
  }),
  addEntry: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/money/entries',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Record a manual income or expense',
    params: accountParams,
    body: moneyEntryInputSchema,
    response: moneyEntrySchema,
    status: 201,
  }),
  updateEntry: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/money/entries/:entryId',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Change a manual entry (who and when are kept)',
    params: moneyEntryParams,
    body: moneyEntryInputSchema,
    response: moneyEntrySchema,
  }),
  removeEntry: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/money/entries/:entryId',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Delete a manual entry (kept on record with who deleted it and when)',
    params: moneyEntryParams,
    response: okSchema,
  }),
};
