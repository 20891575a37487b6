import { ADMISSION_LIMITS, admissionEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { AdmissionService } from './admission.service';

/**
 * Online admission (issue 13): the public wizard's calls (no sign-in; limited per address in the
 * service, and a submission's body is capped at ADMISSION_LIMITS.bodyBytes before it is read) and
 * the staff inbox.
 */
export function admissionRoutes(app: TypedApp, admission: AdmissionService): void {
  route(app, endpoints.admissionPublicInfo, (request) => admission.publicInfo(request.params.key));
  route(
    app,
    endpoints.admissionPhoneCheck,
    (request) => admission.phoneCheck(request.params.key, request.body.phone, request.ip),
    { bodyLimit: 1024 },
  );
  route(
    app,
    endpoints.admissionSubmit,
    (request) => admission.submit(request.params.key, request.body, request.ip),
    { bodyLimit: ADMISSION_LIMITS.bodyBytes },
  );
  route(app, endpoints.admissionList, (request) =>
    admission.list(request.principal!, request.params.accountId, request.query),
  );
  route(app, endpoints.admissionGet, (request) =>
    admission.get(request.principal!, request.params.accountId, request.params.applicationId),
  );
  route(app, endpoints.admissionAccept, (request) =>
    admission.accept(
      request.principal!,
      request.params.accountId,
      request.params.applicationId,
      request.body,
    ),
  );
  route(app, endpoints.admissionReject, (request) =>
    admission.reject(
      request.principal!,
      request.params.accountId,
      request.params.applicationId,
      request.body.reason,
    ),
  );
  route(app, endpoints.admissionSettings, (request) =>
    admission.settings(request.principal!, request.params.accountId),
  );
  route(app, endpoints.saveAdmissionSettings, (request) =>
    admission.saveSettings(request.principal!, request.params.accountId, request.body),
  );
}
