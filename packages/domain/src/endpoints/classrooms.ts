import { z } from 'zod';
import {
  classroomDetailSchema,
  classroomGrantSchema,
  classroomInputSchema,
  classroomListQuerySchema,
  classroomListSchema,
  classroomSchema,
} from '../contracts/classroom';
import { endpoint } from '../contracts/endpoint';
import { accountParams, classroomParams, idParam, MANAGER_ACCESS, okSchema, STAFF_ACCESS } from './common';

const tags = ['classrooms'];
const resource = 'classrooms';

/** Classrooms: the list, the classroom page, its picture and its assistants (spec part 2 §1, §4). */
export const classroomEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "Classrooms the caller may see (an admin's own account: all their teachers')",
    params: accountParams,
    query: classroomListQuerySchema,
    response: classroomListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/classrooms',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Create a classroom (owners and admins)',
    params: accountParams,
    body: classroomInputSchema,
    response: classroomSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: 'The classroom page: classroom, students, fees and moderators',
    params: classroomParams,
    response: classroomDetailSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/classrooms/:classroomId',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Edit a classroom (owners and admins)',
    params: classroomParams,
    body: classroomInputSchema,
    response: classroomSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/classrooms/:classroomId/close',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Close a classroom',
    params: classroomParams,
    response: classroomSchema,
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/classrooms/:classroomId/reopen',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Reopen a closed classroom',
    params: classroomParams,
    response: classroomSchema,
  }),
  avatar: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/classrooms/:classroomId/avatar',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Upload the classroom picture (multipart field "file"; png, jpg or jpeg)',
    params: classroomParams,
    response: z.object({ avatarUrl: z.string() }),
  }),
  setAssistantGrant: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/classrooms/:classroomId/assistants/:userId',
    access: MANAGER_ACCESS,
    tags,
    summary: "Set an assistant's flags for this classroom, or block them from it",
    params: classroomParams.extend({ userId: idParam }),
    body: classroomGrantSchema,
    response: okSchema,
  }),
};
