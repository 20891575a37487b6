import {
  ADMISSION_ATTACHMENT_LIMITS,
  ADMISSION_LIMITS,
  admissionEndpoints as endpoints,
} from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readPicture } from '../media/images';
import type { AdmissionService } from './admission.service';
import type { AdmissionFormService } from './admission-form.service';

const multipart = { schema: { consumes: ['multipart/form-data'] } };

/**
 * Online admission: the public wizard's calls (no sign-in; limited per address in the
 * form service, and a submission's body is capped at ADMISSION_LIMITS.bodyBytes before it is
 * read) and the staff inbox and settings.
 */
export function admissionRoutes(
  app: TypedApp,
  services: { form: AdmissionFormService; inbox: AdmissionService },
): void {
  const { form, inbox } = services;
  route(app, endpoints.admissionPublicInfo, (request) => form.publicInfo(request.params.key));
  route(
    app,
    endpoints.admissionPhoneCheck,
    (request) => form.phoneCheck(request.params.key, request.body.phone, request.ip),
    { bodyLimit: 1024 },
  );
  route(
    app,
    endpoints.admissionSubmit,
    (request) => form.submit(request.params.key, request.body, request.ip),
    { bodyLimit: ADMISSION_LIMITS.bodyBytes },
  );
  uploadRoutes(app, (uploads) => {
    route(
      uploads,
      endpoints.admissionPicture,
      (request) =>
        form.picture(request.params.key, request.ip, async () => readPicture(await request.file())),
      multipart,
    );
  });
  route(app, endpoints.admissionList, (request) =>
    inbox.list(request.principal!, request.params.accountId, request.query),
  );
  route(app, endpoints.admissionGet, (request) =>
    inbox.get(request.principal!, request.params.accountId, request.params.applicationId),
  );
  route(app, endpoints.admissionAccept, (request) =>
    inbox.accept(request.principal!, request.params.accountId, request.params.applicationId, request.body),
  );
  route(app, endpoints.admissionReject, (request) =>
    inbox.reject(
      request.principal!,
      request.params.accountId,
      request.params.applicationId,
      request.body.reason,
    ),
  );
  route(app, endpoints.admissionSettings, (request) =>
    inbox.settings(request.principal!, request.params.accountId),
  );
  route(app, endpoints.saveAdmissionSettings, (request) =>
    inbox.saveSettings(request.principal!, request.params.accountId, request.body),
  );
  uploadRoutes(
    app,
    (uploads) => {
      route(
        uploads,
        endpoints.admissionAttachmentUpload,
        (request) =>
          inbox.uploadAttachment(request.principal!, request.params.accountId, () => request.file()),
        multipart,
      );
    },
    { maxBytes: ADMISSION_ATTACHMENT_LIMITS.maxBytes, tooLarge: 'ADMISSION_ATTACHMENT_TOO_LARGE' },
  );
}
