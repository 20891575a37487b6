import { endpoint } from '../contracts/endpoint';
import { portalStudentParams } from '../contracts/portal';
import { smsPreviewSchema, smsQueuedSchema } from '../contracts/sms';
import {
  wallAttachmentSchema,
  wallCommentInputSchema,
  wallCommentSchema,
  wallPageQuerySchema,
  wallPageSchema,
  wallPostInputSchema,
  wallPostSchema,
  wallPostUpdateSchema,
  wallSmsSchema,
} from '../contracts/wall';
import { accountParams, classroomParams, idParam, okSchema, STAFF_ACCESS } from './common';
import { FAMILY_ACCESS } from './portal';
import { WALL_FAMILY_PATHS as family } from './wall-paths';

const tags = ['wall'];
const resource = 'wall';
const postParams = accountParams.extend({ postId: idParam });
const familyPostParams = portalStudentParams.extend({ postId: idParam });
/** Only students comment; parents read (modules/wall/wall.policy.ts). */
const STUDENT_ACCESS = { roles: ['Student'] } as const;

/**
 * The classroom wall (contracts/wall.ts describes each endpoint). Staff who see a classroom
 * (its teacher, the admins over it, assistants whose grant covers it) post and moderate; the SMS
 * of an announcement asks the SMS capability's own send permission.
 */
export const wallEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId/wall',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "A classroom's announcements, pinned first, then newest, with their comments",
    params: classroomParams,
    query: wallPageQuerySchema,
    response: wallPageSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/wall',
    access: STAFF_ACCESS,
    tags,
    summary: 'Post an announcement to one or more classrooms',
    params: accountParams,
    body: wallPostInputSchema,
    response: wallPostSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/accounts/:accountId/wall/:postId',
    access: STAFF_ACCESS,
    tags,
    summary: 'Pin or unpin an announcement, or turn its comments on or off',
    params: postParams,
    body: wallPostUpdateSchema,
    response: wallPostSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/wall/:postId',
    access: STAFF_ACCESS,
    tags,
    summary: 'Delete an announcement with its comments',
    params: postParams,
    response: okSchema,
  }),
  removeComment: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/wall/:postId/comments/:commentId',
    access: STAFF_ACCESS,
    tags,
    summary: "Remove a student's comment",
    params: postParams.extend({ commentId: idParam }),
    response: okSchema,
  }),
  uploadAttachment: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/wall/attachments',
    access: STAFF_ACCESS,
    tags,
    summary:
      'Upload a file for an announcement (multipart field "file"; pdf, png or jpeg, checked by content)',
    params: accountParams,
    response: wallAttachmentSchema,
    status: 201,
  }),
  smsPreview: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/wall/:postId/sms/preview',
    access: STAFF_ACCESS,
    tags,
    summary: 'What sending the announcement as SMS to its classrooms costs, before it is sent',
    params: postParams,
    body: wallSmsSchema,
    response: smsPreviewSchema,
  }),
  sendSms: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/wall/:postId/sms',
    access: STAFF_ACCESS,
    tags,
    summary: 'Send the announcement as SMS to its classrooms (once; charged to the SMS quota)',
    params: postParams,
    body: wallSmsSchema,
    response: smsQueuedSchema,
    status: 201,
  }),
  familyWall: endpoint({
    method: 'GET',
    path: family.wall,
    access: FAMILY_ACCESS,
    tags,
    resource: 'portal',
    summary: "The announcements of a child's classrooms, pinned first, then newest",
    params: portalStudentParams,
    query: wallPageQuerySchema,
    response: wallPageSchema,
  }),
  comment: endpoint({
    method: 'POST',
    path: family.comment,
    access: STUDENT_ACCESS,
    tags,
    summary: 'Comment on an announcement of one of your classrooms',
    params: familyPostParams,
    body: wallCommentInputSchema,
    response: wallCommentSchema,
    status: 201,
  }),
  removeOwnComment: endpoint({
    method: 'DELETE',
    path: family.removeComment,
    access: STUDENT_ACCESS,
    tags,
    summary: 'Remove your own comment',
    params: familyPostParams.extend({ commentId: idParam }),
    response: okSchema,
  }),
};
