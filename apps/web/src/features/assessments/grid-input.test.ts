import { describe, expect, it } from 'vitest';
import { arrowMove, formatMarks, moveFrom, parseCell, parsePasteBlock, pasteTargets } from './grid-input';

describe('parseCell', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['a', { kind: 'absent' }],
    ['AB', { kind: 'absent' }],
    ['Absent', { kind: 'absent' }],
    ['অ', { kind: 'absent' }],
    ['0', { kind: 'marks', marks: 0 }],
    ['33', { kind: 'marks', marks: 33 }],
    [' 72.5 ', { kind: 'marks', marks: 72.5 }],
    ['.5', { kind: 'marks', marks: 0.5 }],
    ['12.50', { kind: 'marks', marks: 12.5 }],
    ['৭৫', { kind: 'marks', marks: 75 }],
    ['100', { kind: 'marks', marks: 100 }],
  ] as const)('%j is %j', (text, entry) => {
    expect(parseCell(text, 100)).toEqual(entry);
  });

  it.each([
    ['abc', 'notNumber'],
    ['1e2', 'notNumber'],
    ['12,5', 'notNumber'],
    ['-1', 'negative'],
    ['12.345', 'decimals'],
    ['100.01', 'aboveFull'],
    ['101', 'aboveFull'],
  ] as const)('refuses %j (%s)', (text, reason) => {
    expect(parseCell(text, 100)).toEqual({ kind: 'invalid', reason });
  });
});

describe('parsePasteBlock', () => {
  it('reads tab-separated rows from Excel with CRLF and a trailing newline', () => {
    expect(parsePasteBlock('10\t20\r\n30\tab\r\n')).toEqual([
      ['10', '20'],
      ['30', 'ab'],
    ]);
  });

  it('keeps empty cells and a single value', () => {
    expect(parsePasteBlock('5\t\t7')).toEqual([['5', '', '7']]);
    expect(parsePasteBlock('42')).toEqual([['42']]);
  });
});

describe('moveFrom', () => {
  const at = { row: 1, col: 1 };
  it.each([
    ['up', { row: 0, col: 1 }],
    ['down', { row: 2, col: 1 }],
    ['left', { row: 1, col: 0 }],
    ['right', { row: 1, col: 2 }],
  ] as const)('%s', (move, pos) => {
    expect(moveFrom(at, move, 3, 3)).toEqual(pos);
  });

  it('stops at the edges and wraps Tab across rows', () => {
    expect(moveFrom({ row: 0, col: 0 }, 'up', 3, 3)).toEqual({ row: 0, col: 0 });
    expect(moveFrom({ row: 2, col: 2 }, 'down', 3, 3)).toEqual({ row: 2, col: 2 });
    expect(moveFrom({ row: 0, col: 2 }, 'next', 3, 3)).toEqual({ row: 1, col: 0 });
    expect(moveFrom({ row: 1, col: 0 }, 'previous', 3, 3)).toEqual({ row: 0, col: 2 });
    expect(moveFrom({ row: 2, col: 2 }, 'next', 3, 3)).toEqual({ row: 2, col: 2 });
  });
});

describe('arrowMove', () => {
  it('moves as the arrow points, with Left and Right swapped right to left', () => {
    expect(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'a'].map((k) => arrowMove(k, 'ltr'))).toEqual([
      'up',
      'down',
      'left',
      'right',
      undefined,
    ]);
    expect(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].map((k) => arrowMove(k, 'rtl'))).toEqual([
      'up',
      'down',
      'right',
      'left',
    ]);
  });
});

describe('pasteTargets', () => {
  it('fills from the focused cell and counts what falls outside the grid', () => {
    const { cells, dropped } = pasteTargets(
      { row: 1, col: 1 },
      [
        ['1', '2', '3'],
        ['4', '5', '6'],
      ],
      2,
      3,
    );
    expect(cells).toEqual([
      { pos: { row: 1, col: 1 }, text: '1' },
      { pos: { row: 1, col: 2 }, text: '2' },
    ]);
    expect(dropped).toBe(4);
  });
});

describe('formatMarks', () => {
  it('writes at most two decimals without trailing zeros', () => {
    expect(formatMarks(12.5)).toBe('12.5');
    expect(formatMarks(40)).toBe('40');
    expect(formatMarks(33.333)).toBe('33.33');
  });
});
