import type { ReportCard } from '@batchwise/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LetterGrade } from '../../components/letter-grade';
import styles from './report-card.module.css';
import type { ReportFormat } from './report-format';

type Assessment = ReportCard['assessments'][number];

/** Passed, failed, or still waiting for marks: a word and a colour, never colour alone. */
export function ResultBadge({ passed, complete }: { passed: boolean | null; complete: boolean }) {
  const { t } = useTranslation('report-cards');
  if (!complete || passed === null)
    return <span className={`${styles.badge} ${styles.pending}`}>{t('result.pending')}</span>;
  return passed ? (
    <span className={`${styles.badge} ${styles.pass}`}>{t('result.passed')}</span>
  ) : (
    <span className={`${styles.badge} ${styles.fail}`}>{t('result.failed')}</span>
  );
}

/** The score overview: total, average, GPA (GPA scales), position, result; class average beside. */
export function Overview({ card, f }: { card: ReportCard; f: ReportFormat }) {
  const { t } = useTranslation('report-cards');
  const o = card.overview;
  const tiles: { key: string; label: string; value: ReactNode }[] = [
    { key: 'total', label: t('card.totalMarks'), value: `${f.marks(o.obtained)} / ${f.marks(o.fullMarks)}` },
    { key: 'average', label: t('card.average'), value: f.percent(o.percent) },
    ...(card.mode === 'gpa'
      ? [
          {
            key: 'gpa',
            label: t('card.gpa'),
            value:
              o.gpa === null ? (
                '–'
              ) : (
                <>
                  {f.gpa(o.gpa)} (<LetterGrade letter={o.letter} />)
                </>
              ),
          },
        ]
      : []),
    {
      key: 'position',
      label: t('card.position'),
      value:
        o.position === null
          ? '–'
          : t('card.positionOf', { position: f.number(o.position), of: f.number(o.classSize) }),
    },
  ];
  const mine = o.percent ?? 0;
  const classAverage = card.average.classPercent;
  return (
    <section aria-labelledby="overview-title" className={styles.section}>
      <div className={styles.sectionHead}>
        <h2 id="overview-title">{t('card.overview')}</h2>
        <ResultBadge passed={o.passed} complete={o.complete} />
      </div>
      <dl className={styles.tiles} data-testid="report-overview">
        {tiles.map((tile) => (
          <div key={tile.key} className={styles.tile} data-testid={`overview-${tile.key}`}>
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
          </div>
        ))}
      </dl>
      {o.percent !== null && classAverage !== null ? (
        <div className={styles.compare}>
          <div className={styles.compareRow}>
            <span>{t('card.you')}</span>
            <span className={styles.bar} aria-hidden="true">
              <span style={{ width: `${Math.min(100, mine)}%` }} />
            </span>
            <span className={styles.num}>{f.percent(mine)}</span>
          </div>
          <div className={styles.compareRow}>
            <span>{t('card.classAverage')}</span>
            <span className={`${styles.bar} ${styles.barMuted}`} aria-hidden="true">
              <span style={{ width: `${Math.min(100, classAverage)}%` }} />
            </span>
            <span className={styles.num}>{f.percent(classAverage)}</span>
          </div>
          <p className={styles.muted}>
            {t('card.highest', { percent: f.percent(card.average.highestPercent) })}
          </p>
        </div>
      ) : null}
    </section>
  );
}

