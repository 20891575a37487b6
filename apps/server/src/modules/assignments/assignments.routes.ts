import { ADMISSION_ATTACHMENT_LIMITS, assignmentEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import type { AssignmentAssessment } from './assignment-assessment';
import type { AssignmentsService } from './assignments.service';
import type { FamilyAssignmentsService } from './family-assignments.service';

const multipart = { schema: { consumes: ['multipart/form-data'] } };

export function assignmentsRoutes(
  app: TypedApp,
  deps: {
    assignments: AssignmentsService;
    familyAssignments: FamilyAssignmentsService;
    assignmentAssessment: AssignmentAssessment;
  },
): void {
  const { assignments, familyAssignments: family } = deps;
  route(app, endpoints.assignments, (r) =>
    assignments.list(r.principal!, r.params.accountId, r.query.classroomId),
  );
  route(app, endpoints.createAssignment, (r) => assignments.create(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.assignment, (r) =>
    assignments.roster(r.principal!, r.params.accountId, r.params.assignmentId),
  );
  route(app, endpoints.updateAssignment, (r) =>
    assignments.update(r.principal!, r.params.accountId, r.params.assignmentId, r.body),
  );
  route(app, endpoints.deleteAssignment, (r) =>
    assignments.remove(r.principal!, r.params.accountId, r.params.assignmentId),
  );
  route(app, endpoints.markSubmission, (r) =>
    assignments.mark(r.principal!, r.params.accountId, r.params.assignmentId, r.params.studentId, r.body),
  );
  route(app, endpoints.assignmentToAssessment, (r) =>
    deps.assignmentAssessment.send(r.principal!, r.params.accountId, r.params.assignmentId, r.body),
  );
  route(app, endpoints.familyAssignments, (r) => family.list(r.principal!, r.params.studentId));
  route(app, endpoints.submitAssignment, (r) =>
    family.submit(r.principal!, r.params.studentId, r.params.assignmentId, r.body),
  );
  uploadRoutes(
    app,
    (uploads) => {
      route(
        uploads,
        endpoints.assignmentFileUpload,
        (r) => assignments.upload(r.principal!, r.params.accountId, () => r.file()),
        multipart,
      );
      route(
        uploads,
        endpoints.submissionFileUpload,
        (r) => family.upload(r.principal!, r.params.studentId, () => r.file()),
        multipart,
      );
    },
    { maxBytes: ADMISSION_ATTACHMENT_LIMITS.maxBytes, tooLarge: 'ADMISSION_ATTACHMENT_TOO_LARGE' },
  );
}
