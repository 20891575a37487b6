import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LetterGrade } from '../../components/letter-grade';
import {
  cellKey,
  type GridColumn,
  type MarkCellView,
  type MarksGrid,
  type StudentResultView,
} from './assessments-api';
import { formatMarks } from './grid-input';
import styles from './marks-grid.module.css';
import type { Draft } from './use-marks-autosave';

type Student = MarksGrid['students'][number];

export interface ResultFormat {
  marks: (value: number) => string;
  percent: (value: number) => string;
  gpa: (value: number) => string;
  position: (value: number) => string;
}

/** What a saved cell shows: its marks, the absent mark, or nothing. */
export function serverText(cell: MarkCellView | undefined, absentMark: string): string {
  if (!cell) return '';
  if (cell.absent) return absentMark;
  return cell.marks === null ? '' : formatMarks(cell.marks);
}

/**
 * One student's row: their cells and the server's computed result. Memoised: typing in a cell
 * re-renders its own row only (drafts are kept per row; see use-marks-autosave.ts).
 */
export const MarksRow = memo(function MarksRow({
  row,
  student,
  columns,
  serverCells,
  drafts,
  result,
  activeCol,
  gpaMode,
  format,
  onText,
}: {
  row: number;
  student: Student;
  columns: readonly GridColumn[];
  serverCells: ReadonlyMap<string, MarkCellView>;
  drafts: Readonly<Record<string, Draft>> | undefined;
  result: StudentResultView | undefined;
  /** The column of the grid's active cell when it is in this row (roving tab stop), else null. */
  activeCol: number | null;
  gpaMode: boolean;
  format: ResultFormat;
  onText: (row: number, col: number, text: string) => void;
}) {
  const { t } = useTranslation('assessments');
  const absentMark = t('grid.absentMark');
  const dash = '—';
  const failed = result?.passed === false;
  return (
    <tr data-testid="marks-row" data-student={student.id}>
      <th scope="row" className={styles.student}>
        {student.name}
        {student.customId ? <span className={styles.customId}>{student.customId}</span> : null}
      </th>
      {columns.map((column, col) => {
        const server = serverCells.get(cellKey(student.id, column.subject.id, column.part.key));
        const draft = drafts?.[column.key];
        const text = draft ? draft.text : serverText(server, absentMark);
        const state = draft?.conflict
          ? styles.conflict
          : draft?.entry.kind === 'invalid'
            ? styles.invalid
            : draft
              ? styles.pending
              : server?.absent
                ? styles.absent
                : '';
        const label = column.part.name
          ? `${student.name}, ${column.subject.name} ${column.part.name}`
          : `${student.name}, ${column.subject.name}`;
        return (
          <td key={column.key}>
            <input
              className={`${styles.cell} ${state}`}
              value={text}
              data-row={row}
              data-col={col}
              data-testid="marks-cell"
              data-state={draft?.conflict ? 'conflict' : draft ? draft.entry.kind : 'saved'}
              aria-label={label}
              aria-invalid={draft?.entry.kind === 'invalid' || undefined}
              title={
                draft?.entry.kind === 'invalid'
                  ? t(`grid.problems.${draft.entry.reason}`, { full: formatMarks(column.part.fullMarks) })
                  : undefined
              }
              tabIndex={activeCol === col ? 0 : -1}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="next"
              onChange={(event) => onText(row, col, event.target.value)}
            />
          </td>
        );
      })}
      <td className={styles.result} data-testid="result-total">
        {result ? format.marks(result.obtained) : dash}
      </td>
      <td className={styles.result} data-testid="result-percent">
        {result?.percent != null ? format.percent(result.percent) : dash}
      </td>
      {gpaMode ? (
        <>
          <td className={`${styles.result} ${failed ? styles.fail : ''}`} data-testid="result-grade">
            {result?.letter ? <LetterGrade letter={result.letter} /> : dash}
          </td>
          <td className={`${styles.result} ${failed ? styles.fail : ''}`} data-testid="result-gpa">
            {result?.gpa != null ? format.gpa(result.gpa) : dash}
          </td>
        </>
      ) : null}
      <td className={styles.result} data-testid="result-position">
        {result?.position != null ? format.position(result.position) : dash}
      </td>
    </tr>
  );
});
