import {
  archiveEndpoints,
  type EndpointInput,
  exportEndpoints,
  type IncludeOption,
  linkEndpoints,
  type StudentDetail,
  type StudentFormSettings,
  type StudentListQuery,
  type StudentPage,
  type StudentSaveInput,
  type StudentSaveResult,
  studentEndpoints,
  type VerificationEntry,
} from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, endpointQuery, refresh, urlOf } from '../../lib/api-client';

export { verificationQuery } from './verification-query';
export type {
  IncludeOption,
  StudentDetail,
  StudentFormSettings,
  StudentPage,
  StudentSaveResult,
  VerificationEntry,
};

export type ListQuery = Partial<StudentListQuery>;

export function studentsQuery(accountId: string, query: ListQuery) {
  return queryOptions({
    ...endpointQuery(studentEndpoints.list, { params: { accountId }, query }),
    placeholderData: (previous) => previous,
  });
}

export function studentExportPath(
  accountId: string,
  query: NonNullable<EndpointInput<typeof exportEndpoints.students>['query']>,
) {
  return urlOf(exportEndpoints.students, { params: { accountId }, query });
}

const account = (accountId: string) => ({ params: { accountId } });
const student = (accountId: string, studentId: string) => ({ params: { accountId, studentId } });

export function studentDetailQuery(accountId: string, studentId: string) {
  return endpointQuery(studentEndpoints.detail, student(accountId, studentId));
}

export function formSettingsQuery(accountId: string) {
  return { ...endpointQuery(studentEndpoints.formSettings, account(accountId)), staleTime: 30_000 };
}

export function includeOptionsQuery(accountId: string, studentId: string) {
  return queryOptions({
    ...endpointQuery(studentEndpoints.includeOptions, student(accountId, studentId)),
    select: (answer) => answer.classrooms,
  });
}

export const studentApi = {
  create: (accountId: string, body: StudentSaveInput) =>
    call(studentEndpoints.create, { ...account(accountId), body }),
  save: (accountId: string, studentId: string, body: StudentSaveInput) =>
    call(studentEndpoints.save, { ...student(accountId, studentId), body }),
  photoPath: (accountId: string, studentId: string) =>
    urlOf(studentEndpoints.photo, student(accountId, studentId)),
  remove: (accountId: string, classroomId: string, studentIds: string[]) =>
    call(archiveEndpoints.remove, { ...account(accountId), body: { classroomId, studentIds } }),
  archive: (accountId: string, studentIds: string[]) =>
    call(archiveEndpoints.archive, { ...account(accountId), body: { studentIds } }),
  authLink: (accountId: string, studentId: string, sendSms: boolean) =>
    call(linkEndpoints.studentAuthLink, { ...student(accountId, studentId), body: { sendSms } }),
  photoLink: (accountId: string, studentId: string, sendSms: boolean) =>
    call(linkEndpoints.photoLink, { ...student(accountId, studentId), body: { sendSms } }),
};

/** After a student change: lists, drawers, classroom pages and counts, the archive, figures. */
export async function refreshStudents(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    refresh(queryClient, 'students'),
    refresh(queryClient, 'classrooms'),
    refresh(queryClient, 'archive'),
    refresh(queryClient, 'accounts'),
  ]);
}
