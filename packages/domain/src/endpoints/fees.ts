import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import {
  counterPaymentSchema,
  duesListQuerySchema,
  duesListSchema,
  feeAdjustmentInputSchema,
  feeAdjustmentListSchema,
  feeAdjustmentSchema,
  feeChargeInputSchema,
  feeChargeListSchema,
  feeChargeSchema,
  paymentListSchema,
  paymentRefundSchema,
  paymentSchema,
  paymentVoidSchema,
  publicReceiptSchema,
  receiptSmsQuerySchema,
  receiptSmsSchema,
  studentDuesQuerySchema,
  studentDuesSchema,
} from '../contracts/fees';
import { accountParams, idParam, MANAGER_ACCESS, okSchema, STAFF_ACCESS, studentParams } from './common';
import { LINK_PATHS } from './link-paths';

const tags = ['fees'];
const resource = 'fees';

export const paymentParams = accountParams.extend({ paymentId: idParam });
export const feeAdjustmentParams = studentParams.extend({ adjustmentId: idParam });
export const feeChargeParams = accountParams.extend({ chargeId: idParam });
export const receiptKeyParams = z.object({ key: z.string().min(1).max(100) });

/**
 * Fees and counter collection: a student's dues computed from their
 * enrolments, adjustments, charges and payments; payments taken at the counter with receipt
 * numbers per account; voids and refunds that keep the original. Dues, payments and collecting
 * are open to assistants with a collect grant (STAFF_ACCESS, narrowed by the service); the rest
 * stays with the account's owner and admins (modules/fees/fees.policy.ts).
 */
export const feeEndpoints = {
  studentDues: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/students/:studentId/dues',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "A student's dues month by month and item by item, with totals",
    params: studentParams,
    query: studentDuesQuerySchema,
    response: studentDuesSchema,
  }),
  duesList: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/dues',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: 'Who owes what in the account or one classroom, defaulters first',
    params: accountParams,
    query: duesListQuerySchema,
    response: duesListSchema,
  }),
  studentPayments: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/students/:studentId/payments',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "A student's payments, newest first, voided and refunds included",
    params: studentParams,
    response: paymentListSchema,
  }),
  collectPayment: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/students/:studentId/payments',
    access: STAFF_ACCESS,
    tags,
    summary: 'Take a payment at the counter: one receipt for the months and items it pays',
    params: studentParams,
    body: counterPaymentSchema,
    response: paymentSchema,
    status: 201,
  }),
  receiptSms: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/payments/:paymentId/receipt-sms',
    access: STAFF_ACCESS,
    tags,
    summary: "Text the receipt's short link to the family (first guardian's phone, else the student's)",
    params: paymentParams,
    query: receiptSmsQuerySchema,
    response: receiptSmsSchema,
  }),
  voidPayment: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/payments/:paymentId/void',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Void a payment entered by mistake; it keeps its receipt number and counts for nothing',
    params: paymentParams,
    body: paymentVoidSchema,
    response: paymentSchema,
  }),
  refundPayment: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/payments/:paymentId/refund',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Give money back from a payment, as a receipt of its own',
    params: paymentParams,
    body: paymentRefundSchema,
    response: paymentSchema,
    status: 201,
  }),
  publicReceipt: endpoint({
    method: 'GET',
    path: LINK_PATHS.receipt,
    access: 'public',
    tags,
    summary: 'One receipt by the key of its link (sent to families by SMS), for the receipt page',
    params: receiptKeyParams,
    response: publicReceiptSchema,
  }),
  feeAdjustments: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/students/:studentId/fee-adjustments',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: "A student's waivers, discounts and months marked not billable",
    params: studentParams,
    response: feeAdjustmentListSchema,
  }),
  addFeeAdjustment: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/students/:studentId/fee-adjustments',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Waive, discount or mark not billable one month of one classroom, with a reason',
    params: studentParams,
    body: feeAdjustmentInputSchema,
    response: feeAdjustmentSchema,
    status: 201,
  }),
  removeFeeAdjustment: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/students/:studentId/fee-adjustments/:adjustmentId',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Withdraw an adjustment (it stays on record as removed)',
    params: feeAdjustmentParams,
    response: okSchema,
  }),
  feeCharges: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/fee-charges',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: 'Special payments (exam fee, admission fee, books) of the account',
    params: accountParams,
    query: z.object({ classroomId: z.string().min(1).optional() }),
    response: feeChargeListSchema,
  }),
  addFeeCharge: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/fee-charges',
    access: MANAGER_ACCESS,
    tags,
    summary: "Add a special payment for a classroom's students or for one student",
    params: accountParams,
    body: feeChargeInputSchema,
    response: feeChargeSchema,
    status: 201,
  }),
  removeFeeCharge: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/fee-charges/:chargeId',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Withdraw a special payment; what was paid towards it stays on its receipts',
    params: feeChargeParams,
    response: okSchema,
  }),
};
