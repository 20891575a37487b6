import { type OnlinePayBalances, rangeBounds } from '@batchwise/domain';
import type { Db } from '../../db/database';
import { OnlinePayRepository } from './online-pay.repository';

/**
 * `/Online-Pay-Balances-Of-Account`, for platform staff (the route's access):
 * per account and gateway, what families paid online in a period of Bangladesh days, what was
 * given back, what the gateway says it kept and so what it owes the merchant. Each account takes
 * payments into its own merchant account, so "owed" is the gateway's debt to the account, which
 * staff check against the gateway's settlement reports when an owner asks.
 */
export class OnlinePayBalancesService {
  constructor(private readonly deps: { db: Db }) {}

  async balances(range: { from: string; to: string }): Promise<OnlinePayBalances> {
    const { startMs, endMs } = rangeBounds(range.from, range.to);
    const rows = await new OnlinePayRepository(this.deps.db.kysely).balances(startMs, endMs);
    return {
      ...range,
      rows: rows.map((row) => {
        const collected = Number(row.collected);
        const refunded = Number(row.refunded);
        const fee = Number(row.fee);
        return {
          accountId: row.account_id,
          institution: row.institution,
          gateway: row.gateway,
          payments: Number(row.payments),
          collectedPaisa: collected,
          refundedPaisa: refunded,
          feePaisa: fee,
          feeUnreported: Number(row.fee_unreported),
          netPaisa: collected - refunded - fee,
          lastPaidAt: Number(row.last_paid_at),
        };
      }),
    };
  }
}