/** The term's subjects across its assessments (shown when the term has more than one). */
export function TermSubjects({ card, f }: { card: ReportCard; f: ReportFormat }) {
  const { t } = useTranslation('report-cards');
  if (card.assessments.length < 2) return null;
  return (
    <section aria-labelledby="subjects-title" className={styles.section}>
      <h2 id="subjects-title">{t('card.subjects')}</h2>
      <ul className={styles.subjects}>
        {card.overview.subjects.map((s) => (
          <li key={s.name}>
            <span className={styles.subjectName}>
              {s.name}
              {s.kind === 'optional' ? <small> · {t('card.optional')}</small> : null}
            </span>
            <span className={styles.bar} aria-hidden="true">
              <span style={{ width: `${Math.min(100, s.percent ?? 0)}%` }} />
            </span>
            <span className={styles.num}>{f.percent(s.percent)}</span>
            <span className={styles.grade}>
              {card.mode === 'gpa' ? (
                s.letter ? (
                  <LetterGrade letter={s.letter} />
                ) : (
                  '–'
                )
              ) : (
                <ResultBadge passed={s.passed} complete={s.complete} />
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One assessment's breakdown: subjects with their parts, marks, grade and point. */
export function AssessmentBreakdown({ card, a, f }: { card: ReportCard; a: Assessment; f: ReportFormat }) {
  const { t } = useTranslation('report-cards');
  const gpa = card.mode === 'gpa';
  return (
    <details className={styles.assessment} open data-testid="report-assessment">
      <summary>
        <span className={styles.assessmentName}>{a.name}</span>
        <span className={styles.muted}>
          {f.day(a.heldOn)}
          {card.assessments.length > 1 ? ` · ${t('card.weight', { weight: f.number(a.weight) })}` : ''}
          {a.position !== null ? ` · ${t('card.positionShort', { position: f.number(a.position) })}` : ''}
        </span>
      </summary>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('card.subject')}</th>
              <th scope="col" className={styles.num}>
                {t('card.marks')}
              </th>
              <th scope="col" className={styles.num}>
                %
              </th>
              {gpa ? (
                <th scope="col" className={styles.num}>
                  {t('card.grade')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {a.subjects.map((s) => (
              <tr key={s.subjectId}>
                <th scope="row">
                  {s.name}
                  {s.kind === 'optional' ? (
                    <small className={styles.muted}> · {t('card.optional')}</small>
                  ) : null}
                  {s.parts.length > 1 || s.parts[0]?.name ? (
                    <small className={styles.parts}>
                      {s.parts
                        .map(
                          (p) =>
                            `${p.name || p.key} ${p.absent ? t('card.absent') : p.marks === null ? '–' : f.marks(p.marks)}/${f.marks(p.fullMarks)}`,
                        )
                        .join(' · ')}
                    </small>
                  ) : null}
                </th>
                <td className={styles.num}>
                  {s.absent ? t('card.absent') : `${f.marks(s.obtained)}/${f.marks(s.fullMarks)}`}
                </td>
                <td className={styles.num}>{f.percent(s.percent)}</td>
                {gpa ? (
                  <td className={`${styles.num} ${s.passed === false ? styles.failText : ''}`}>
                    {s.letter ? <LetterGrade letter={s.letter} /> : '–'}
                    {s.point !== null ? <small className={styles.muted}> {f.gpa(s.point)}</small> : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">
                <ResultBadge passed={a.passed} complete={a.complete} />
              </th>
              <td className={styles.num}>
                {f.marks(a.obtained)}/{f.marks(a.fullMarks)}
              </td>
              <td className={styles.num}>{f.percent(a.percent)}</td>
              {gpa ? (
                <td className={styles.num}>
                  {a.gpa === null ? (
                    '–'
                  ) : (
                    <>
                      {f.gpa(a.gpa)} <LetterGrade letter={a.letter} />
                    </>
                  )}
                </td>
              ) : null}
            </tr>
          </tfoot>
        </table>
      </div>
    </details>
  );
}

/** Attendance of the term, when the classroom takes it (nothing is shown otherwise). */
export function Attendance({ card, f }: { card: ReportCard; f: ReportFormat }) {
  const { t } = useTranslation('report-cards');
  const a = card.attendance;
  if (!a) return null;
  const items = [
    ['present', a.present],
    ['late', a.late],
    ['absent', a.absent],
    ['leave', a.leave],
  ] as const;
  return (
    <section aria-labelledby="attendance-title" className={styles.section} data-testid="report-attendance">
      <div className={styles.sectionHead}>
        <h2 id="attendance-title">{t('card.attendance')}</h2>
        <span className={styles.muted}>
          {f.day(a.from)} – {f.day(a.to)}
        </span>
      </div>
      <p className={styles.attendanceLine}>
        <strong>{f.percent(a.percent)}</strong> {t('attendance.of', { sessions: f.number(a.sessions) })}
      </p>
      <dl className={styles.counts}>
        {items.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`attendance.${key}`)}</dt>
            <dd>{f.number(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
