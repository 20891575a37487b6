import { LINK_PATHS, REPORT_CARD_LIMITS, type ReportCard, type reportCardEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathCall, pathKey, pathQuery, pathUrl } from '../../lib/path-client';
import { translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQueryParams } from '../../lib/use-query-params';
import styles from './report-card.module.css';
import { ReportCardView } from './report-card-view';
import { useReportFormat } from './report-format';
import pageStyles from './report-page.module.css';
import { ReportStates } from './report-states';

type Contracts = typeof reportCardEndpoints;

/**
 * `/viewreport?key=…`: the report card a family opens from the link in a result SMS, with no app
 * and no sign-in. The key shows this one student's card; a revoked or mistyped
 * one shows why it does not. The family reads it in English or Bangla, downloads or prints it,
 * acknowledges receiving it (recorded once, with the time) and may leave a suggestion for the
 * teacher (the feedback form of spec part 2 §2).
 */
export function ViewReportPage() {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const params = useQueryParams();
  const key = params.get('key') ?? '';
  const card = useQuery({
    ...pathQuery<Contracts['publicReportCard']>(LINK_PATHS.reportCard, { params: { key } }),
    enabled: key !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useDocumentTitle(card.data ? `${t('card.title')} · ${card.data.student.name}` : t('card.title'));

  return (
    <section className={styles.page} aria-live="polite">
      <ReportStates missing={key === ''} query={card} invalidText={t('page.invalidLink')}>
        {(data) => (
          <ReportCardView card={data} actions={<CardActions cardKey={key} />}>
            <Acknowledge cardKey={key} card={data} />
            <Feedback cardKey={key} card={data} />
          </ReportCardView>
        )}
      </ReportStates>
    </section>
  );
}

function CardActions({ cardKey }: { cardKey: string }) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const f = useReportFormat();
  const [error, setError] = useState<string | null>(null);
  const pdf = useMutation({
    // The download helper is loaded on demand: the card's first paint does not need it.
    mutationFn: async () =>
      (await import('../../lib/download')).downloadFile(
        pathUrl<Contracts['publicReportPdf']>(LINK_PATHS.reportPdf, {
          params: { key: cardKey },
          query: { lang: f.language },
        }),
        { fallbackName: 'report-card.pdf' },
      ),
    onMutate: () => setError(null),
    onError: (e) => setError(translateError(t, e)),
  });
  return (
    <>
      <button
        type="button"
        className={`bw-btn bw-btn--primary ${pageStyles.button}`}
        onClick={() => pdf.mutate()}
        disabled={pdf.isPending}
        data-testid="report-pdf"
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
      {error ? (
        <p className={pageStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** Keeps the card in the cache up to date after the family's own writes. */
function useCardUpdate(cardKey: string) {
  const queryClient = useQueryClient();
  const queryKey = pathKey<Contracts['publicReportCard']>(LINK_PATHS.reportCard, {
    params: { key: cardKey },
  });
  return (change: (card: ReportCard) => ReportCard) =>
    queryClient.setQueryData<ReportCard>(queryKey, (old) => (old ? change(old) : old));
}

function Acknowledge({ cardKey, card }: { cardKey: string; card: ReportCard }) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const f = useReportFormat();
  const update = useCardUpdate(cardKey);
  const acknowledge = useMutation({
    mutationFn: () =>
      pathCall<Contracts['acknowledgeReport']>('POST', LINK_PATHS.acknowledgeReport, {
        params: { key: cardKey },
      }),
    onSuccess: ({ acknowledgedAt }) => update((old) => ({ ...old, acknowledgedAt })),
  });
  return (
    <section className={`${pageStyles.panel} ${styles.noPrint}`} aria-labelledby="ack-title">
      <h2 id="ack-title">{t('ack.title')}</h2>
      {card.acknowledgedAt !== null ? (
        <p className={pageStyles.success} data-testid="report-acknowledged">
          ✓ {t('ack.done', { time: f.time(card.acknowledgedAt) })}
        </p>
      ) : (
        <>
          <p className={pageStyles.muted}>{t('ack.intro')}</p>
          <button
            type="button"
            className={`bw-btn bw-btn--primary ${pageStyles.button}`}
            onClick={() => acknowledge.mutate()}
            disabled={acknowledge.isPending}
            data-testid="report-acknowledge"
          >
            {t('ack.button')}
          </button>
          {acknowledge.isError ? (
            <p className={pageStyles.error} role="alert">
              {translateError(t, acknowledge.error)}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Feedback({ cardKey, card }: { cardKey: string; card: ReportCard }) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const f = useReportFormat();
  const id = useId();
  const update = useCardUpdate(cardKey);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      pathCall<Contracts['reportFeedbackSend']>('POST', LINK_PATHS.reportFeedback, {
        params: { key: cardKey },
        body: { text },
      }),
    onSuccess: (item) => {
      update((old) => ({ ...old, feedback: [item, ...old.feedback] }));
      setText('');
      setSent(true);
    },
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    send.mutate();
  };
  return (
    <section className={`${pageStyles.panel} ${styles.noPrint}`} aria-labelledby="feedback-title">
      <h2 id="feedback-title">{t('feedback.title')}</h2>
      <form onSubmit={handleSubmit} className={pageStyles.form}>
        <label htmlFor={id} className={pageStyles.muted}>
          {t('feedback.label')}
        </label>
        <textarea
          id={id}
          className={pageStyles.textarea}
          value={text}
          maxLength={REPORT_CARD_LIMITS.feedback}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('feedback.placeholder')}
          data-testid="report-feedback-text"
        />
        <div className={pageStyles.formRow}>
          <span className={pageStyles.muted}>
            {t('feedback.count', {
              count: f.number(text.length),
              max: f.number(REPORT_CARD_LIMITS.feedback),
            })}
          </span>
          <button
            type="submit"
            className={`bw-btn bw-btn--primary ${pageStyles.button}`}
            disabled={send.isPending || text.trim() === ''}
            data-testid="report-feedback-send"
          >
            {t('feedback.send')}
          </button>
        </div>
        {send.isError ? (
          <p className={pageStyles.error} role="alert">
            {translateError(t, send.error)}
          </p>
        ) : null}
        {sent ? (
          <p className={pageStyles.success} role="status" data-testid="report-feedback-sent">
            {t('feedback.thanks')}
          </p>
        ) : null}
      </form>
      {card.feedback.length > 0 ? (
        <>
          <h3 className={pageStyles.muted}>{t('feedback.yours')}</h3>
          <ul className={pageStyles.sent}>
            {card.feedback.map((item) => (
              <li key={item.id}>
                {item.text}
                <small>
                  {f.time(item.createdAt)}
                  {item.readAt !== null ? ` · ${t('feedback.seen')}` : ''}
                </small>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
