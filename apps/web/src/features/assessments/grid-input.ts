/**
 * What a marks-grid cell's typed text means: a number of marks, absent, empty,
 * or something the grid refuses with a reason. Pure, so the rules are tested without a browser;
 * the server checks every saved cell again (the browser is never trusted).
 */

export type CellEntry =
  | { kind: 'empty' }
  | { kind: 'absent' }
  | { kind: 'marks'; marks: number }
  | { kind: 'invalid'; reason: CellProblem };

/** Why a cell is not sent: the grid shows it red with this reason (assessments:grid.problems.*). */
export type CellProblem = 'notNumber' | 'aboveFull' | 'negative' | 'decimals';

/** Typed forms of "absent": English `a`, `ab`, `abs`, `absent`; Bangla অ, অনু, অনুপস্থিত. */
const ABSENT = new Set(['a', 'ab', 'abs', 'absent', 'অ', 'অনু', 'অনুপস্থিত']);

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Bangla digits (০–৯) as Latin ones, so a Bangla keyboard or a Bangla sheet pastes numbers. */
export function latinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(BANGLA_DIGITS.indexOf(digit)));
}

/** Reads one cell's text against its part's full marks. */
export function parseCell(text: string, fullMarks: number): CellEntry {
  const trimmed = latinDigits(text.trim()).toLowerCase();
  if (trimmed === '') return { kind: 'empty' };
  if (ABSENT.has(trimmed)) return { kind: 'absent' };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return { kind: 'invalid', reason: 'notNumber' };
  const marks = Number(trimmed);
  if (!Number.isFinite(marks)) return { kind: 'invalid', reason: 'notNumber' };
  if (marks < 0) return { kind: 'invalid', reason: 'negative' };
  if ((trimmed.split('.')[1] ?? '').replace(/0+$/, '').length > 2)
    return { kind: 'invalid', reason: 'decimals' };
  if (marks > fullMarks) return { kind: 'invalid', reason: 'aboveFull' };
  return { kind: 'marks', marks };
}

/**
 * A block copied from Excel, LibreOffice or Google Sheets: rows end with a newline (CRLF from
 * Windows), cells are tab-separated, and the copy ends with one trailing newline that is not a row.
 * Quoted cells (a cell with a newline inside) are rare in marks and read as plain text.
 */
export function parsePasteBlock(text: string): string[][] {
  const rows = text.replace(/\r\n?/g, '\n').split('\n');
  if (rows.length > 1 && rows[rows.length - 1] === '') rows.pop();
  return rows.map((row) => row.split('\t').map((cell) => cell.replace(/^"(.*)"$/s, '$1')));
}

export interface CellPos {
  row: number;
  col: number;
}

export type Move = 'up' | 'down' | 'left' | 'right' | 'next' | 'previous';

const KEY_MOVES: Record<string, Move> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/**
 * The move of an arrow key, undefined for other keys. Right to left (Arabic) the grid's first
 * column stands on the right, so the Left arrow goes to the next column and Right to the one
 * before, as the eye sees them.
 */
export function arrowMove(key: string, direction: 'ltr' | 'rtl'): Move | undefined {
  const move = KEY_MOVES[key];
  if (direction === 'ltr' || (move !== 'left' && move !== 'right')) return move;
  return move === 'left' ? 'right' : 'left';
}

/**
 * Where the focus goes from a cell. Arrows stop at the edges; Tab walks the row and wraps to the
 * next row's first cell (Shift+Tab back), as spreadsheets do; Enter moves down.
 */
export function moveFrom(pos: CellPos, move: Move, rows: number, cols: number): CellPos {
  const clampRow = (row: number) => Math.min(Math.max(row, 0), Math.max(rows - 1, 0));
  const clampCol = (col: number) => Math.min(Math.max(col, 0), Math.max(cols - 1, 0));
  switch (move) {
    case 'up':
      return { row: clampRow(pos.row - 1), col: pos.col };
    case 'down':
      return { row: clampRow(pos.row + 1), col: pos.col };
    case 'left':
      return { row: pos.row, col: clampCol(pos.col - 1) };
    case 'right':
      return { row: pos.row, col: clampCol(pos.col + 1) };
    case 'next':
      if (pos.col < cols - 1) return { row: pos.row, col: pos.col + 1 };
      return pos.row < rows - 1 ? { row: pos.row + 1, col: 0 } : pos;
    case 'previous':
      if (pos.col > 0) return { row: pos.row, col: pos.col - 1 };
      return pos.row > 0 ? { row: pos.row - 1, col: cols - 1 } : pos;
  }
}

/**
 * The cells a pasted block fills, starting at the focused cell; what falls beyond the last row or
 * column is left out (and counted, so the grid can say so).
 */
export function pasteTargets(
  start: CellPos,
  block: string[][],
  rows: number,
  cols: number,
): { cells: { pos: CellPos; text: string }[]; dropped: number } {
  const cells: { pos: CellPos; text: string }[] = [];
  let dropped = 0;
  block.forEach((line, r) => {
    line.forEach((text, c) => {
      const pos = { row: start.row + r, col: start.col + c };
      if (pos.row < rows && pos.col < cols) cells.push({ pos, text });
      else dropped += 1;
    });
  });
  return { cells, dropped };
}

/** Marks as typed in a cell: up to two decimals, no trailing zeros ("12.5", not "12.50"). */
export function formatMarks(marks: number): string {
  return String(Math.round(marks * 100) / 100);
}
