import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import { paymentSchema } from '../contracts/fees';
import {
  bkashCallbackQuerySchema,
  gatewayFormSchema,
  merchantSettingsInputSchema,
  merchantSettingsSchema,
  onlinePayBalancesQuerySchema,
  onlinePayBalancesSchema,
  onlinePaymentListQuerySchema,
  onlinePaymentListSchema,
  onlinePaymentRefundSchema,
  onlinePaymentReviewSchema,
  onlinePaymentSchema,
  payAttemptPublicSchema,
  payLinkSchema,
  payResultParams,
  payStartResultSchema,
  payStartSchema,
  publicPayPortalSchema,
  publicPayQuerySchema,
} from '../contracts/online-pay';
import {
  accountParams,
  idParam,
  MANAGER_ACCESS,
  okSchema,
  PLATFORM_STAFF_ACCESS,
  studentParams,
} from './common';
import { LINK_PATHS } from './link-paths';

const tags = ['online-pay'];
const resource = 'online-payments';

export const onlinePaymentParams = accountParams.extend({ onlinePaymentId: idParam });
export const SSLCOMMERZ_RETURNS = ['success', 'fail', 'cancel'] as const;

/**
 * Online payment. Staff hand a family the student's pay link; the parent
 * portal behind it (/s-pay) lists the dues and starts an attempt at SSLCommerz or bKash; the
 * gateways report back through the IPN, their browser redirects and the bKash callback, none of
 * which is trusted before the gateway's own validation/execute/status answer agrees with our
 * record. The browser lands on /paymentsuccess?tran=… or /paymentfail?tran=…&reason=…
 * (/bkash-payment-error when a bKash callback cannot be read), which read `payAttempt`.
 */
export const onlinePayEndpoints = {
  payLink: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/students/:studentId/pay-link',
    access: MANAGER_ACCESS,
    tool: 'online-pay',
    tags,
    summary: "The student's pay link for the family, made on first use",
    params: studentParams,
    response: payLinkSchema,
  }),
  regeneratePayLink: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/students/:studentId/pay-link/regenerate',
    access: MANAGER_ACCESS,
    tool: 'online-pay',
    tags,
    summary: 'A new pay link for the student; the old one stops working',
    params: studentParams,
    response: payLinkSchema,
  }),
  revokePayLink: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/students/:studentId/pay-link',
    access: MANAGER_ACCESS,
    tool: 'online-pay',
    tags,
    summary: "Stop the student's pay link working",
    params: studentParams,
    response: okSchema,
  }),
  merchantSettings: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/merchant-settings',
    access: MANAGER_ACCESS,
    tool: 'online-pay',
    tags,
    resource,
    summary: 'Online payment on or off and which gateway credentials are set (never the secrets)',
    params: accountParams,
    response: merchantSettingsSchema,
  }),
  updateMerchantSettings: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/merchant-settings',
    access: MANAGER_ACCESS,
    tool: 'online-pay',
    tags,
    summary: 'Switch online payment and set SSLCommerz / bKash merchant credentials (stored encrypted)',
    params: accountParams,
    body: merchantSettingsInputSchema,
    response: merchantSettingsSchema,
  }),
  onlinePayments: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/online-payments',
    access: MANAGER_ACCESS,
    tool: 'online-pay',
    tags,
    resource,
    summary: 'Online payment attempts of the account, newest first',
    params: accountParams,
    query: onlinePaymentListQuerySchema,
    response: onlinePaymentListSchema,
  }),
  reviewOnlinePayment: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/online-payments/:onlinePaymentId/review',
    access: MANAGER_ACCESS,
    tool: 'online-pay',
    tags,
    summary: 'Record or turn down a payment the gateway flagged as risky',
    params: onlinePaymentParams,
    body: onlinePaymentReviewSchema,
    response: onlinePaymentSchema,
  }),
  refundOnlinePayment: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/online-payments/:onlinePaymentId/refund',
    access: MANAGER_ACCESS,
    tool: 'online-pay',
    tags,
    summary: 'Give money back through the gateway, recorded as a refund receipt of the payment',
    params: onlinePaymentParams,
    body: onlinePaymentRefundSchema,
    response: paymentSchema,
    status: 201,
  }),
  publicPay: endpoint({
    method: 'GET',
    path: LINK_PATHS.payPortal,
    access: 'public',
    tags,
    summary: "The parent payment portal: the pay link's student and what they owe",
    query: publicPayQuerySchema,
    response: publicPayPortalSchema,
  }),
  startPay: endpoint({
    method: 'POST',
    path: LINK_PATHS.startPay,
    access: 'public',
    tags,
    summary: 'Start paying the chosen months and items through a gateway; answers where to send the browser',
    body: payStartSchema,
    response: payStartResultSchema,
  }),
  payAttempt: endpoint({
    method: 'GET',
    path: '/api/public/pay/attempts/:tranId',
    access: 'public',
    tags,
    summary: 'One attempt by its transaction id, for the success and failure pages',
    params: payResultParams,
    response: payAttemptPublicSchema,
  }),
  sslcommerzIpn: endpoint({
    method: 'POST',
    path: '/api/public/pay/sslcommerz/ipn',
    access: 'public',
    tags,
    summary: "SSLCommerz's server-to-server payment notification (form-encoded)",
    body: gatewayFormSchema,
    response: z.object({ ok: z.boolean() }),
  }),
  sslcommerzReturn: endpoint({
    method: 'POST',
    path: '/api/public/pay/sslcommerz/:outcome',
    access: 'public',
    tags,
    summary: "The payer's browser back from SSLCommerz (form POST): validated, then sent to the result page",
    params: z.object({ outcome: z.enum(SSLCOMMERZ_RETURNS) }),
    body: gatewayFormSchema,
  }),
  bkashCallback: endpoint({
    method: 'GET',
    path: '/api/public/pay/bkash/callback',
    access: 'public',
    tags,
    summary: "The payer's browser back from bKash: executed or queried, then sent to the result page",
    query: bkashCallbackQuerySchema,
  }),
  onlinePayBalances: endpoint({
    method: 'GET',
    path: '/api/staff/online-pay-balances',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary:
      'Per account and gateway: what was collected online, refunded, kept as fees, and is owed to the merchant',
    query: onlinePayBalancesQuerySchema,
    response: onlinePayBalancesSchema,
  }),
};
