import {
  type ClassroomFile,
  type ClassroomFileInput,
  type ClassroomFileUpdate,
  classroomEndpoints,
  classroomFileEndpoints as endpoints,
} from '@batchwise/domain';
import type { QueryClient } from '@tanstack/react-query';
import { call, endpointQuery, refresh, urlOf } from '../../lib/api-client';

export type { ClassroomFile };

const inClassroom = (accountId: string, classroomId: string) => ({ params: { accountId, classroomId } });
const file = (accountId: string, fileId: string) => ({ params: { accountId, fileId } });

export const filesQuery = (accountId: string, classroomId: string) =>
  endpointQuery(endpoints.classroomFiles, inClassroom(accountId, classroomId));
export const usageQuery = (accountId: string) =>
  endpointQuery(endpoints.storageUsage, { params: { accountId } });
/** The classroom's roster, to share a file with chosen students. */
export const rosterQuery = (accountId: string, classroomId: string) =>
  endpointQuery(classroomEndpoints.detail, inClassroom(accountId, classroomId));

export const filesApi = {
  createFolder: (accountId: string, classroomId: string, name: string) =>
    call(endpoints.createFolder, { ...inClassroom(accountId, classroomId), body: { name } }),
  deleteFolder: (accountId: string, folderId: string) =>
    call(endpoints.deleteFolder, { params: { accountId, folderId } }),
  create: (accountId: string, classroomId: string, body: ClassroomFileInput) =>
    call(endpoints.createFile, { ...inClassroom(accountId, classroomId), body }),
  update: (accountId: string, fileId: string, body: ClassroomFileUpdate) =>
    call(endpoints.updateFile, { ...file(accountId, fileId), body }),
  remove: (accountId: string, fileId: string) => call(endpoints.deleteFile, file(accountId, fileId)),
  contentUrl: (accountId: string, fileId: string, download = false) =>
    urlOf(endpoints.fileContent, { ...file(accountId, fileId), query: download ? { download: '1' } : {} }),
};

export const refreshFiles = (queryClient: QueryClient, accountId: string) =>
  refresh(queryClient, 'classroom-files', { accountId });
