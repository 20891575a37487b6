import { studentEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readPicture } from '../media/images';
import type { StudentSaveService } from './student-save.service';
import type { StudentsService } from './students.service';

export function studentsRoutes(app: TypedApp, students: StudentsService, saves: StudentSaveService): void {
  route(
    app,
    endpoints.list,
    (request) => students.list(request.principal!, request.params.accountId, request.query),
    {
      config: { precompress: true },
    },
  );
  route(app, endpoints.create, (request) =>
    saves.create(request.principal!, request.params.accountId, request.body),
  );
  route(app, endpoints.detail, (request) =>
    students.detail(request.principal!, request.params.accountId, request.params.studentId),
  );
  route(app, endpoints.save, (request) =>
    saves.save(request.principal!, request.params.accountId, request.params.studentId, request.body),
  );
  uploadRoutes(app, (uploads) => {
    route(
      uploads,
      endpoints.photo,
      async (request) => ({
        avatarUrl: await students.setPhoto(
          request.principal!,
          request.params.accountId,
          request.params.studentId,
          async () => readPicture(await request.file()),
        ),
      }),
      { schema: { consumes: ['multipart/form-data'] } },
    );
  });
  route(app, endpoints.includeOptions, async (request) => ({
    classrooms: await students.includeOptions(
      request.principal!,
      request.params.accountId,
      request.params.studentId,
    ),
  }));
  route(app, endpoints.include, (request) =>
    saves.include(
      request.principal!,
      request.params.accountId,
      request.params.studentId,
      request.body.classrooms,
    ),
  );
  route(app, endpoints.formSettings, (request) =>
    students.formSettings(request.principal!, request.params.accountId),
  );
  route(app, endpoints.setFields, (request) =>
    students.setFields(request.principal!, request.params.accountId, request.body),
  );
}
