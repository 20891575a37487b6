import { healthEndpoints as endpoints, healthSchema } from '@batchwise/domain';
import type { Db } from '../../db/database';
import { route } from '../../lib/route';
import { deepFreeze } from '../../lib/serializer';
import type { TypedApp } from '../../lib/typed-app';

export function healthRoutes(app: TypedApp, deps: { db: Db; version: string }): void {
  // The two possible answers, frozen: the serializer checks and encodes each once (lib/serializer.ts).
  const answer = (status: 'ok' | 'unavailable') =>
    deepFreeze({ status, version: deps.version, database: deps.db.dialect });
  const up = answer('ok');
  const down = answer('unavailable');

  route(
    app,
    endpoints.health,
    async (_request, reply) => {
      const ok = await deps.db.ping().then(
        () => true,
        () => false,
      );
      if (!ok) void reply.status(503);
      return ok ? up : down;
    },
    // Down is an answer too: monitors read the body of the 503.
    { schema: { response: { 503: healthSchema } } },
  );

  // Legacy clients post without the CSRF header.
  route(app, endpoints.clientCheck, () => ({ ok: true as const }), { config: { csrf: false } });
}
