import { App } from 'antd';
import {
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ScrollCue } from '../../components/antd/scroll-cue';
import { useDirection, useLanguage } from '../../lib/use-language';
import { cellKey, columnsOf, type MarksGrid as Grid } from './assessments-api';
import { CellPanel } from './cell-panel';
import { arrowMove, type CellPos, type Move, moveFrom, parsePasteBlock, pasteTargets } from './grid-input';
import styles from './marks-grid.module.css';
import { MarksRow, type ResultFormat, serverText } from './marks-row';
import type { MarksAutosave } from './use-marks-autosave';

/**
 * How the focused cell takes keys, as in a spreadsheet: `ready` (just focused: typing replaces,
 * Delete clears, arrows move), `typing` (replacing: Backspace edits, arrows still move) and `edit`
 * (F2 or double-click: Left and Right move the caret inside the cell).
 */
type Mode = 'ready' | 'typing' | 'edit';

function positionOf(target: EventTarget): CellPos | null {
  if (!(target instanceof HTMLInputElement) || target.dataset.row === undefined) return null;
  return { row: Number(target.dataset.row), col: Number(target.dataset.col) };
}

/**
 * The marks grid: students × subject parts, with the server's totals, grades,
 * GPA and positions beside them. Keyboard: arrows, Enter (down), Tab (across), typing replaces,
 * Delete clears, "a"/"ab" marks absent, F2 edits; a block pasted from a spreadsheet fills cells
 * from the focused one. Saving is the autosave hook's business.
 */
