import { smsSenderEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { SmsSenderService } from './sms-sender.service';

const ok = { ok: true as const };

export function smsSenderRoutes(app: TypedApp, senders: SmsSenderService): void {
  route(app, endpoints.get, (request) => senders.get(request.principal!, request.params.accountId));
  route(app, endpoints.request, (request) =>
    senders.request(request.principal!, request.params.accountId, request.body.name),
  );
  route(app, endpoints.staffList, (request) => senders.staffList(request.principal!));
  route(app, endpoints.decide, async (request) => {
    await senders.decide(request.principal!, request.params.accountId, request.body);
    return ok;
  });
  route(app, endpoints.sharing, (request) => senders.sharing(request.principal!, request.params.accountId));
  route(app, endpoints.share, async (request) => {
    const { accountId, memberAccountId } = request.params;
    await senders.share(request.principal!, accountId, memberAccountId, request.body.shared);
    return ok;
  });
}
