import { EDUCAST_LIMITS, educastEndpoints as endpoints } from '@batchwise/domain';
import { failure } from '../../lib/errors';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { EducastService } from './educast.service';
import type { EducastFamilyService } from './educast-family.service';

export function educastRoutes(
  app: TypedApp,
  deps: { educast: EducastService; family: EducastFamilyService },
): void {
  const { educast, family } = deps;
  route(app, endpoints.list, (r) => educast.list(r.principal!, r.params.accountId));
  route(app, endpoints.start, (r) => educast.start(r.principal!, r.params.accountId, r.body));
  // A chunk is raw WebM: only this scope reads octet-stream bodies, up to a chunk's size.
  void app.register(async (scope: TypedApp) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: EDUCAST_LIMITS.chunkBytes },
      (_request, body, done) => done(null, body),
    );
    route(
      scope,
      endpoints.chunk,
      (r) => {
        const bytes = (r as unknown as { body: unknown }).body;
        if (!Buffer.isBuffer(bytes)) throw failure(400, 'VALIDATION_FAILED');
        return educast.chunk(r.principal!, r.params.accountId, r.params.educastId, {
          seq: r.params.seq,
          atMs: r.query.atMs,
          bytes,
        });
      },
      { bodyLimit: EDUCAST_LIMITS.chunkBytes },
    );
  });
  route(app, endpoints.finish, (r) => educast.finish(r.principal!, r.params.accountId, r.params.educastId));
  route(app, endpoints.edit, (r) =>
    educast.edit(r.principal!, r.params.accountId, r.params.educastId, r.body),
  );
  route(app, endpoints.publish, (r) =>
    educast.publish(r.principal!, r.params.accountId, r.params.educastId, r.body),
  );
  route(app, endpoints.remove, (r) => educast.remove(r.principal!, r.params.accountId, r.params.educastId));
  route(app, endpoints.familyList, (r) => family.list(r.principal!, r.params.studentId));
  route(app, endpoints.join, (r) => family.join(r.principal!, r.params.studentId, r.body.code));
}
