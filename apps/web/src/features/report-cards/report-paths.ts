// The addresses of the report pages (lib/paths.ts names the routes; these fill in their query).

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

export interface ReportPlace {
  accountId: string;
  classroomId: string;
  term: string;
}

export const reportPaths = {
  /** One student's card for staff. */
  adminCard: (place: ReportPlace & { studentId: string }) =>
    withQuery('/aviewreport', {
      accountId: place.accountId,
      classroomId: place.classroomId,
      studentId: place.studentId,
      term: place.term,
    }),
  /** The term table for staff. */
  adminTable: (place: ReportPlace) => withQuery('/atableviewreport', { ...place }),
  /** One assessment's table for staff. */
  adminAssessment: (place: ReportPlace & { assessmentId: string }) =>
    withQuery('/atableviewreportassessmentview', { ...place }),
  /** The term table shared by its link. */
  publicTable: (key: string) => withQuery('/tableviewreport', { key }),
  publicAssessment: (key: string, assessmentId: string) =>
    withQuery('/tableviewreportassessmentview', { key, assessmentId }),
};
