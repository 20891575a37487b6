import type { WritePath } from '../write-path';
import { MoneyLedger } from './money-ledger';
import { collectAgain, collectOnce, type MoneySchool, moneySchool } from './money-school';

/**
 * Counter collection: each client takes payments for a student of its own while the server is
 * killed; all take receipt numbers from one account's counter. A collect the kill cut off is sent
 * again after the restart with its request key, as the collect drawer retries. The ledger's checks after each kill:
 * acknowledged payments stored once with their receipt numbers, no gap or repeat, allocations
 * adding up, dues as the domain computes them fresh.
 */
export function counterCollectPath(clients = 2): WritePath {
  let school: MoneySchool;
  const ledger = new MoneyLedger(() => school.accountId);
  return {
    name: 'counter-collect',
    clients,
    async setup(ctx) {
      school = await moneySchool(ctx, clients);
    },
    prepare: (ctx) => collectAgain(ctx, school, ledger),
    async write(ctx, client) {
      await collectOnce(ctx, school, ledger, school.students[client]!);
    },
    verify: (db, stage) => ledger.verify(db, stage),
    figures: () => ledger.figures(),
  };
}
