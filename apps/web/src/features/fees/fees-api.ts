import {
  type CounterMethod,
  type CounterPaymentInput,
  type DuesListQuery,
  type FeeAdjustmentInput,
  type FeeChargeInput,
  feeEndpoints,
  type PaymentView,
  type StudentDuesView,
} from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, endpointQuery, refresh } from '../../lib/api-client';

export type { CounterMethod, PaymentView, StudentDuesView };
export type DueLine = StudentDuesView['lines'][number];
export type DuesQuery = Partial<Omit<DuesListQuery, 'onlyDue'>> & { onlyDue?: 'true' | 'false' };

const account = (accountId: string) => ({ params: { accountId } });
const student = (accountId: string, studentId: string) => ({ params: { accountId, studentId } });
const payment = (accountId: string, paymentId: string) => ({ params: { accountId, paymentId } });

/** The dues list page; the previous page stays on screen while the next loads. */
export function duesListQuery(accountId: string, query: DuesQuery) {
  return queryOptions({
    ...endpointQuery(feeEndpoints.duesList, { ...account(accountId), query }),
    placeholderData: (previous) => previous,
  });
}

/** One student's dues, counted through `through` (this month when not given: paying ahead shows more). */
export function studentDuesQuery(accountId: string, studentId: string, through?: string) {
  return queryOptions({
    ...endpointQuery(feeEndpoints.studentDues, {
      ...student(accountId, studentId),
      query: through ? { through } : {},
    }),
    placeholderData: (previous) => previous,
  });
}

export function paymentsQuery(accountId: string, studentId: string) {
  return endpointQuery(feeEndpoints.studentPayments, student(accountId, studentId));
}

export function adjustmentsQuery(accountId: string, studentId: string) {
  return endpointQuery(feeEndpoints.feeAdjustments, student(accountId, studentId));
}

export function chargesQuery(accountId: string) {
  return endpointQuery(feeEndpoints.feeCharges, { ...account(accountId), query: {} });
}

export const feesApi = {
  collect: (accountId: string, studentId: string, body: CounterPaymentInput) =>
    call(feeEndpoints.collectPayment, { ...student(accountId, studentId), body }),
  void: (accountId: string, paymentId: string, reason: string) =>
    call(feeEndpoints.voidPayment, { ...payment(accountId, paymentId), body: { reason } }),
  refund: (
    accountId: string,
    paymentId: string,
    body: { amountPaisa: number; method: CounterMethod; reason: string },
  ) => call(feeEndpoints.refundPayment, { ...payment(accountId, paymentId), body }),
  addAdjustment: (accountId: string, studentId: string, body: FeeAdjustmentInput) =>
    call(feeEndpoints.addFeeAdjustment, { ...student(accountId, studentId), body }),
  removeAdjustment: (accountId: string, studentId: string, adjustmentId: string) =>
    call(feeEndpoints.removeFeeAdjustment, { params: { accountId, studentId, adjustmentId } }),
  addCharge: (accountId: string, body: FeeChargeInput) =>
    call(feeEndpoints.addFeeCharge, { ...account(accountId), body }),
  removeCharge: (accountId: string, chargeId: string) =>
    call(feeEndpoints.removeFeeCharge, { params: { accountId, chargeId } }),
};

/** After any write: every dues list, counter, history and charge list of the account. */
export function refreshFees(queryClient: QueryClient, accountId: string): Promise<void> {
  return refresh(queryClient, 'fees', { accountId });
}

/** What a payment still holds: its amount less the refunds given back from it (voided ones aside). */
export function refundableOf(target: PaymentView, payments: readonly PaymentView[]): number {
  if (target.voided || target.amountPaisa <= 0) return 0;
  const refunded = payments
    .filter((p) => p.refundOf === target.id && !p.voided)
    .reduce((sum, p) => sum + Math.abs(p.amountPaisa), 0);
  return Math.max(0, target.amountPaisa - refunded);
}

/** A line's key at the counter: one classroom's month, or one charge. */
export const lineKey = (line: DueLine) =>
  line.kind === 'month' ? `m:${line.classroomId}:${line.month}` : `c:${line.chargeId}`;
