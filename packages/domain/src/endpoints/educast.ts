import {
  educastChunkAnswerSchema,
  educastChunkParams,
  educastChunkQuery,
  educastEditSchema,
  educastFinishSchema,
  educastJoinSchema,
  educastListSchema,
  educastPublishSchema,
  educastSchema,
  educastStartSchema,
  educastWatchSchema,
  familyEducastsSchema,
} from '../contracts/educast';
import { endpoint } from '../contracts/endpoint';
import { portalStudentParams } from '../contracts/portal';
import { accountParams, idParam, MANAGER_ACCESS, okSchema } from './common';
import { FAMILY_ACCESS } from './portal';

const tags = ['educast'];
const resource = 'educasts';
const educastParams = accountParams.extend({ educastId: idParam });

/**
 * EduCast (contracts/educast.ts describes each endpoint). The account's teacher and admins record,
 * trim, publish and delete (assistants are refused, as for lesson videos); students and parents
 * watch by join code under the private course's rules.
 */
export const educastEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/educasts',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: "The account's recordings with their state, and the courses to publish into",
    params: accountParams,
    response: educastListSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/educasts',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Start a recording; its chunks are sent while it is made',
    params: accountParams,
    body: educastStartSchema,
    response: educastSchema,
    status: 201,
  }),
  chunk: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/educasts/:educastId/chunks/:seq',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Store one numbered chunk of a recording (raw WebM bytes); sending it again is harmless',
    params: educastChunkParams,
    query: educastChunkQuery,
    response: educastChunkAnswerSchema,
  }),
  finish: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/educasts/:educastId/finish',
    access: MANAGER_ACCESS,
    tags,
    summary: 'End a recording with the chunks that arrived (also one whose tab closed)',
    params: educastParams,
    body: educastFinishSchema,
    response: educastSchema,
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/educasts/:educastId',
    access: MANAGER_ACCESS,
    tags,
    summary: "Set a recording's title and the seconds to trim from its start and end",
    params: educastParams,
    body: educastEditSchema,
    response: educastSchema,
  }),
  publish: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/educasts/:educastId/publish',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Trim the recording into a lesson video of a course chapter and give it a join code',
    params: educastParams,
    body: educastPublishSchema,
    response: educastSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/educasts/:educastId',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Delete a recording and its chunks (a published lesson video stays in its course)',
    params: educastParams,
    response: okSchema,
  }),
  familyList: endpoint({
    method: 'GET',
    path: '/api/portal/students/:studentId/educasts',
    access: FAMILY_ACCESS,
    tags,
    resource,
    summary: 'The published EduCasts the child may watch',
    params: portalStudentParams,
    response: familyEducastsSchema,
  }),
  join: endpoint({
    method: 'POST',
    path: '/api/portal/students/:studentId/educasts/join',
    access: FAMILY_ACCESS,
    tags,
    summary: 'Open an EduCast by its join code: a short-lived signed address to watch it',
    params: portalStudentParams,
    body: educastJoinSchema,
    response: educastWatchSchema,
  }),
};
