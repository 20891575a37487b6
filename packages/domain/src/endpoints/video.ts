import { endpoint } from '../contracts/endpoint';
import { portalStudentParams } from '../contracts/portal';
import {
  familyVideoCoursesSchema,
  videoAddSchema,
  videoCourseInputSchema,
  videoCourseSchema,
  videoLibrarySchema,
  videoPermissionInputSchema,
  videoPlaySchema,
  videoProgressInputSchema,
  videoSchema,
  videoViewersSchema,
} from '../contracts/video';
import { accountParams, idParam, MANAGER_ACCESS, okSchema, studentParams } from './common';
import { FAMILY_ACCESS } from './portal';

const tags = ['video'];
const resource = 'videos';
const videoParams = accountParams.extend({ videoId: idParam });
const courseParams = accountParams.extend({ courseId: idParam });
const familyVideoParams = portalStudentParams.extend({ videoId: idParam });

/**
 * Private video courses (contracts/video.ts describes each endpoint). The account's teacher and
 * admins manage videos and courses (assistants are refused, as for fees); students and parents
 * of a classroom a course is attached to watch while the student's VideoPermission is "Allowed".
 */
export const videoEndpoints = {
  library: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/videos',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: "The account's videos with their processing status, its courses and classrooms",
    params: accountParams,
    response: videoLibrarySchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/videos',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Add a video from a finished upload; it is transcoded in the background',
    params: accountParams,
    body: videoAddSchema,
    response: videoSchema,
    status: 201,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/videos/:videoId',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Delete a video, its renditions and its place in courses',
    params: videoParams,
    response: okSchema,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/videos/:videoId/play',
    access: MANAGER_ACCESS,
    tags,
    summary: 'A short-lived signed address to preview a processed video',
    params: videoParams,
    response: videoPlaySchema,
  }),
  createCourse: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/video-courses',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Create a video course with its chapters and classrooms',
    params: accountParams,
    body: videoCourseInputSchema,
    response: videoCourseSchema,
    status: 201,
  }),
  saveCourse: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/video-courses/:courseId',
    access: MANAGER_ACCESS,
    tags,
    summary: "Replace a course's title, chapters (in order) and classrooms",
    params: courseParams,
    body: videoCourseInputSchema,
    response: videoCourseSchema,
  }),
  removeCourse: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/video-courses/:courseId',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Delete a course (its videos stay in the library)',
    params: courseParams,
    response: okSchema,
  }),
  viewers: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/video-courses/:courseId/viewers',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: "The students of a course's classrooms, whether each may watch, and how far each got",
    params: courseParams,
    response: videoViewersSchema,
  }),
  setPermission: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/students/:studentId/video-permission',
    access: MANAGER_ACCESS,
    tags,
    summary: "Allow or block a student's videos (VideoPermission on each of their classrooms)",
    params: studentParams,
    body: videoPermissionInputSchema,
    response: okSchema,
  }),
  familyCourses: endpoint({
    method: 'GET',
    path: '/api/portal/students/:studentId/video-courses',
    access: FAMILY_ACCESS,
    tags,
    resource,
    summary: "The video courses of a child's classrooms, with where the child left each video",
    params: portalStudentParams,
    response: familyVideoCoursesSchema,
  }),
  familyPlay: endpoint({
    method: 'POST',
    path: '/api/portal/students/:studentId/videos/:videoId/play',
    access: FAMILY_ACCESS,
    tags,
    summary: "A short-lived signed address to watch a video of one of the child's courses",
    params: familyVideoParams,
    response: videoPlaySchema,
  }),
  familyProgress: endpoint({
    method: 'PUT',
    path: '/api/portal/students/:studentId/videos/:videoId/progress',
    access: FAMILY_ACCESS,
    tags,
    summary: 'Record where the child is in a video, to resume there and for the teacher',
    params: familyVideoParams,
    body: videoProgressInputSchema,
    response: okSchema,
  }),
};
