import { REPORT_CARD_LIMITS, type ReportCard, reportCardEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call, endpointQuery, queryKeyOf, urlOf } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AiRemarkDraft } from './ai-remark-draft';
import styles from './report-card.module.css';
import { ReportCardView } from './report-card-view';
import { useReportFormat } from './report-format';
import pageStyles from './report-page.module.css';
import { reportPaths } from './report-paths';
import { ReportStates } from './report-states';

/**
 * `/aviewreport?accountId=…&classroomId=…&studentId=…&term=…`: one student's card for the staff
 * who work the classroom (signed in; the server checks who may see it). Like the family's page,
 * with the teacher's remark editable, the family's acknowledgement and feedback shown, and a link
 * made for the family on the spot.
 */
export function AdminViewReportPage() {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const [params] = useSearchParams();
  const accountId = params.get('accountId') ?? '';
  const classroomId = params.get('classroomId') ?? '';
  const studentId = params.get('studentId') ?? '';
  const term = params.get('term') ?? '';
  const missing = !accountId || !classroomId || !studentId || !term;
  const input = { params: { accountId, classroomId, studentId }, query: { term } };
  const card = useQuery({
    ...endpointQuery(reportCardEndpoints.reportCard, input),
    enabled: !missing,
    retry: false,
  });
  useDocumentTitle(card.data ? `${t('card.title')} · ${card.data.student.name}` : t('card.title'));
  const where = { accountId, classroomId, term };

  return (
    <section className={styles.page} aria-live="polite">
      <p className={`${pageStyles.back} ${styles.noPrint}`}>
        <Link to={reportPaths.adminTable(where)}>← {t('page.backToTable')}</Link>
      </p>
      <ReportStates missing={missing} query={card} invalidText={t('page.invalidAddress')}>
        {(data) => (
          <ReportCardView
            card={data}
            actions={<StaffActions where={where} studentId={studentId} />}
            remark={<RemarkEditor where={where} studentId={studentId} card={data} />}
          >
            <FamilyState card={data} />
          </ReportCardView>
        )}
      </ReportStates>
    </section>
  );
}

type Where = { accountId: string; classroomId: string; term: string };

function StaffActions({ where, studentId }: { where: Where; studentId: string }) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const f = useReportFormat();
  const [link, setLink] = useState<string | null>(null);
  const params = { accountId: where.accountId, classroomId: where.classroomId };
  const pdf = useMutation({
    mutationFn: () =>
      downloadFile(
        urlOf(reportCardEndpoints.reportPdf, {
          params,
          query: { term: where.term, studentId, lang: f.language },
        }),
        { fallbackName: 'report-card.pdf' },
      ),
  });
  const issue = useMutation({
    mutationFn: () =>
      call(reportCardEndpoints.issueReportLinks, {
        params,
        body: { term: where.term, studentIds: [studentId] },
      }),
    onSuccess: (answer) => setLink(answer.links[0]?.shortUrl ?? null),
  });
  const failure = pdf.error ?? issue.error;
  return (
    <>
      <button
        type="button"
        className={`bw-btn bw-btn--primary ${pageStyles.button}`}
        onClick={() => pdf.mutate()}
        disabled={pdf.isPending}
      >
        {pdf.isPending ? t('page.preparingPdf') : t('page.downloadPdf')}
      </button>
      <button
        type="button"
        className={`bw-btn bw-btn--ghost ${pageStyles.button}`}
        onClick={() => window.print()}
      >
        {t('page.print')}
      </button>
      <button
        type="button"
        className={`bw-btn bw-btn--ghost ${pageStyles.button}`}
        onClick={() => issue.mutate()}
        disabled={issue.isPending}
      >
        {t('page.makeLink')}
      </button>
      {link ? (
        <p className={pageStyles.success} data-testid="report-issued-link">
          {t('page.linkMade')} <a href={link}>{link}</a>
        </p>
      ) : null}
      {failure ? (
        <p className={pageStyles.error} role="alert">
          {translateError(t, failure)}
        </p>
      ) : null}
    </>
  );
}

function RemarkEditor({ where, studentId, card }: { where: Where; studentId: string; card: ReportCard }) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const f = useReportFormat();
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(card.remark?.text ?? '');
  const save = useMutation({
    mutationFn: () =>
      call(reportCardEndpoints.saveReportRemark, {
        params: { accountId: where.accountId, classroomId: where.classroomId, studentId },
        body: { term: where.term, remark: text },
      }),
    onSuccess: (remark) => {
      const key = queryKeyOf(reportCardEndpoints.reportCard, {
        params: { accountId: where.accountId, classroomId: where.classroomId, studentId },
        query: { term: where.term },
      });
      queryClient.setQueryData<ReportCard>(key, (old) => (old ? { ...old, remark } : old));
    },
  });
  const changed = text.trim() !== (card.remark?.text ?? '');
  return (
    <section aria-labelledby="remark-title" className={styles.section}>
      <h2 id="remark-title">{t('card.remark')}</h2>
      <blockquote className={`${styles.remark} ${pageStyles.printOnly}`}>
        {card.remark?.text ?? ''}
      </blockquote>
      <div className={`${pageStyles.panel} ${styles.noPrint}`}>
        <AiRemarkDraft
          accountId={where.accountId}
          classroomId={where.classroomId}
          studentId={studentId}
          term={where.term}
          onDraft={setText}
        />
        <label htmlFor={id} className={pageStyles.muted}>
          {t('remark.label')}
        </label>
        <textarea
          id={id}
          className={pageStyles.textarea}
          value={text}
          maxLength={REPORT_CARD_LIMITS.remark}
          onChange={(event) => setText(event.target.value)}
          data-testid="report-remark-text"
        />
        <div className={pageStyles.formRow}>
          <span className={pageStyles.muted}>
            {card.remark ? t('remark.saved', { time: f.time(card.remark.updatedAt) }) : t('remark.none')}
          </span>
          <button
            type="button"
            className={`bw-btn bw-btn--primary ${pageStyles.button}`}
            disabled={!changed || save.isPending}
            onClick={() => save.mutate()}
            data-testid="report-remark-save"
          >
            {t('remark.save')}
          </button>
        </div>
        {save.isError ? (
          <p className={pageStyles.error} role="alert">
            {translateError(t, save.error)}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** What the family has done with the card: acknowledged it, and what they wrote. */
function FamilyState({ card }: { card: ReportCard }) {
  const { t } = useTranslation('report-cards');
  const f = useReportFormat();
  return (
    <section className={`${pageStyles.panel} ${styles.noPrint}`} aria-labelledby="family-title">
      <h2 id="family-title">{t('family.title')}</h2>
      <p className={card.acknowledgedAt === null ? pageStyles.muted : pageStyles.success}>
        {card.acknowledgedAt === null
          ? t('family.notAcknowledged')
          : `✓ ${t('ack.done', { time: f.time(card.acknowledgedAt) })}`}
      </p>
      {card.feedback.length === 0 ? (
        <p className={pageStyles.muted}>{t('family.noFeedback')}</p>
      ) : (
        <ul className={pageStyles.sent}>
          {card.feedback.map((item) => (
            <li key={item.id}>
              {item.text}
              <small>
                {f.time(item.createdAt)}
                {item.readAt === null ? ` · ${t('family.unread')}` : ''}
              </small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
