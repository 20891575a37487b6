import {
  classroomFileInputSchema,
  classroomFileSchema,
  classroomFilesSchema,
  classroomFileUpdateSchema,
  familyFilesSchema,
  fileContentQuerySchema,
  fileFolderInputSchema,
  fileFolderSchema,
  storageUsageSchema,
} from '../contracts/classroom-files';
import { endpoint } from '../contracts/endpoint';
import { portalStudentParams } from '../contracts/portal';
import { FAMILY_FILE_PATHS as family } from './classroom-file-paths';
import { accountParams, classroomParams, idParam, okSchema, STAFF_ACCESS } from './common';

const tags = ['classroom-files'];
const resource = 'classroom-files';
const FAMILY = { roles: ['Parent', 'Student'] } as const;

export const classroomFileParams = accountParams.extend({ fileId: idParam });
export const fileFolderParams = accountParams.extend({ folderId: idParam });
export const familyFileParams = portalStudentParams.extend({ fileId: idParam });

/**
 * Files and notes per classroom (contracts/classroom-files.ts). Staff who see the classroom keep
 * its files (modules/classroom-files/classroom-files.policy.ts); families read what is shared.
 */
export const classroomFileEndpoints = {
  classroomFiles: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId/files',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "A classroom's folders and files with whom each is shared",
    params: classroomParams,
    response: classroomFilesSchema,
  }),
  createFolder: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/classrooms/:classroomId/folders',
    access: STAFF_ACCESS,
    tags,
    summary: 'Make a folder in a classroom',
    params: classroomParams,
    body: fileFolderInputSchema,
    response: fileFolderSchema,
    status: 201,
  }),
  deleteFolder: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/file-folders/:folderId',
    access: STAFF_ACCESS,
    tags,
    summary: 'Delete a folder and every file in it',
    params: fileFolderParams,
    response: okSchema,
  }),
  createFile: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/classrooms/:classroomId/files',
    access: STAFF_ACCESS,
    tags,
    summary:
      'Add a finished upload (or a note) to a classroom, shared with nobody, the classroom or students',
    params: classroomParams,
    body: classroomFileInputSchema,
    response: classroomFileSchema,
    status: 201,
  }),
  updateFile: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/classroom-files/:fileId',
    access: STAFF_ACCESS,
    tags,
    summary: "Change a file's title, note, folder or sharing",
    params: classroomFileParams,
    body: classroomFileUpdateSchema,
    response: classroomFileSchema,
  }),
  deleteFile: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/classroom-files/:fileId',
    access: STAFF_ACCESS,
    tags,
    summary: 'Delete a file (its storage is freed)',
    params: classroomFileParams,
    response: okSchema,
  }),
  fileContent: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classroom-files/:fileId/content',
    access: STAFF_ACCESS,
    tags,
    summary: 'The file itself, opened in the browser (PDF, pictures) or saved with ?download=1',
    params: classroomFileParams,
    query: fileContentQuerySchema,
  }),
  storageUsage: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/storage-usage',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "Storage the account uses for files and for video, against its plan's limits",
    params: accountParams,
    response: storageUsageSchema,
  }),
  familyFiles: endpoint({
    method: 'GET',
    path: family.list,
    access: FAMILY,
    tags,
    resource,
    summary: "The files and notes shared with a child: with one of the child's classrooms or the child",
    params: portalStudentParams,
    response: familyFilesSchema,
  }),
  familyFileContent: endpoint({
    method: 'GET',
    path: family.content,
    access: FAMILY,
    tags,
    summary: 'A file shared with the child, opened or saved with ?download=1',
    params: familyFileParams,
    query: fileContentQuerySchema,
  }),
};
