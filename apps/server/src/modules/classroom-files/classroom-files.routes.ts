import { classroomFileEndpoints as endpoints } from '@batchwise/domain';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition, inlineDisposition } from '../../lib/content-disposition';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { UploadsService } from '../uploads/uploads.service';
import type { ClassroomFilesService } from './classroom-files.service';
import type { FamilyFilesService } from './family-files.service';
import { type FileContent, PREVIEWED_TYPES } from './file-view';

/** Sends a stored file: shown in the browser when it can preview it, else (or when asked) saved. */
function sendContent(reply: FastifyReply, file: FileContent, download: boolean) {
  const inline = !download && PREVIEWED_TYPES.has(file.contentType);
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.object.size)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', (inline ? inlineDisposition : attachmentDisposition)(file.fileName))
    .send(file.object.body);
}

const download = { config: { download: true } };

export function classroomFilesRoutes(
  app: TypedApp,
  deps: {
    classroomFiles: ClassroomFilesService;
    familyFiles: FamilyFilesService;
    usage: Pick<UploadsService, 'usage'>;
  },
): void {
  const { classroomFiles: files, familyFiles: family } = deps;
  route(app, endpoints.classroomFiles, (r) =>
    files.list(r.principal!, r.params.accountId, r.params.classroomId),
  );
  route(app, endpoints.createFolder, (r) =>
    files.createFolder(r.principal!, r.params.accountId, r.params.classroomId, r.body.name),
  );
  route(app, endpoints.deleteFolder, (r) =>
    files.deleteFolder(r.principal!, r.params.accountId, r.params.folderId),
  );
  route(app, endpoints.createFile, (r) =>
    files.create(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );
  route(app, endpoints.updateFile, (r) =>
    files.update(r.principal!, r.params.accountId, r.params.fileId, r.body),
  );
  route(app, endpoints.deleteFile, (r) => files.remove(r.principal!, r.params.accountId, r.params.fileId));
  route(
    app,
    endpoints.fileContent,
    async (r, reply) =>
      sendContent(
        reply,
        await files.content(r.principal!, r.params.accountId, r.params.fileId),
        !!r.query.download,
      ),
    download,
  );
  route(app, endpoints.storageUsage, (r) => deps.usage.usage(r.principal!, r.params.accountId));
  route(app, endpoints.familyFiles, (r) => family.list(r.principal!, r.params.studentId));
  route(
    app,
    endpoints.familyFileContent,
    async (r, reply) =>
      sendContent(
        reply,
        await family.content(r.principal!, r.params.studentId, r.params.fileId),
        !!r.query.download,
      ),
    download,
  );
}
