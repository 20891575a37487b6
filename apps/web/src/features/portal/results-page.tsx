import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LetterGrade } from '../../components/letter-grade';
import { translateError } from '../../lib/translate-error';
import styles from './portal.module.css';
import { openReport, type PortalAnswer, portalQueries } from './portal-api';
import { type PortalFormat, usePortalFormat } from './portal-format';
import { EmptyState, QueryStates } from './portal-states';

type Results = PortalAnswer<'results'>;
type Card = Results['reportCards'][number];
type Assessment = Results['assessments'][number];

/**
 * A child's published results: each report card opens on the report card page (PDF, English or
 * Bangla, acknowledge and feedback, the same page a result SMS links to), and each published
 * assessment shows its marks here.
 */
export function ResultsPage({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const f = usePortalFormat();
  const query = useQuery(portalQueries.results(studentId));
  return (
    <>
      <h1 className={styles.title}>{t('results.title', { name })}</h1>
      <QueryStates query={query}>
        {(results) => (
          <>
            <section className={styles.panel} aria-labelledby="cards-title">
              <h2 id="cards-title">{t('results.cards')}</h2>
              {results.reportCards.length === 0 ? (
                <p className={styles.muted}>{t('results.noCards')}</p>
              ) : (
                <ul className={styles.list}>
                  {results.reportCards.map((card) => (
                    <ReportCardRow
                      key={`${card.classroomId}|${card.term}`}
                      studentId={studentId}
                      card={card}
                      f={f}
                    />
                  ))}
                </ul>
              )}
            </section>
            <section className={styles.panel} aria-labelledby="assessments-title">
              <h2 id="assessments-title">{t('results.assessments')}</h2>
              {results.assessments.length === 0 ? (
                <p className={styles.muted}>{t('results.noAssessments')}</p>
              ) : (
                <ul className={styles.list}>
                  {results.assessments.map((assessment) => (
                    <AssessmentRow key={assessment.assessmentId} assessment={assessment} f={f} />
                  ))}
                </ul>
              )}
            </section>
            {results.reportCards.length === 0 && results.assessments.length === 0 ? (
              <EmptyState text={t('results.empty')} testId="results-empty" />
            ) : null}
          </>
        )}
      </QueryStates>
    </>
  );
}

/** "GPA 4.5 · A" or "82%": what the card or assessment came to. */
function Score({ item, f }: { item: Pick<Card, 'gpa' | 'percent' | 'letter' | 'passed'>; f: PortalFormat }) {
  const { t } = useTranslation('portal');
  const main = item.gpa !== null ? t('result.gpa', { gpa: f.gpa(item.gpa) }) : f.percent(item.percent);
  return (
    <span className={styles.badge} data-tone={item.passed === false ? 'bad' : undefined}>
      {main}
      {item.letter ? (
        <>
          {' · '}
          <LetterGrade letter={item.letter} />
        </>
      ) : null}
    </span>
  );
}

function ReportCardRow({ studentId, card, f }: { studentId: string; card: Card; f: PortalFormat }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const open = useMutation({
    mutationFn: () => openReport(studentId, { classroomId: card.classroomId, term: card.term }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <li data-testid="results-card" data-acknowledged={card.acknowledgedAt !== null}>
      <div className={styles.row}>
        <span>
          <strong>{card.term}</strong> · {card.classroomName}
          <br />
          <span className={styles.muted}>
            {card.position !== null
              ? `${t('result.position', { position: f.number(card.position) })} · `
              : ''}
            {card.acknowledgedAt !== null
              ? t('results.acknowledged', { time: f.dateTime(card.acknowledgedAt) })
              : t('results.notAcknowledged')}
          </span>
        </span>
        <Score item={card} f={f} />
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className="bw-btn bw-btn--primary"
          onClick={() => open.mutate()}
          disabled={open.isPending}
          data-testid="results-open"
        >
          {t('results.open')}
        </button>
      </div>
      {open.isError ? (
        <p className={styles.error} role="alert">
          {translateError(t, open.error)}
        </p>
      ) : null}
    </li>
  );
}

function AssessmentRow({ assessment, f }: { assessment: Assessment; f: PortalFormat }) {
  const { t } = useTranslation('portal');
  return (
    <li data-testid="results-assessment">
      <div className={styles.row}>
        <span>
          <strong>{assessment.name}</strong> · {assessment.classroomName}
          <br />
          <span className={styles.muted}>
            {f.day(assessment.heldOn)} · {assessment.term}
          </span>
        </span>
        <span>
          {t('results.marks', {
            obtained: f.number(assessment.obtained),
            full: f.number(assessment.fullMarks),
          })}{' '}
          <Score item={assessment} f={f} />
        </span>
      </div>
      {assessment.subjects.length > 0 ? (
        <details>
          <summary>{t('results.subjects')}</summary>
          <table className={styles.table}>
            <tbody>
              {assessment.subjects.map((subject) => (
                <tr key={subject.name}>
                  <td>{subject.name}</td>
                  <td className={styles.num}>
                    {subject.absent
                      ? t('results.absent')
                      : t('results.marks', {
                          obtained: f.number(subject.obtained),
                          full: f.number(subject.fullMarks),
                        })}
                  </td>
                  <td className={styles.num}>
                    <LetterGrade letter={subject.letter} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </li>
  );
}
