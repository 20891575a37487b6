import { describe, expect, it } from 'vitest';
import {
  ABSENT_VALUE,
  pdfLayout,
  SPREADSHEET_COLUMN_WIDTH,
  SPREADSHEET_SHEET_NAME,
  sanitizeSpreadsheetCell,
  spreadsheetCell,
} from './layout';

describe('pdfLayout', () => {
  it.each([
    [1, 'a4', 'portrait'],
    [9, 'a4', 'portrait'],
    [10, 'a4', 'landscape'],
    [14, 'a4', 'landscape'],
    [15, 'a3', 'landscape'],
    [0, 'a4', 'portrait'],
  ])('%d headers → %s %s', (count, format, orientation) => {
    expect(pdfLayout(count)).toEqual({ format, orientation });
  });
  it('takes another landscape threshold', () => {
    expect(pdfLayout(6, 5).orientation).toBe('landscape');
    expect(pdfLayout(5, 5).orientation).toBe('portrait');
  });
});

describe('spreadsheet constants', () => {
  it('match the spec', () => {
    expect(SPREADSHEET_SHEET_NAME).toBe('React Table Data');
    expect(SPREADSHEET_COLUMN_WIDTH).toBe(26);
    expect(ABSENT_VALUE).toBe('Absent');
  });
});

describe('sanitizeSpreadsheetCell', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['=cmd|"/c calc"!A1', '\'=cmd|"/c calc"!A1'],
    ['@SUM(1)', "'@SUM(1)"],
    ['+HYPERLINK("http://x")', '\'+HYPERLINK("http://x")'],
    ['-2+3+cmd|x', "'-2+3+cmd|x"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['+8801712345678', '+8801712345678'],
    ['-250', '-250'],
    ['-1,250.50', '-1,250.50'],
    ['Rahim', 'Rahim'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(sanitizeSpreadsheetCell(value)).toBe(expected);
  });
  it('leaves non-strings alone', () => {
    expect(sanitizeSpreadsheetCell(-5)).toBe(-5);
    expect(sanitizeSpreadsheetCell(null)).toBeNull();
  });
});

describe('spreadsheetCell', () => {
  it.each([
    [null, 'Absent'],
    [undefined, 'Absent'],
    ['', 'Absent'],
    ['  ', 'Absent'],
    [Number.NaN, 'Absent'],
    [0, 0],
    [false, false],
    ['=1+1', "'=1+1"],
    ['রহিম', 'রহিম'],
  ])('%j → %j', (value, expected) => {
    expect(spreadsheetCell(value)).toBe(expected);
  });
});
