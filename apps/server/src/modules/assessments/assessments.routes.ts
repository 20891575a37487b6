import { ASSESSMENT_LIMITS, assessmentEndpoints as endpoints } from '@batchwise/domain';
import { attachmentDisposition } from '../../lib/content-disposition';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readSpreadsheetUpload } from '../media/spreadsheets';
import type { AssessmentsService } from './assessments.service';
import type { MarksService } from './marks.service';
import type { MarksImportService } from './marks-import.service';

const MARKS_BODY_LIMIT = ASSESSMENT_LIMITS.cells * 160;

/** Assessments, marks and grade scales; who may call is in assessments.policy.ts. */
export function assessmentsRoutes(
  app: TypedApp,
  services: { assessments: AssessmentsService; marks: MarksService; marksImport: MarksImportService },
): void {
  const { assessments, marks, marksImport } = services;
  route(app, endpoints.classroomAssessments, (r) =>
    assessments.list(r.principal!, r.params.accountId, r.params.classroomId, r.query.term),
  );
  route(app, endpoints.createAssessment, (r) =>
    assessments.create(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );
  route(app, endpoints.assessmentTerms, (r) =>
    assessments.terms(r.principal!, r.params.accountId, r.params.classroomId),
  );
  route(app, endpoints.termResults, (r) =>
    assessments.termResults(r.principal!, r.params.accountId, r.params.classroomId, r.query),
  );
  route(app, endpoints.assessment, (r) =>
    assessments.get(r.principal!, r.params.accountId, r.params.assessmentId),
  );
  route(app, endpoints.updateAssessment, (r) =>
    assessments.update(r.principal!, r.params.accountId, r.params.assessmentId, r.body),
  );
  route(app, endpoints.deleteAssessment, (r) =>
    assessments.delete(r.principal!, r.params.accountId, r.params.assessmentId),
  );
  route(app, endpoints.publishAssessment, (r) =>
    assessments.setPublished(r.principal!, r.params.accountId, r.params.assessmentId, true),
  );
  route(app, endpoints.unpublishAssessment, (r) =>
    assessments.setPublished(r.principal!, r.params.accountId, r.params.assessmentId, false),
  );
  route(app, endpoints.marksGrid, (r) => marks.grid(r.principal!, r.params.accountId, r.params.assessmentId));
  // A whole grid pasted at once: up to ASSESSMENT_LIMITS.cells cells of about 150 bytes of JSON each
  // (three ids, marks, flags), far past the forms' default (lib/body-limits.ts).
  route(
    app,
    endpoints.saveMarks,
    (r) => marks.save(r.principal!, r.params.accountId, r.params.assessmentId, r.body),
    { bodyLimit: MARKS_BODY_LIMIT },
  );
  route(
    app,
    endpoints.marksTemplate,
    async (request, reply) => {
      const file = await marksImport.template(
        request.principal!,
        request.params.accountId,
        request.params.assessmentId,
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
      const upload =
        (request: { file: () => Promise<Parameters<typeof readSpreadsheetUpload>[0]> }) => async () =>
          readSpreadsheetUpload(await request.file(), ASSESSMENT_LIMITS.fileBytes);
      route(
        uploads,
        endpoints.checkMarksImport,
        (r) => marksImport.check(r.principal!, r.params.accountId, r.params.assessmentId, upload(r)),
        consumes,
      );
      route(
        uploads,
        endpoints.importMarks,
        (r) => marksImport.import(r.principal!, r.params.accountId, r.params.assessmentId, upload(r)),
        consumes,
      );
    },
    { maxBytes: ASSESSMENT_LIMITS.fileBytes, tooLarge: 'SHEET_TOO_LARGE' },
  );
  route(app, endpoints.gradeScale, (r) => assessments.gradeScale(r.principal!, r.params.accountId));
  route(app, endpoints.saveGradeScale, (r) =>
    assessments.saveGradeScale(r.principal!, r.params.accountId, r.body),
  );
}
