import {
  type AssignmentFile,
  type FamilyAssignment,
  type FamilyAssignments,
  fillPath,
  FAMILY_ASSIGNMENT_PATHS as paths,
  type SubmissionInput,
} from '@batchwise/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { uploadFile } from '../../lib/upload';

/**
 * A child's assignments, light like the rest of the portal (portal-api.ts). The key has the app's
 * shape, so a live event naming `assignments` `{ studentId }` refreshes this child's list.
 */
export function familyAssignmentsQuery(studentId: string) {
  const path = fillPath(paths.list, { studentId });
  return queryOptions({
    queryKey: ['assignments', { studentId }, paths.list, {}],
    queryFn: ({ signal }) => apiFetch<FamilyAssignments>(path, { signal }),
  });
}

export function submitAssignment(
  studentId: string,
  assignmentId: string,
  body: SubmissionInput,
): Promise<FamilyAssignment> {
  return apiFetch(fillPath(paths.submit, { studentId, assignmentId }), { method: 'PUT', body });
}

export function uploadSubmissionFile(studentId: string, file: File): Promise<AssignmentFile> {
  return uploadFile(fillPath(paths.upload, { studentId }), file);
}
