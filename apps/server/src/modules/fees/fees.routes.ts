import { feeEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { FeesService } from './fees.service';
import type { PaymentsService } from './payments.service';
import type { ReceiptSmsService } from './receipt-sms.service';

/** Fees and counter collection; who may call is in fees.policy.ts. */
export function feesRoutes(
  app: TypedApp,
  services: { fees: FeesService; payments: PaymentsService; receiptSms: ReceiptSmsService },
): void {
  const { fees, payments } = services;
  route(app, endpoints.studentDues, (r) =>
    fees.studentDues(r.principal!, r.params.accountId, r.params.studentId, r.query.through),
  );
  route(app, endpoints.duesList, (r) => fees.duesList(r.principal!, r.params.accountId, r.query));
  route(app, endpoints.feeAdjustments, (r) =>
    fees.adjustments(r.principal!, r.params.accountId, r.params.studentId),
  );
  route(app, endpoints.addFeeAdjustment, (r) =>
    fees.addAdjustment(r.principal!, r.params.accountId, r.params.studentId, r.body),
  );
  route(app, endpoints.removeFeeAdjustment, (r) =>
    fees.removeAdjustment(r.principal!, r.params.accountId, r.params.studentId, r.params.adjustmentId),
  );
  route(app, endpoints.feeCharges, (r) =>
    fees.charges(r.principal!, r.params.accountId, r.query.classroomId),
  );
  route(app, endpoints.addFeeCharge, (r) => fees.addCharge(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.removeFeeCharge, (r) =>
    fees.removeCharge(r.principal!, r.params.accountId, r.params.chargeId),
  );
  route(app, endpoints.publicReceipt, (r) => payments.publicReceipt(r.params.key), {
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  });
  route(app, endpoints.studentPayments, (r) =>
    payments.list(r.principal!, r.params.accountId, r.params.studentId),
  );
  route(app, endpoints.collectPayment, (r) =>
    payments.collect(r.principal!, r.params.accountId, r.params.studentId, r.body),
  );
  route(app, endpoints.receiptSms, (r) =>
    services.receiptSms.send(r.principal!, r.params.accountId, r.params.paymentId, r.query.lang),
  );
  route(app, endpoints.voidPayment, (r) =>
    payments.void(r.principal!, r.params.accountId, r.params.paymentId, r.body.reason),
  );
  route(app, endpoints.refundPayment, (r) =>
    payments.refund(r.principal!, r.params.accountId, r.params.paymentId, r.body),
  );
}
