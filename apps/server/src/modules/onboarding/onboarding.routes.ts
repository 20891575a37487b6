import { onboardingEndpoints as endpoints, ONBOARDING_LIMITS } from '@batchwise/domain';
import { attachmentDisposition } from '../../lib/content-disposition';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readSpreadsheetUpload } from '../media/spreadsheets';
import type { OnboardingService } from './onboarding.service';

export function onboardingRoutes(app: TypedApp, onboarding: OnboardingService): void {
  route(
    app,
    endpoints.onboardingTemplate,
    async (request, reply) => {
      const file = await onboarding.template(
        request.principal!,
        request.params.accountId,
        request.query.lang,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.body.length)
        .header('cache-control', 'no-store')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.body);
    },
    { config: { download: true } },
  );
  uploadRoutes(
    app,
    (uploads) => {
      const consumes = { schema: { consumes: ['multipart/form-data'] } };
      route(
        uploads,
        endpoints.onboardingCheck,
        (request) =>
          onboarding.check(request.principal!, request.params.accountId, async () =>
            readSpreadsheetUpload(await request.file(), ONBOARDING_LIMITS.fileBytes),
          ),
        consumes,
      );
      route(
        uploads,
        endpoints.onboardingImport,
        (request) =>
          onboarding.import(
            request.principal!,
            request.params.accountId,
            async () => readSpreadsheetUpload(await request.file(), ONBOARDING_LIMITS.fileBytes),
            { welcomeSms: request.query.welcomeSms },
          ),
        consumes,
      );
    },
    { maxBytes: ONBOARDING_LIMITS.fileBytes, tooLarge: 'SHEET_TOO_LARGE' },
  );
}
