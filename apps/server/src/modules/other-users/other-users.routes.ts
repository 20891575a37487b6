import { otherUserEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { OtherUsersService } from './other-users.service';

/** Other users (staff, guards, visitors) and their entry/exit log. */
export function otherUsersRoutes(app: TypedApp, otherUsers: OtherUsersService): void {
  route(app, endpoints.list, (r) => otherUsers.list(r.principal!, r.params.accountId));
  route(app, endpoints.create, (r) => otherUsers.create(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.update, (r) =>
    otherUsers.update(r.principal!, r.params.accountId, r.params.otherUserId, r.body),
  );
  route(app, endpoints.remove, (r) =>
    otherUsers.remove(r.principal!, r.params.accountId, r.params.otherUserId),
  );
  route(app, endpoints.log, (r) => otherUsers.log(r.principal!, r.params.accountId, r.query.day));
}
