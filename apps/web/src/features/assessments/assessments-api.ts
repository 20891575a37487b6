import {
  ASSESSMENT_LIMITS,
  type AssessmentInput,
  type AssessmentSubjectView,
  type AssessmentView,
  assessmentEndpoints,
  type GradeScaleInput,
  type GradeScaleView,
  type InterfaceLanguage,
  type MarkCellInput,
  type MarkCellView,
  type MarksGrid,
  type MarksImport,
  type StudentResultView,
} from '@batchwise/domain';
import type { QueryClient } from '@tanstack/react-query';
import { call, endpointQuery, refresh, urlOf } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { uploadFile } from '../../lib/upload';

export type {
  AssessmentInput,
  AssessmentSubjectView,
  AssessmentView,
  GradeScaleView,
  MarkCellView,
  MarksGrid,
  MarksImport,
  StudentResultView,
};

const classroom = (accountId: string, classroomId: string) => ({ params: { accountId, classroomId } });
const assessment = (accountId: string, assessmentId: string) => ({ params: { accountId, assessmentId } });

export function classroomAssessmentsQuery(accountId: string, classroomId: string) {
  return endpointQuery(assessmentEndpoints.classroomAssessments, {
    ...classroom(accountId, classroomId),
    query: {},
  });
}

export function assessmentTermsQuery(accountId: string, classroomId: string) {
  return endpointQuery(assessmentEndpoints.assessmentTerms, classroom(accountId, classroomId));
}

export function marksGridQuery(accountId: string, assessmentId: string) {
  return endpointQuery(assessmentEndpoints.marksGrid, assessment(accountId, assessmentId));
}

export function gradeScaleQuery(accountId: string) {
  return endpointQuery(assessmentEndpoints.gradeScale, { params: { accountId } });
}

export const assessmentsApi = {
  create: (accountId: string, classroomId: string, body: AssessmentInput) =>
    call(assessmentEndpoints.createAssessment, { ...classroom(accountId, classroomId), body }),
  update: (accountId: string, assessmentId: string, body: AssessmentInput) =>
    call(assessmentEndpoints.updateAssessment, { ...assessment(accountId, assessmentId), body }),
  remove: (accountId: string, assessmentId: string) =>
    call(assessmentEndpoints.deleteAssessment, assessment(accountId, assessmentId)),
  setPublished: (accountId: string, assessmentId: string, published: boolean) =>
    call(
      published ? assessmentEndpoints.publishAssessment : assessmentEndpoints.unpublishAssessment,
      assessment(accountId, assessmentId),
    ),
  saveMarks: (accountId: string, assessmentId: string, cells: MarkCellInput[]) =>
    call(assessmentEndpoints.saveMarks, { ...assessment(accountId, assessmentId), body: { cells } }),
  saveScale: (accountId: string, body: GradeScaleInput) =>
    call(assessmentEndpoints.saveGradeScale, { params: { accountId }, body }),
  downloadTemplate: (accountId: string, assessmentId: string, lang: InterfaceLanguage) =>
    downloadFile(
      urlOf(assessmentEndpoints.marksTemplate, { ...assessment(accountId, assessmentId), query: { lang } }),
      { fallbackName: 'marks.xlsx' },
    ),
  /** Reads and checks a filled sheet; nothing is written. */
  checkImport: (accountId: string, assessmentId: string, file: File, onProgress: (percent: number) => void) =>
    uploadFile<MarksImport>(
      urlOf(assessmentEndpoints.checkMarksImport, assessment(accountId, assessmentId)),
      file,
      { onProgress },
    ),
  /** Sends the same file again: the server checks it once more and writes every cell or none. */
  importMarks: (accountId: string, assessmentId: string, file: File, onProgress: (percent: number) => void) =>
    uploadFile<MarksImport>(
      urlOf(assessmentEndpoints.importMarks, assessment(accountId, assessmentId)),
      file,
      {
        onProgress,
      },
    ),
};

export const MARKS_SHEET_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
export const MARKS_SHEET_MAX_MB = ASSESSMENT_LIMITS.fileBytes / (1024 * 1024);

/** The client-side check of a picked sheet, before anyone waits for an upload the server refuses. */
export function sheetProblem(file: File): 'SHEET_FILE_TYPE' | 'SHEET_TOO_LARGE' | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return 'SHEET_FILE_TYPE';
  if (file.size > ASSESSMENT_LIMITS.fileBytes) return 'SHEET_TOO_LARGE';
  return null;
}

/** After any write: every list, grid, term and scale of the account. */
export function refreshAssessments(queryClient: QueryClient, accountId: string): Promise<void> {
  return refresh(queryClient, 'assessments', { accountId });
}

/** A grid column: one part of one subject, in the assessment's order. */
export interface GridColumn {
  key: string;
  subject: AssessmentSubjectView;
  part: AssessmentSubjectView['parts'][number];
}

export const cellKey = (studentId: string, subjectId: string, partKey: string) =>
  `${studentId}|${subjectId}|${partKey}`;

export function columnsOf(subjects: readonly AssessmentSubjectView[]): GridColumn[] {
  return [...subjects]
    .sort((a, b) => a.position - b.position)
    .flatMap((subject) => subject.parts.map((part) => ({ key: `${subject.id}|${part.key}`, subject, part })));
}
