import type { ReportCard } from '@batchwise/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import styles from './report-card.module.css';
import { AssessmentBreakdown, Attendance, Overview, TermSubjects } from './report-card-sections';
import { useReportFormat } from './report-format';

/**
 * One student's report card for a term (spec part 2 §2 "Report card": language toggle, score
 * overview and breakdown, average, assessments, attendance), laid out for a phone first and for
 * paper (report-card.module.css prints it without the page around it). The family's page adds
 * the acknowledgement and the feedback form; the staff's page the remark editor.
 */
export function ReportCardView({
  card,
  remark,
  actions,
  children,
}: {
  card: ReportCard;
  /** The remark block; the card's own remark, read-only, when not given. */
  remark?: ReactNode;
  /** Buttons under the header (download, print). */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('report-cards');
  const f = useReportFormat();
  const initial = [...card.student.name.trim()][0] ?? '?';
  return (
    <article className={styles.card} aria-labelledby="report-title" data-testid="report-card">
      <header className={styles.head}>
        <div className={styles.brand}>
          {card.institution.logoUrl ? (
            <img src={card.institution.logoUrl} alt="" className={styles.logo} />
          ) : null}
          <div>
            <p className={styles.institution}>{card.institution.name}</p>
            <h1 id="report-title" className={styles.title}>
              {t('card.title')}
            </h1>
            <p className={styles.muted}>
              {card.term} · {card.classroom.name}
            </p>
          </div>
        </div>
        {/* The card's language toggle (spec part 2 §2): the seven interface languages, compact. */}
        <LanguageSwitch className={styles.noPrint} />
      </header>

      <section className={styles.student} aria-label={t('card.student')}>
        {card.student.avatarUrl ? (
          <img src={card.student.avatarUrl} alt="" className={styles.photo} />
        ) : (
          <span className={styles.photo} aria-hidden="true">
            {initial}
          </span>
        )}
        <dl className={styles.facts}>
          <div>
            <dt>{t('card.student')}</dt>
            <dd data-testid="report-student">{card.student.name}</dd>
          </div>
          {card.student.customId ? (
            <div>
              <dt>{t('card.studentId')}</dt>
              <dd>{card.student.customId}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('card.teacher')}</dt>
            <dd>{card.classroom.teacherName}</dd>
          </div>
        </dl>
      </section>

      {actions ? <div className={`${styles.actions} ${styles.noPrint}`}>{actions}</div> : null}

      <Overview card={card} f={f} />
      <TermSubjects card={card} f={f} />
      <section aria-labelledby="assessments-title" className={styles.section}>
        <h2 id="assessments-title">{t('card.assessments')}</h2>
        {card.assessments.map((a) => (
          <AssessmentBreakdown key={a.id} card={card} a={a} f={f} />
        ))}
      </section>
      <Attendance card={card} f={f} />
      {remark ?? (
        <section aria-labelledby="remark-title" className={styles.section}>
          <h2 id="remark-title">{t('card.remark')}</h2>
          {card.remark ? (
            <blockquote className={styles.remark} data-testid="report-remark">
              {card.remark.text}
            </blockquote>
          ) : (
            <p className={styles.muted}>{t('card.noRemark')}</p>
          )}
        </section>
      )}
      {children}
      <footer className={styles.foot}>
        <span>{t('card.generated', { time: f.time(card.generatedAt) })}</span>
      </footer>
    </article>
  );
}
