import { archiveEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { ArchiveService } from './archive.service';
import type { StudentDeleteService } from './student-delete.service';

export function archiveRoutes(app: TypedApp, archive: ArchiveService, deleting: StudentDeleteService): void {
  route(app, endpoints.remove, (request) =>
    archive.remove(
      request.principal!,
      request.params.accountId,
      request.body.classroomId,
      request.body.studentIds,
    ),
  );
  route(app, endpoints.archive, (request) =>
    archive.archive(
      request.principal!,
      request.params.accountId,
      request.body.studentIds,
      request.body.classroomIds,
    ),
  );
  route(app, endpoints.list, (request) =>
    archive.list(request.principal!, request.params.accountId, request.query),
  );
  route(app, endpoints.unarchive, (request) =>
    archive.unarchive(
      request.principal!,
      request.params.accountId,
      request.params.studentId,
      request.body.classroomIds,
    ),
  );
  route(app, endpoints.deleteStudent, (request) =>
    deleting.delete(request.principal!, request.params.accountId, request.params.studentId),
  );
}
