import { smsTemplateEndpoints as endpoints, TEMPLATE_SHEET_LIMITS } from '@batchwise/domain';
import { BODY_LIMITS } from '../../lib/body-limits';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readSpreadsheetUpload } from '../media/spreadsheets';
import type { SmsTemplatesService } from './sms-templates.service';

export function smsTemplateRoutes(app: TypedApp, templates: SmsTemplatesService): void {
  uploadRoutes(
    app,
    (uploads) => {
      route(
        uploads,
        endpoints.readTemplateSheet,
        (request) =>
          templates.readSheet(request.principal!, request.params.accountId, async () =>
            readSpreadsheetUpload(await request.file(), TEMPLATE_SHEET_LIMITS.fileBytes),
          ),
        { schema: { consumes: ['multipart/form-data'] } },
      );
    },
    { maxBytes: TEMPLATE_SHEET_LIMITS.fileBytes, tooLarge: 'SHEET_TOO_LARGE' },
  );
  // The rows travel back with the template: a 5,000-row sheet is more than a form's JSON.
  const rows = { bodyLimit: BODY_LIMITS.templateRows };
  route(
    app,
    endpoints.templatePreview,
    (request) => templates.preview(request.principal!, request.params.accountId, request.body),
    rows,
  );
  route(
    app,
    endpoints.templateSend,
    (request) => templates.send(request.principal!, request.params.accountId, request.body),
    rows,
  );
  route(app, endpoints.templates, (request) => templates.list(request.principal!, request.params.accountId));
  route(app, endpoints.createTemplate, (request) =>
    templates.create(request.principal!, request.params.accountId, request.body),
  );
  route(app, endpoints.updateTemplate, (request) =>
    templates.update(request.principal!, request.params.accountId, request.params.templateId, request.body),
  );
  route(app, endpoints.deleteTemplate, async (request) => {
    await templates.remove(request.principal!, request.params.accountId, request.params.templateId);
    return { ok: true as const };
  });
}
