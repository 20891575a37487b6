import { firebaseImportEndpoints as endpoints, FIREBASE_EXPORT_MAX_BYTES } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import type { FirebaseImportConsoleService } from './firebase-import-console.service';

/** The staff console's Firebase import; platform staff only (the contracts and the service say so). */
export function firebaseImportRoutes(app: TypedApp, imports: FirebaseImportConsoleService): void {
  route(app, endpoints.start, (request) => imports.start(request.principal!, request.body));
  route(app, endpoints.list, (request) => imports.list(request.principal!));
  route(app, endpoints.report, (request) => imports.report(request.principal!, request.params.runId));
  uploadRoutes(
    app,
    (uploads) => {
      route(
        uploads,
        endpoints.upload,
        (request) => imports.upload(request.principal!, () => request.file()),
        {
          schema: { consumes: ['multipart/form-data'] },
        },
      );
    },
    { maxBytes: FIREBASE_EXPORT_MAX_BYTES, tooLarge: 'FIREBASE_EXPORT_TOO_LARGE' },
  );
}
