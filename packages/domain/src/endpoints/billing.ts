import { z } from 'zod';
import {
  billingSettingsSchema,
  billingViewSchema,
  planAdjustmentSchema,
  planLedgerSchema,
  purchaseReceiptSchema,
  purchaseStartedSchema,
  purchaseStartSchema,
} from '../contracts/billing';
import { endpoint } from '../contracts/endpoint';
import { bkashCallbackQuerySchema, gatewayFormSchema } from '../contracts/online-pay';
import { accountParams, idParam, MANAGER_ACCESS, PLATFORM_STAFF_ACCESS } from './common';
import { SSLCOMMERZ_RETURNS } from './online-pay';

const tags = ['billing'];

/**
 * Paying the platform (plans/billing.ts): the account's owner buys a plan or SMS pack at the
 * platform's own merchant; the gateways report back on routes of their own; staff grant, extend
 * and discount plans and edit the billing settings.
 */
export const billingEndpoints = {
  billing: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/billing',
    access: MANAGER_ACCESS,
    tags,
    resource: 'billing',
    summary: "The account's plan, end date, prices of plans and SMS packs, and past purchases (owner only)",
    params: accountParams,
    response: billingViewSchema,
  }),
  startPurchase: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/billing/purchases',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Start paying the platform for a plan or an SMS pack; the amount is computed here (owner only)',
    params: accountParams,
    body: purchaseStartSchema,
    response: purchaseStartedSchema,
  }),
  receipt: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/billing/purchases/:tranId',
    access: MANAGER_ACCESS,
    tags,
    resource: 'billing',
    summary: 'One purchase from the platform, as its receipt (owner only)',
    params: accountParams.extend({ tranId: idParam }),
    response: purchaseReceiptSchema,
  }),
  sslcommerzIpn: endpoint({
    method: 'POST',
    path: '/api/public/platform-pay/sslcommerz/ipn',
    access: 'public',
    tags,
    summary: "SSLCommerz's payment notification for a purchase from the platform (form-encoded)",
    body: gatewayFormSchema,
    response: z.object({ ok: z.boolean() }),
  }),
  sslcommerzReturn: endpoint({
    method: 'POST',
    path: '/api/public/platform-pay/sslcommerz/:outcome',
    access: 'public',
    tags,
    summary: "The owner's browser back from SSLCommerz: validated, then sent to the receipt or billing page",
    params: z.object({ outcome: z.enum(SSLCOMMERZ_RETURNS) }),
    body: gatewayFormSchema,
  }),
  bkashCallback: endpoint({
    method: 'GET',
    path: '/api/public/platform-pay/bkash/callback',
    access: 'public',
    tags,
    summary:
      "The owner's browser back from bKash: executed or queried, then sent to the receipt or billing page",
    query: bkashCallbackQuerySchema,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/staff/billing/settings',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Billing settings: grace period, reminder days, minimum billed students, SMS packs and price',
    response: billingSettingsSchema,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/api/staff/billing/settings',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Platform staff change the billing settings',
    body: billingSettingsSchema,
    response: billingSettingsSchema,
  }),
  planLedger: endpoint({
    method: 'GET',
    path: '/api/staff/billing/accounts/:accountId',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: "An account's plan, end date, discount and plan ledger",
    params: accountParams,
    response: planLedgerSchema,
  }),
  adjust: endpoint({
    method: 'POST',
    path: '/api/staff/billing/accounts/:accountId/adjustments',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: "Platform staff grant, extend or discount an account's plan, with a reason",
    params: accountParams,
    body: planAdjustmentSchema,
    response: planLedgerSchema,
  }),
};
