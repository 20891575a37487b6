import { admissionAttachmentSchema } from '../contracts/admission';
import {
  assignmentAssessmentsSchema,
  assignmentInputSchema,
  assignmentListQuerySchema,
  assignmentListSchema,
  assignmentMarkSchema,
  assignmentRosterSchema,
  assignmentSchema,
  assignmentStudentParamsSchema,
  assignmentToAssessmentSchema,
  familyAssignmentParams,
  familyAssignmentSchema,
  familyAssignmentsSchema,
  submissionInputSchema,
} from '../contracts/assignments';
import { endpoint } from '../contracts/endpoint';
import { portalStudentParams } from '../contracts/portal';
import { FAMILY_ASSIGNMENT_PATHS as family } from './assignment-paths';
import { accountParams, idParam, okSchema, STAFF_ACCESS } from './common';

const tags = ['assignments'];
const resource = 'assignments';

export const assignmentParams = accountParams.extend({ assignmentId: idParam });

/** Only the student hands work in; a parent reads the same list without the submit button. */
const STUDENT_ACCESS = { roles: ['Student'] } as const;
const FAMILY = { roles: ['Parent', 'Student'] } as const;

const UPLOAD_SUMMARY = 'multipart field "file"; pdf, png or jpeg, checked by its content';

/**
 * Online assignments (contracts/assignments.ts). Staff who see every classroom of an
 * assignment post, change, mark and remove it (modules/assignments/assignments.policy.ts); the
 * family portal lists a child's assignments and lets the student submit.
 */
export const assignmentEndpoints = {
  assignments: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/assignments',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: 'Assignments of the classrooms the caller sees (or of one), latest due first, with counts',
    params: accountParams,
    query: assignmentListQuerySchema,
    response: assignmentListSchema,
  }),
  createAssignment: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/assignments',
    access: STAFF_ACCESS,
    tags,
    summary: 'Post an assignment to one or more classrooms',
    params: accountParams,
    body: assignmentInputSchema,
    response: assignmentSchema,
    status: 201,
  }),
  assignmentFileUpload: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/assignment-files',
    access: STAFF_ACCESS,
    tags,
    summary: `Upload a file to attach to an assignment (${UPLOAD_SUMMARY})`,
    params: accountParams,
    response: admissionAttachmentSchema,
    status: 201,
  }),
  assignment: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/assignments/:assignmentId',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: 'One assignment with every student of its classrooms: submitted, late, missing or marked',
    params: assignmentParams,
    response: assignmentRosterSchema,
  }),
  updateAssignment: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/assignments/:assignmentId',
    access: STAFF_ACCESS,
    tags,
    summary: 'Change an assignment: its text, due time, marks, classrooms, or close late submissions',
    params: assignmentParams,
    body: assignmentInputSchema,
    response: assignmentSchema,
  }),
  deleteAssignment: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/assignments/:assignmentId',
    access: STAFF_ACCESS,
    tags,
    summary: 'Remove an assignment and its submissions',
    params: assignmentParams,
    response: okSchema,
  }),
  markSubmission: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/assignments/:assignmentId/submissions/:studentId',
    access: STAFF_ACCESS,
    tags,
    summary: "Give marks and a comment on a student's submission (marks up to the full marks)",
    params: assignmentStudentParamsSchema,
    body: assignmentMarkSchema,
    response: okSchema,
  }),
  assignmentToAssessment: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/assignments/:assignmentId/assessment',
    access: STAFF_ACCESS,
    tags,
    summary: "Put the assignment's marks into an assessment of each of its classrooms (made, or updated)",
    params: assignmentParams,
    body: assignmentToAssessmentSchema,
    response: assignmentAssessmentsSchema,
  }),

  familyAssignments: endpoint({
    method: 'GET',
    path: family.list,
    access: FAMILY,
    tags,
    resource,
    summary: "A child's assignments: what is due, handed in, late, missing, and the marks",
    params: portalStudentParams,
    response: familyAssignmentsSchema,
  }),
  submitAssignment: endpoint({
    method: 'PUT',
    path: family.submit,
    access: STUDENT_ACCESS,
    tags,
    summary: 'Hand in (or replace, until marked) text and one file; after the due time it is marked late',
    params: familyAssignmentParams,
    body: submissionInputSchema,
    response: familyAssignmentSchema,
  }),
  submissionFileUpload: endpoint({
    method: 'POST',
    path: family.upload,
    access: STUDENT_ACCESS,
    tags,
    summary: `Upload a file to hand in with a submission (${UPLOAD_SUMMARY})`,
    params: portalStudentParams,
    response: admissionAttachmentSchema,
    status: 201,
  }),
};
