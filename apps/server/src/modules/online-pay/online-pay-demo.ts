import { monthOf, ONLINE_PAY } from '@batchwise/domain';
import { newId } from '../../lib/ids';
import { FeesRepository } from '../fees/fees.repository';
import { accountStudent, duesOf } from '../fees/fees-dues';
import { applySettings } from './merchant-settings';
import { OnlinePayRepository } from './online-pay.repository';
import type { OnlinePayDeps } from './online-pay.service';
import { settle } from './settle';

/** The stand-in keeps SSLCommerz's usual 2.5 %. */
const DEMO_FEE_RATE = 0.025;

/**
 * Demo data: the demo centre takes payments online through the loopback
 * stand-ins, and one family has already paid a month through SSLCommerz — recorded by the same
 * `settle` the IPN uses, so its receipt, dues and the money manager show it as any online
 * payment. Only with the stand-ins: demo credentials mean nothing to a real gateway.
 */
export async function seedDemoOnlinePay(deps: OnlinePayDeps, accountId: string, userId: string) {
  if (!(await deps.gateways.standIns())) return;
  const now = deps.clock.now();
  const repo = new OnlinePayRepository(deps.db.kysely);
  const settings = {
    onlinePayment: true,
    sslcommerz: {
      enabled: true,
      mode: 'sandbox' as const,
      storeId: 'batchwisedemo01',
      storePassword: 'demo-store',
    },
    bkash: {
      enabled: true,
      mode: 'sandbox' as const,
      appKey: 'demo-app-key',
      appSecret: 'demo-app-secret',
      username: 'demoMerchant',
      password: 'demo-password',
    },
  };
  await repo.saveMerchantSettings(
    applySettings(deps.box, accountId, await repo.merchantSettings(accountId), settings, now, userId),
  );
  await repo.setOnlinePayment(accountId, true, now);

  // The first student (by id) who still owes a whole month pays their oldest one online.
  const fees = new FeesRepository(deps.db.kysely);
  const students = await deps.db.kysely
    .selectFrom('students')
    .select('id')
    .where('account_id', '=', accountId)
    .orderBy('id')
    .limit(30)
    .execute();
  for (const { id } of students) {
    const student = await accountStudent(deps.db.kysely, accountId, id);
    const dues = await duesOf(fees, accountId, student, monthOf(now));
    const line = dues.lines.find(
      (l) => l.kind !== 'charge' && l.duePaisa >= ONLINE_PAY.minimumPaisa && l.duePaisa === l.chargedPaisa,
    );
    if (!line?.classroomId) continue;
    const attemptId = newId(now);
    const attempt = {
      id: attemptId,
      account_id: accountId,
      student_id: id,
      gateway: 'sslcommerz' as const,
      mode: 'sandbox' as const,
      tran_id: `BWDEMO${attemptId}`.slice(0, 30),
      gateway_payment_id: null,
      gateway_trx_id: null,
      gateway_fee: null,
      amount: line.duePaisa,
      currency: 'BDT',
      items: JSON.stringify([
        { kind: 'month', classroomId: line.classroomId, month: line.month, amountPaisa: line.duePaisa },
      ]),
      status: 'redirected' as const,
      reason: null,
      note: '',
      payment_id: null,
      execute_claimed_at: null,
      expires_at: now + ONLINE_PAY.windowMs,
      created_at: now - 60_000,
      updated_at: now - 60_000,
      return_path: null,
    };
    await repo.insertAttempt(attempt);
    await settle(deps, attempt, {
      kind: 'paid',
      gatewayTrxId: `DEMO${attemptId.slice(-10)}`,
      gatewayFeePaisa: Math.round(line.duePaisa * DEMO_FEE_RATE),
    });
    return;
  }
}
