import type {
  IssuedLink,
  StudentDetail,
  StudentFormSettings,
  StudentListQuery,
  StudentPage,
  StudentSaveInput,
  StudentSaveResult,
} from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { accountPath } from '../../lib/classrooms-query';

export type { StudentDetail, StudentFormSettings, StudentPage, StudentSaveResult };

export interface IncludeOption {
  classroomId: string;
  accountId: string;
  teacherName: string;
  grade: string;
  subject: string;
  name: string;
  color: string | null;
  tuitionFeePaisa: number;
}

export interface VerificationEntry {
  studentId: string;
  accountId: string;
  teacherName: string;
  name: string;
  customId: string | null;
  phone: string;
  avatarUrl: string | null;
  reasons: string[];
}

export const studentPath = (accountId: string, studentId: string, rest = '') =>
  accountPath(accountId, `/students/${encodeURIComponent(studentId)}${rest}`);

export type ListQuery = Partial<StudentListQuery>;

function listSearch(query: ListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function studentsQuery(accountId: string, query: ListQuery) {
  return queryOptions({
    queryKey: ['students', accountId, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<StudentPage>(accountPath(accountId, `/students?${listSearch(query)}`), signal),
    placeholderData: (previous) => previous,
  });
}

export function studentExportPath(
  accountId: string,
  query: ListQuery & Record<string, string | number | undefined>,
) {
  return accountPath(accountId, `/students/export?${listSearch(query)}`);
}

export function studentDetailQuery(accountId: string, studentId: string) {
  return queryOptions({
    queryKey: ['students', accountId, 'detail', studentId] as const,
    queryFn: ({ signal }) => api.get<StudentDetail>(studentPath(accountId, studentId), signal),
  });
}

export function formSettingsQuery(accountId: string) {
  return queryOptions({
    queryKey: ['students', accountId, 'fields'] as const,
    queryFn: ({ signal }) => api.get<StudentFormSettings>(accountPath(accountId, '/student-fields'), signal),
    staleTime: 30_000,
  });
}

export function includeOptionsQuery(accountId: string, studentId: string) {
  return queryOptions({
    queryKey: ['students', accountId, 'include-options', studentId] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ classrooms: IncludeOption[] }>(studentPath(accountId, studentId, '/include-options'), signal)
        .then((answer) => answer.classrooms),
  });
}

export function verificationQuery(accountId: string) {
  return queryOptions({
    queryKey: ['students', accountId, 'verification'] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ students: VerificationEntry[] }>(accountPath(accountId, '/student-verification'), signal)
        .then((answer) => answer.students),
    staleTime: 60_000,
  });
}

export const studentApi = {
  create: (accountId: string, input: StudentSaveInput) =>
    api.post<StudentSaveResult>(accountPath(accountId, '/students'), input),
  save: (accountId: string, studentId: string, input: StudentSaveInput) =>
    api.put<StudentSaveResult>(studentPath(accountId, studentId), input),
  photoPath: (accountId: string, studentId: string) => studentPath(accountId, studentId, '/photo'),
  remove: (accountId: string, classroomId: string, studentIds: string[]) =>
    api.post<{ code: string; message: string }>(accountPath(accountId, '/students/remove'), {
      classroomId,
      studentIds,
    }),
  archive: (accountId: string, studentIds: string[]) =>
    api.post<{ code: string; message: string }>(accountPath(accountId, '/students/archive'), { studentIds }),
  authLink: (accountId: string, studentId: string, sendSms: boolean) =>
    api.post<IssuedLink>(studentPath(accountId, studentId, '/auth-link'), { sendSms }),
  photoLink: (accountId: string, studentId: string, sendSms: boolean) =>
    api.post<IssuedLink>(studentPath(accountId, studentId, '/photo-link'), { sendSms }),
};

/** After a student change: lists, drawers, classroom pages and counts, the archive, figures. */
export async function refreshStudents(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['students'] }),
    queryClient.invalidateQueries({ queryKey: ['classrooms'] }),
    queryClient.invalidateQueries({ queryKey: ['archive'] }),
    queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  ]);
}
