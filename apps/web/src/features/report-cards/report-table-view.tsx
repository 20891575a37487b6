import type { ReportTable } from '@batchwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LetterGrade } from '../../components/letter-grade';
import { useReportFormat } from './report-format';
import styles from './report-table.module.css';
import { TotalCells } from './total-cells';

type Row = ReportTable['rows'][number];
type Columns = 'assessments' | 'subjects';
type Order = 'merit' | 'name';

/** Best first; students without a position (marks missing) last, by name. */
function byMerit(a: Row, b: Row): number {
  if (a.position !== b.position) {
    if (a.position === null) return 1;
    if (b.position === null) return -1;
    return a.position - b.position;
  }
  return a.name.localeCompare(b.name);
}

/**
 * The term's results of a classroom (`/atableviewreport`, `/tableviewreport`): a row per student
 * with each assessment (or each subject), the totals, GPA and merit position. The first column
 * stays in view while the rest scrolls sideways on a phone. Staff also see each card's state with
 * the family and reach the card from the name.
 */
export function ReportTableView({
  table,
  cardLink,
  assessmentLink,
  tools,
}: {
  table: ReportTable;
  cardLink?: (studentId: string) => string;
  assessmentLink: (assessmentId: string) => string;
  tools?: React.ReactNode;
}) {
  const { t } = useTranslation('report-cards');
  const f = useReportFormat();
  const [columns, setColumns] = useState<Columns>('assessments');
  const [order, setOrder] = useState<Order>('merit');
  const rows = [...table.rows].sort(order === 'merit' ? byMerit : (a, b) => a.name.localeCompare(b.name));
  const gpa = table.mode === 'gpa';
  const staff = table.rows.some((r) => r.status !== null);
  return (
    <div className={styles.wrap}>
      <header className={styles.head}>
        <div>
          <p className={styles.muted}>{table.institution.name}</p>
          <h1 className={styles.title}>
            {table.classroom.name} · {table.term}
          </h1>
          <p className={styles.muted}>
            {t('table.summary', {
              students: f.number(table.rows.length),
              average: f.percent(table.average.classPercent),
              highest: f.percent(table.average.highestPercent),
            })}
          </p>
        </div>
        {tools}
      </header>
      <div className={styles.controls}>
        <Segmented
          label={t('table.show')}
          value={columns}
          options={[
            ['assessments', t('table.byAssessment')],
            ['subjects', t('table.bySubject')],
          ]}
          onChange={setColumns}
        />
        <Segmented
          label={t('table.order')}
          value={order}
          options={[
            ['merit', t('table.byMerit')],
            ['name', t('table.byName')],
          ]}
          onChange={setOrder}
        />
      </div>
      {columns === 'assessments' ? (
        <ul className={styles.legend}>
          {table.assessments.map((a) => (
            <li key={a.id}>
              <Link to={assessmentLink(a.id)}>{a.name}</Link>{' '}
              <span className={styles.muted}>
                {f.day(a.heldOn)} · {t('card.weight', { weight: f.number(a.weight) })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <section className={styles.scroll} aria-label={t('table.title')}>
        <table className={styles.table} data-testid="report-table">
          <thead>
            <tr>
              <th scope="col" className={styles.sticky}>
                {t('table.student')}
              </th>
              {columns === 'assessments'
                ? table.assessments.map((a) => (
                    <th key={a.id} scope="col" className={styles.num}>
                      {a.name}
                    </th>
                  ))
                : table.subjects.map((s) => (
                    <th key={s.name} scope="col" className={styles.num}>
                      {s.name}
                    </th>
                  ))}
              <th scope="col" className={styles.num}>
                {t('card.totalMarks')}
              </th>
              <th scope="col" className={styles.num}>
                {t('card.average')}
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
              {staff ? <th scope="col">{t('table.family')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.studentId} data-testid="report-table-row">
                <th scope="row" className={styles.sticky}>
                  {cardLink ? <Link to={cardLink(row.studentId)}>{row.name}</Link> : row.name}
                  {row.customId ? <small className={styles.id}>{row.customId}</small> : null}
                </th>
                {columns === 'assessments'
                  ? row.assessments.map((a) => (
                      <td key={a.assessmentId} className={styles.num}>
                        {f.percent(a.percent)}
                        {gpa && a.gpa !== null ? (
                          <small className={styles.sub}>
                            {f.gpa(a.gpa)} <LetterGrade letter={a.letter} />
                          </small>
                        ) : null}
                      </td>
                    ))
                  : row.subjects.map((s) => (
                      <td key={s.name} className={`${styles.num} ${s.passed === false ? styles.fail : ''}`}>
                        {f.percent(s.percent)}
                        {gpa && s.letter ? (
                          <small className={styles.sub}>
                            <LetterGrade letter={s.letter} />
                          </small>
                        ) : null}
                      </td>
                    ))}
                <TotalCells row={row} gpa={gpa} />
                {staff ? <FamilyCell row={row} /> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function FamilyCell({ row }: { row: Row }) {
  const { t } = useTranslation('report-cards');
  const f = useReportFormat();
  const s = row.status;
  if (!s) return <td />;
  return (
    <td>
      {/* A flex box inside the cell: a flex td stops being a table cell and loses the row's lines. */}
      <div className={styles.family}>
        {s.acknowledgedAt !== null ? (
          <span className={styles.ack} title={f.time(s.acknowledgedAt)}>
            ✓ {t('table.acknowledged')}
          </span>
        ) : s.liveLinks > 0 ? (
          <span className={styles.muted}>{t('table.linkSent')}</span>
        ) : (
          <span className={styles.muted}>{t('table.noLink')}</span>
        )}
        {s.unreadFeedback > 0 ? (
          <span className={styles.unread}>
            {t('table.unread', { count: s.unreadFeedback, formatted: f.number(s.unreadFeedback) })}
          </span>
        ) : null}
      </div>
    </td>
  );
}

function Segmented<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: [V, string][];
  onChange: (next: V) => void;
}) {
  return (
    <fieldset className={styles.segmented} aria-label={label}>
      {options.map(([option, text]) => (
        <button key={option} type="button" aria-pressed={value === option} onClick={() => onChange(option)}>
          {text}
        </button>
      ))}
    </fieldset>
  );
}
