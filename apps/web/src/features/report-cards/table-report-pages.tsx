import { reportCardEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { endpointQuery } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AssessmentTableView } from './assessment-table-view';
import styles from './report-card.module.css';
import pageStyles from './report-page.module.css';
import { reportPaths } from './report-paths';
import { ReportStates } from './report-states';
import { ReportTableView } from './report-table-view';

// The table views of spec part 1 §2.3. Both pairs are routes without sign-in in the router (no
// full data load); the data decides who sees it:
// - /atableviewreport and /atableviewreportassessmentview are the staff's ("a" for admin): they
//   name the account, classroom and term, and the server answers only a signed-in member of the
//   classroom's staff, with each card's state with the family;
// - /tableviewreport and /tableviewreportassessmentview are the same tables shared by a link the
//   owner or an admin made for the classroom's term (`?key=`), for a notice board or a parents'
//   group; they show names and results only, and stop when the link is revoked.

function PrintButton() {
  const { t } = useTranslation('report-cards');
  return (
    <button
      type="button"
      className={`bw-btn bw-btn--ghost ${pageStyles.noPrint}`}
      onClick={() => window.print()}
    >
      {t('page.print')}
    </button>
  );
}

export function AdminTableReportPage() {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const [params] = useSearchParams();
  const place = {
    accountId: params.get('accountId') ?? '',
    classroomId: params.get('classroomId') ?? '',
    term: params.get('term') ?? '',
  };
  const missing = !place.accountId || !place.classroomId || !place.term;
  const table = useQuery({
    ...endpointQuery(reportCardEndpoints.reportTable, {
      params: { accountId: place.accountId, classroomId: place.classroomId },
      query: { term: place.term },
    }),
    enabled: !missing,
    retry: false,
  });
  useDocumentTitle(t('table.title'));
  return (
    <section className={`${styles.page} ${styles.wide}`} aria-live="polite">
      <ReportStates missing={missing} query={table} invalidText={t('page.invalidAddress')}>
        {(data) => (
          <ReportTableView
            table={data}
            tools={<PrintButton />}
            cardLink={(studentId) => reportPaths.adminCard({ ...place, studentId })}
            assessmentLink={(assessmentId) => reportPaths.adminAssessment({ ...place, assessmentId })}
          />
        )}
      </ReportStates>
    </section>
  );
}

export function PublicTableReportPage() {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const table = useQuery({
    ...endpointQuery(reportCardEndpoints.publicReportTable, { params: { key } }),
    enabled: key !== '',
    retry: false,
  });
  useDocumentTitle(t('table.title'));
  return (
    <section className={`${styles.page} ${styles.wide}`} aria-live="polite">
      <ReportStates missing={key === ''} query={table} invalidText={t('page.invalidLink')}>
        {(data) => (
          <ReportTableView
            table={data}
            tools={<PrintButton />}
            assessmentLink={(assessmentId) => reportPaths.publicAssessment(key, assessmentId)}
          />
        )}
      </ReportStates>
    </section>
  );
}

export function AdminAssessmentTablePage() {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const [params] = useSearchParams();
  const accountId = params.get('accountId') ?? '';
  const classroomId = params.get('classroomId') ?? '';
  const assessmentId = params.get('assessmentId') ?? '';
  const missing = !accountId || !classroomId || !assessmentId;
  const table = useQuery({
    ...endpointQuery(reportCardEndpoints.reportAssessmentTable, {
      params: { accountId, classroomId, assessmentId },
    }),
    enabled: !missing,
    retry: false,
  });
  useDocumentTitle(table.data?.assessment.name ?? t('table.title'));
  return (
    <section className={`${styles.page} ${styles.wide}`} aria-live="polite">
      <ReportStates missing={missing} query={table} invalidText={t('page.invalidAddress')}>
        {(data) => {
          const place = { accountId, classroomId, term: data.term };
          return (
            <AssessmentTableView
              table={data}
              tools={<PrintButton />}
              backLink={reportPaths.adminTable(place)}
              cardLink={(studentId) => reportPaths.adminCard({ ...place, studentId })}
            />
          );
        }}
      </ReportStates>
    </section>
  );
}

export function PublicAssessmentTablePage() {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const assessmentId = params.get('assessmentId') ?? '';
  const table = useQuery({
    ...endpointQuery(reportCardEndpoints.publicReportAssessmentTable, { params: { key, assessmentId } }),
    enabled: key !== '' && assessmentId !== '',
    retry: false,
  });
  useDocumentTitle(table.data?.assessment.name ?? t('table.title'));
  return (
    <section className={`${styles.page} ${styles.wide}`} aria-live="polite">
      <ReportStates missing={!key || !assessmentId} query={table} invalidText={t('page.invalidLink')}>
        {(data) => (
          <AssessmentTableView table={data} tools={<PrintButton />} backLink={reportPaths.publicTable(key)} />
        )}
      </ReportStates>
    </section>
  );
}
