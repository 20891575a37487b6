import { classroomEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readPicture } from '../media/images';
import type { ClassroomsService } from './classrooms.service';

export function classroomsRoutes(app: TypedApp, classrooms: ClassroomsService): void {
  route(app, endpoints.list, async (request) => ({
    classrooms: await classrooms.list(
      request.principal!,
      request.params.accountId,
      request.query.includeClosed,
    ),
  }));
  route(app, endpoints.create, (request) =>
    classrooms.create(request.principal!, request.params.accountId, request.body),
  );
  route(app, endpoints.detail, (request) =>
    classrooms.detail(request.principal!, request.params.accountId, request.params.classroomId),
  );
  route(app, endpoints.update, (request) =>
    classrooms.update(request.principal!, request.params.accountId, request.params.classroomId, request.body),
  );
  for (const [endpoint, closed] of [
    [endpoints.close, true],
    [endpoints.reopen, false],
  ] as const) {
    route(app, endpoint, (request) =>
      classrooms.setClosed(request.principal!, request.params.accountId, request.params.classroomId, closed),
    );
  }
  uploadRoutes(app, (uploads) => {
    route(
      uploads,
      endpoints.avatar,
      async (request) => ({
        avatarUrl: await classrooms.setAvatar(
          request.principal!,
          request.params.accountId,
          request.params.classroomId,
          async () => readPicture(await request.file()),
        ),
      }),
      { schema: { consumes: ['multipart/form-data'] } },
    );
  });
  route(app, endpoints.setAssistantGrant, async (request) => {
    const { accountId, classroomId, userId } = request.params;
    await classrooms.setAssistantGrant(request.principal!, accountId, classroomId, userId, request.body);
    return { ok: true as const };
  });
}
