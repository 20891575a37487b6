import { OnlinePayRepository } from './online-pay.repository';
import type { OnlinePayDeps } from './online-pay.service';
import type { OnlinePayGatewayService } from './online-pay-gateway.service';
import { type Attempt, settle } from './settle';

// Attempts left open past their 5-minute window (integrations.md §9.2 "keep a
// reconciliation job that queries pending attempts"): the gateway is asked once more; what it
// confirms is recorded, anything else expires (spec: EXPIRED). A confirmation that comes later
// still records the payment (settle.ts lets `paid` follow `expired`).

type Deps = Pick<OnlinePayDeps, 'db' | 'clock' | 'events'> & { gateway: OnlinePayGatewayService };

export async function reconcileAttempt(deps: Deps, attempt: Attempt): Promise<void> {
  if (attempt.status !== 'created' && attempt.status !== 'redirected') return;
  if (attempt.gateway === 'bkash') await deps.gateway.reconcileBkash(attempt);
  else await deps.gateway.reconcileSslcommerz(attempt);
  await settle(deps, attempt, {
    kind: 'expired',
    note: 'No answer from the gateway within the payment window',
  });
}

/** Every attempt past its window, oldest first (tests, and a worker that was down for a while). */
export async function sweepOverdue(deps: Deps, limit = 50): Promise<number> {
  const overdue = await new OnlinePayRepository(deps.db.kysely).overdue(deps.clock.now(), limit);
  for (const attempt of overdue) await reconcileAttempt(deps, attempt);
  return overdue.length;
}

/** The worker's handler of the reconcile job: one attempt by its transaction id. */
export function reconcileJobHandler(deps: Deps) {
  return async (payload: unknown) => {
    const tranId = (payload as { tranId?: string }).tranId;
    if (!tranId) return;
    const attempt = await new OnlinePayRepository(deps.db.kysely).attemptByTran(tranId);
    if (attempt) await reconcileAttempt(deps, attempt);
  };
}
