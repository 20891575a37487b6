import type { ReportAssessmentTable } from '@batchwise/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LetterGrade } from '../../components/letter-grade';
import { useReportFormat } from './report-format';
import styles from './report-table.module.css';
import { TotalCells } from './total-cells';

/**
 * One assessment's results (`/atableviewreportassessmentview`, `/tableviewreportassessmentview`):
 * a row per student, merit order, with each subject's marks (its parts under them), the total,
 * GPA and position in that assessment.
 */
export function AssessmentTableView({
  table,
  backLink,
  cardLink,
  tools,
}: {
  table: ReportAssessmentTable;
  backLink: string;
  cardLink?: (studentId: string) => string;
  tools?: ReactNode;
}) {
  const { t } = useTranslation('report-cards');
  const f = useReportFormat();
  const gpa = table.mode === 'gpa';
  const rows = [...table.rows].sort((a, b) => {
    if (a.position !== b.position) {
      if (a.position === null) return 1;
      if (b.position === null) return -1;
      return a.position - b.position;
    }
    return a.name.localeCompare(b.name);
  });
  return (
    <div className={styles.wrap}>
      <p className={styles.back}>
        <Link to={backLink}>← {t('page.backToTerm', { term: table.term })}</Link>
      </p>
      <header className={styles.head}>
        <div>
          <p className={styles.muted}>
            {table.institution.name} · {table.classroom.name}
          </p>
          <h1 className={styles.title}>{table.assessment.name}</h1>
          <p className={styles.muted}>
            {f.day(table.assessment.heldOn)} ·{' '}
            {t('table.summary', {
              students: f.number(table.rows.length),
              average: f.percent(table.average.classPercent),
              highest: f.percent(table.average.highestPercent),
            })}
          </p>
        </div>
        {tools}
      </header>
      <section className={styles.scroll} aria-label={table.assessment.name}>
        <table className={styles.table} data-testid="report-assessment-table">
          <thead>
            <tr>
              <th scope="col" className={styles.sticky}>
                {t('table.student')}
              </th>
              {table.subjects.map((s) => (
                <th key={s.id} scope="col" className={styles.num}>
                  {s.name}
                  <small className={styles.sub}>
                    {s.kind === 'optional' ? `${t('card.optional')} · ` : ''}
                    {f.marks(s.fullMarks)}
                  </small>
                </th>
              ))}
              <th scope="col" className={styles.num}>
                {t('card.totalMarks')}
              </th>
              <th scope="col" className={styles.num}>
                %
              </th>
              {gpa ? (
                <th scope="col" className={styles.num}>
                  {t('card.gpa')}
                </th>
              ) : null}
              <th scope="col" className={styles.num}>
                {t('card.position')}
              </th>
              <th scope="col">{t('table.result')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.studentId} data-testid="report-table-row">
                <th scope="row" className={styles.sticky}>
                  {cardLink ? <Link to={cardLink(row.studentId)}>{row.name}</Link> : row.name}
                  {row.customId ? <small className={styles.id}>{row.customId}</small> : null}
                </th>
                {row.subjects.map((s) => (
                  <td key={s.subjectId} className={`${styles.num} ${s.passed === false ? styles.fail : ''}`}>
                    {s.absent ? t('card.absent') : s.complete ? f.marks(s.obtained) : '–'}
                    {gpa && s.letter ? (
                      <>
                        {' '}
                        <LetterGrade letter={s.letter} />
                      </>
                    ) : null}
                    {s.parts.length > 1 ? (
                      <small className={styles.sub}>
                        {s.parts
                          .map((p) =>
                            p.absent ? t('card.absentShort') : p.marks === null ? '–' : f.marks(p.marks),
                          )
                          .join(' + ')}
                      </small>
                    ) : null}
                  </td>
                ))}
                <TotalCells row={row} gpa={gpa} />
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
