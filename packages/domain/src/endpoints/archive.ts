import {
  archiveListQuerySchema,
  archivePageSchema,
  archiveResultSchema,
  archiveStudentsSchema,
  deleteStudentResultSchema,
  removeStudentsSchema,
  unarchiveRequestSchema,
  unarchiveResultSchema,
} from '../contracts/archive';
import { endpoint } from '../contracts/endpoint';
import { accountParams, MANAGER_ACCESS, STAFF_ACCESS, studentParams } from './common';

const tags = ['archive'];

/** Removing, archiving and unarchiving students (spec part 1 §4 "Student lifecycle"). */
export const archiveEndpoints = {
  remove: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/students/remove',
    access: STAFF_ACCESS,
    tags,
    summary: 'Remove students from a classroom (archived with type Delete)',
    params: accountParams,
    body: removeStudentsSchema,
    response: archiveResultSchema,
  }),
  archive: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/students/archive',
    access: STAFF_ACCESS,
    tags,
    summary: 'Archive students (type Archive) from some or all of their classrooms',
    params: accountParams,
    body: archiveStudentsSchema,
    response: archiveResultSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/archive',
    access: STAFF_ACCESS,
    tags,
    resource: 'archive',
    summary: "Archived students with their archived classrooms (an admin's own account: all teachers)",
    params: accountParams,
    query: archiveListQuerySchema,
    response: archivePageSchema,
  }),
  unarchive: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/archive/:studentId/unarchive',
    access: STAFF_ACCESS,
    tags,
    summary: 'Unarchive a student into chosen archived classrooms (at least one)',
    params: studentParams,
    body: unarchiveRequestSchema,
    response: unarchiveResultSchema,
  }),
  deleteStudent: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/archive/:studentId',
    // Deleting takes the student's payments with it: the account's owners decide, not assistants.
    access: MANAGER_ACCESS,
    tags,
    summary:
      'Delete an archived student for good, with their payments and records (kept in the Recycle bin on plans with data recovery)',
    params: studentParams,
    response: deleteStudentResultSchema,
  }),
};
