import { LetterGrade } from '../../components/letter-grade';
import { ResultBadge } from './report-card-sections';
import { useReportFormat } from './report-format';
import styles from './report-table.module.css';

/** A row's overall figures in a result table: marks, percentage, GPA, position and result. */
export function TotalCells({
  row,
  gpa,
}: {
  row: {
    obtained: number;
    fullMarks: number;
    percent: number | null;
    gpa: number | null;
    letter: string | null;
    position: number | null;
    passed: boolean | null;
    complete: boolean;
  };
  /** GPA mode (a percentage-only scale has no GPA column). */
  gpa: boolean;
}) {
  const f = useReportFormat();
  return (
    <>
      <td className={styles.num}>
        {f.marks(row.obtained)}/{f.marks(row.fullMarks)}
      </td>
      <td className={styles.num}>{f.percent(row.percent)}</td>
      {gpa ? (
        <td className={styles.num}>
          {row.gpa === null ? '–' : f.gpa(row.gpa)}
          {row.letter ? (
            <small className={styles.sub}>
              <LetterGrade letter={row.letter} />
            </small>
          ) : null}
        </td>
      ) : null}
      <td className={`${styles.num} ${styles.position}`}>
        {row.position === null ? '–' : f.number(row.position)}
      </td>
      <td>
        <ResultBadge passed={row.passed} complete={row.complete} />
      </td>
    </>
  );
}
