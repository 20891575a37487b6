import { moneyEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { MoneyService } from './money.service';

/** The money manager; who may call is in money.policy.ts. */
export function moneyRoutes(app: TypedApp, money: MoneyService): void {
  route(app, endpoints.report, (r) => money.report(r.principal!, r.params.accountId, r.query));
  route(app, endpoints.series, (r) => money.series(r.principal!, r.params.accountId, r.query));
  route(app, endpoints.transactions, (r) => money.transactions(r.principal!, r.params.accountId, r.query));
  route(app, endpoints.overview, (r) => money.overview(r.principal!, r.params.accountId));
  route(app, endpoints.collection, (r) => money.collection(r.principal!, r.params.accountId, r.query.month));
  route(app, endpoints.categories, (r) => money.categories(r.principal!, r.params.accountId));
  route(app, endpoints.addEntry, (r) => money.addEntry(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.updateEntry, (r) =>
    money.updateEntry(r.principal!, r.params.accountId, r.params.entryId, r.body),
  );
  route(app, endpoints.removeEntry, (r) =>
    money.removeEntry(r.principal!, r.params.accountId, r.params.entryId),
  );
}