export function MarksGrid({ grid, marks }: { grid: Grid; marks: MarksAutosave }) {
  const { t } = useTranslation('assessments');
  const { locale } = useLanguage();
  const direction = useDirection();
  const { message } = App.useApp();
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const mode = useRef<Mode>('ready');
  const focusText = useRef('');
  const [active, setActive] = useState<CellPos>({ row: 0, col: 0 });
  const columns = useMemo(() => columnsOf(grid.assessment.subjects), [grid.assessment.subjects]);
  const students = grid.students;
  const rows = students.length;
  const cols = columns.length;
  const gpaMode = grid.scale.mode === 'gpa';
  const results = useMemo(() => new Map(grid.results.map((r) => [r.studentId, r])), [grid.results]);
  const { setCells, drafts, serverCells } = marks;

  const format = useMemo<ResultFormat>(() => {
    const two = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const gpa = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const whole = new Intl.NumberFormat(locale);
    return {
      marks: (value) => two.format(value),
      percent: (value) => `${two.format(value)}%`,
      gpa: (value) => gpa.format(value),
      position: (value) => whole.format(value),
    };
  }, [locale]);

  const handleText = useCallback(
    (row: number, col: number, text: string) => {
      const student = students[row];
      const column = columns[col];
      if (student && column) setCells([{ studentId: student.id, column, text }]);
    },
    [students, columns, setCells],
  );

  const inputAt = (pos: CellPos) =>
    tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${pos.row}"][data-col="${pos.col}"]`);

  const focusCell = (pos: CellPos) => {
    const input = inputAt(pos);
    if (!input) return;
    input.focus();
    input.select();
  };

  const textAt = (pos: CellPos) => {
    const student = students[pos.row];
    const column = columns[pos.col];
    if (!student || !column) return '';
    return (
      drafts[student.id]?.[column.key]?.text ??
      serverText(
        serverCells.get(cellKey(student.id, column.subject.id, column.part.key)),
        t('grid.absentMark'),
      )
    );
  };

  const handleFocus = (event: FocusEvent<HTMLTableElement>) => {
    const pos = positionOf(event.target);
    if (!pos) return;
    mode.current = 'ready';
    focusText.current = textAt(pos);
    setActive(pos);
    if (event.target instanceof HTMLInputElement) event.target.select();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const pos = positionOf(event.target);
    if (!pos || event.nativeEvent.isComposing) return;
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    let move: Move | undefined = arrowMove(event.key, direction);
    if ((move === 'left' || move === 'right') && mode.current === 'edit') move = undefined;
    if (event.key === 'Enter') move = event.shiftKey ? 'up' : 'down';
    if (event.key === 'Tab') {
      const next = moveFrom(pos, event.shiftKey ? 'previous' : 'next', rows, cols);
      // At the grid's last (or first) cell Tab leaves the grid, so the keyboard is never trapped.
      if (next.row === pos.row && next.col === pos.col) return;
      move = event.shiftKey ? 'previous' : 'next';
    }
    if (move) {
      event.preventDefault();
      focusCell(moveFrom(pos, move, rows, cols));
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      // The old text is rendered before the select, here and now: a select a frame later would
      // catch keys typed in between (a fast typist, a busy phone) and let them replace part of it.
      flushSync(() => handleText(pos.row, pos.col, focusText.current));
      mode.current = 'ready';
      input.select();
      return;
    }
    if (event.key === 'F2') {
      event.preventDefault();
      mode.current = 'edit';
      input.setSelectionRange(input.value.length, input.value.length);
      return;
    }
    if ((event.key === 'Delete' || event.key === 'Backspace') && mode.current === 'ready') {
      event.preventDefault();
      handleText(pos.row, pos.col, '');
      return;
    }
    if (
      event.key.length === 1 &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey &&
      mode.current === 'ready'
    )
      mode.current = 'typing';
  };

  // A click keeps the whole cell selected (typing replaces it); a double-click edits inside it.
  const handleMouseUp = (event: MouseEvent<HTMLTableElement>) => {
    if (positionOf(event.target) && mode.current === 'ready') event.preventDefault();
  };
  const handleDoubleClick = (event: MouseEvent<HTMLTableElement>) => {
    if (positionOf(event.target)) mode.current = 'edit';
  };

  const handlePaste = (event: ClipboardEvent<HTMLTableElement>) => {
    const pos = positionOf(event.target);
    if (!pos) return;
    const text = event.clipboardData.getData('text/plain');
    const block = parsePasteBlock(text);
    const single = block.length === 1 && block[0]?.length === 1;
    // One value pasted while editing inside a cell is ordinary text editing.
    if (single && mode.current === 'edit') return;
    event.preventDefault();
    const { cells, dropped } = pasteTargets(pos, block, rows, cols);
    setCells(
      cells.flatMap(({ pos: at, text: value }) => {
        const student = students[at.row];
        const column = columns[at.col];
        return student && column ? [{ studentId: student.id, column, text: value }] : [];
      }),
    );
    mode.current = 'ready';
    if (!single) {
      const count = cells.length.toLocaleString(locale);
      if (dropped > 0)
        message.warning(t('grid.pastedDropped', { count: cells.length, formatted: count, dropped }));
      else message.info(t('grid.pasted', { count: cells.length, formatted: count }));
    }
  };

  const subjects = useMemo(
    () => [...grid.assessment.subjects].sort((a, b) => a.position - b.position),
    [grid.assessment.subjects],
  );
  const activeStudent = students[active.row];
  const activeColumn = columns[active.col];

  return (
    <div>
      <ScrollCue target={scrollerRef} />
      <div ref={scrollerRef} className={styles.scroller} data-testid="marks-grid-scroller">
        <table
          ref={tableRef}
          className={styles.grid}
          aria-label={t('grid.label', { name: grid.assessment.name })}
          aria-rowcount={rows + 2}
          data-testid="marks-grid"
          onFocus={handleFocus}
          onKeyDown={handleKeyDown}
          onMouseUp={handleMouseUp}
          onDoubleClick={handleDoubleClick}
          onPaste={handlePaste}
        >
          <thead>
            <tr>
              <th rowSpan={2} scope="col" className={styles.student}>
                {t('grid.student')}
              </th>
              {subjects.map((subject) => (
                <th key={subject.id} colSpan={subject.parts.length} scope="colgroup">
                  {subject.name}
                  {subject.kind === 'optional' ? ` (${t('form.kinds.optional')})` : ''}
                </th>
              ))}
              <th rowSpan={2} scope="col">
                {t('grid.total')}
                <span className={styles.full}>/{format.marks(grid.assessment.fullMarks)}</span>
              </th>
              <th rowSpan={2} scope="col">
                {t('grid.percent')}
              </th>
              {gpaMode ? (
                <>
                  <th rowSpan={2} scope="col">
                    {t('grid.grade')}
                  </th>
                  <th rowSpan={2} scope="col">
                    {t('grid.gpa')}
                  </th>
                </>
              ) : null}
              <th rowSpan={2} scope="col">
                {t('grid.position')}
              </th>
            </tr>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.part.name}
                  <span className={styles.full}>/{format.marks(column.part.fullMarks)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {students.map((student, row) => (
              <MarksRow
                key={student.id}
                row={row}
                student={student}
                columns={columns}
                serverCells={serverCells}
                drafts={drafts[student.id]}
                result={results.get(student.id)}
                activeCol={active.row === row ? active.col : null}
                gpaMode={gpaMode}
                format={format}
                onText={handleText}
              />
            ))}
          </tbody>
        </table>
      </div>
      {activeStudent && activeColumn ? (
        <CellPanel
          student={activeStudent}
          column={activeColumn}
          draft={drafts[activeStudent.id]?.[activeColumn.key]}
          format={format}
          onResolve={(choice) =>
            marks.resolve([{ studentId: activeStudent.id, column: activeColumn.key }], choice)
          }
        />
      ) : null}
    </div>
  );
}
