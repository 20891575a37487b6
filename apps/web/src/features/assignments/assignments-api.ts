import {
  type Assignment,
  type AssignmentFile,
  type AssignmentInput,
  type AssignmentMarkInput,
  type AssignmentRoster,
  type AssignmentToAssessmentInput,
  assignmentEndpoints,
} from '@batchwise/domain';
import type { QueryClient } from '@tanstack/react-query';
import { call, endpointQuery, refresh, urlOf } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

export type { Assignment, AssignmentFile, AssignmentInput, AssignmentRoster };

export function assignmentsQuery(accountId: string, classroomId?: string) {
  return endpointQuery(assignmentEndpoints.assignments, { params: { accountId }, query: { classroomId } });
}

export function rosterQuery(accountId: string, assignmentId: string) {
  return endpointQuery(assignmentEndpoints.assignment, { params: { accountId, assignmentId } });
}

export const assignmentsApi = {
  create: (accountId: string, body: AssignmentInput) =>
    call(assignmentEndpoints.createAssignment, { params: { accountId }, body }),
  update: (accountId: string, assignmentId: string, body: AssignmentInput) =>
    call(assignmentEndpoints.updateAssignment, { params: { accountId, assignmentId }, body }),
  remove: (accountId: string, assignmentId: string) =>
    call(assignmentEndpoints.deleteAssignment, { params: { accountId, assignmentId } }),
  mark: (accountId: string, assignmentId: string, studentId: string, body: AssignmentMarkInput) =>
    call(assignmentEndpoints.markSubmission, { params: { accountId, assignmentId, studentId }, body }),
  toAssessment: (accountId: string, assignmentId: string, body: AssignmentToAssessmentInput) =>
    call(assignmentEndpoints.assignmentToAssessment, { params: { accountId, assignmentId }, body }),
  upload: (accountId: string, file: File) =>
    uploadFile<AssignmentFile>(
      urlOf(assignmentEndpoints.assignmentFileUpload, { params: { accountId } }),
      file,
    ),
};

export function refreshAssignments(queryClient: QueryClient, accountId: string): Promise<void> {
  return refresh(queryClient, 'assignments', { accountId });
}
