import { type DomainError, domainError } from '../messages';
import type { Sheet, SheetCell } from '../sheet';
import { toAsciiDigits } from '../text/digits';
import { type AssessmentSubject, markProblem, type SubjectPart } from './marks';

// The marks sheet (the report cards capability's "import marks from .xlsx"): one row per student, one column per
// subject part. The server writes it with the current marks filled in; a teacher fills it offline
// (or pastes from their own spreadsheet) and uploads it. Rows are matched by the hidden key column
// (our student id), else by the student ID, else by the exact name; columns by their headers.
// An empty cell changes nothing; A (or "ab", "absent", Bangla "অ") marks the student absent.

export const MARKS_SHEET_NAME = 'Marks';
export const MARKS_SHEET_FIXED_HEADERS = ['Key', 'Student ID', 'Name'] as const;
/** What an absent cell holds in the sheet the server writes. */
export const MARKS_SHEET_ABSENT = 'A';

const ABSENT_WORDS = new Set(['a', 'ab', 'abs', 'absent', 'অ', 'অনুপস্থিত']);

export interface MarksSheetColumn {
  readonly subjectId: string;
  readonly partKey: string;
  /** "Bangla (100)", "Physics: CQ (50)". */
  readonly header: string;
  readonly subject: AssessmentSubject;
  readonly part: SubjectPart;
}

/** The part columns of an assessment's sheet, in subject and part order. */
export function marksSheetColumns(subjects: readonly AssessmentSubject[]): MarksSheetColumn[] {
  return subjects.flatMap((subject) =>
    subject.parts.map((part) => {
      const name =
        subject.parts.length === 1 && !part.name ? subject.name : `${subject.name}: ${part.name || part.key}`;
      return {
        subjectId: subject.id,
        partKey: part.key,
        header: `${name} (${part.fullMarks})`,
        subject,
        part,
      };
    }),
  );
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase();
/** A header without its "(full marks)" suffix, so a sheet built by hand may leave it out. */
const bare = (text: string) => normal(text.replace(/\(\s*[\d.]+\s*\)\s*$/, ''));

export interface MarksSheetStudent {
  readonly id: string;
  readonly name: string;
  readonly customId: string | null;
}

export interface MarksSheetProblem extends DomainError {
  /** Spreadsheet row (1 = headers). */
  readonly row: number;
  readonly column: string | null;
}

export interface MarksSheetCell {
  readonly studentId: string;
  readonly subjectId: string;
  readonly partKey: string;
  readonly marks: number | null;
  readonly absent: boolean;
}

export interface MarksSheetReading {
  readonly problems: MarksSheetProblem[];
  readonly cells: MarksSheetCell[];
  /** Student rows read (rows with no key, ID or name are skipped). */
  readonly students: number;
}

const text = (cell: SheetCell) => (cell === null || cell === undefined ? '' : String(cell).trim());

/** A cell's marks: a number, absent, nothing (leave as is), or null for text that is neither. */
function cellValueOf(cell: SheetCell): { marks: number } | 'absent' | 'empty' | null {
  if (typeof cell === 'number') return { marks: cell };
  const raw = text(cell);
  if (raw === '' || raw === '-') return 'empty';
  if (ABSENT_WORDS.has(raw.toLocaleLowerCase())) return 'absent';
  const ascii = toAsciiDigits(raw).replace(/,/g, '.');
  if (!/^\d+(\.\d+)?$/.test(ascii)) return null;
  return { marks: Number(ascii) };
}

/**
 * Reads a filled marks sheet against the assessment's subjects and the classroom's students:
 * every cell to set, and every problem with its row and column. Nothing is written here.
 */
export function readMarksSheet(
  rows: Sheet,
  subjects: readonly AssessmentSubject[],
  students: readonly MarksSheetStudent[],
): MarksSheetReading {
  const headers = (rows[0] ?? []).map((cell) => text(cell));
  const columns = marksSheetColumns(subjects);
  const at = (wanted: string) => headers.findIndex((h) => normal(h) === normal(wanted));
  const keyAt = at(MARKS_SHEET_FIXED_HEADERS[0]);
  const idAt = at(MARKS_SHEET_FIXED_HEADERS[1]);
  const nameAt = at(MARKS_SHEET_FIXED_HEADERS[2]);
  const found = columns.flatMap((column) => {
    let index = headers.findIndex((h) => normal(h) === normal(column.header));
    if (index < 0) index = headers.findIndex((h) => bare(h) === bare(column.header));
    return index < 0 ? [] : [{ column, index }];
  });
  if (found.length === 0 || (keyAt < 0 && idAt < 0 && nameAt < 0))
    return {
      problems: [{ ...domainError('MARKS_IMPORT_NO_COLUMNS'), row: 1, column: null }],
      cells: [],
      students: 0,
    };

  const byId = new Map(students.map((s) => [s.id, s]));
  const unique = <K>(key: (s: MarksSheetStudent) => K | null) => {
    const map = new Map<K, MarksSheetStudent | null>();
    for (const s of students) {
      const k = key(s);
      if (k !== null) map.set(k, map.has(k) ? null : s);
    }
    return map;
  };
  const byCustomId = unique((s) => (s.customId ? normal(s.customId) : null));
  const byName = unique((s) => normal(s.name));

  const problems: MarksSheetProblem[] = [];
  const cells: MarksSheetCell[] = [];
  const seen = new Set<string>();
  let count = 0;
  rows.slice(1).forEach((cellsOfRow, index) => {
    const row = index + 2;
    const key = keyAt >= 0 ? text(cellsOfRow[keyAt]) : '';
    const customId = idAt >= 0 ? text(cellsOfRow[idAt]) : '';
    const name = nameAt >= 0 ? text(cellsOfRow[nameAt]) : '';
    if (!key && !customId && !name) return;
    count += 1;
    const student =
      (key && byId.get(key)) ||
      (customId && byCustomId.get(normal(customId))) ||
      (!key && !customId && name && byName.get(normal(name))) ||
      undefined;
    if (!student) {
      problems.push({ ...domainError('MARKS_IMPORT_UNKNOWN_STUDENT'), row, column: null });
      return;
    }
    if (seen.has(student.id)) {
      problems.push({ ...domainError('MARKS_IMPORT_DUPLICATE_STUDENT'), row, column: null });
      return;
    }
    seen.add(student.id);
    for (const { column, index: at } of found) {
      const value = cellValueOf(cellsOfRow[at]);
      if (value === 'empty') continue;
      const where = { subject: column.header, full: column.part.fullMarks };
      if (value === null) {
        problems.push({ ...domainError('MARKS_IMPORT_VALUE_INVALID', where), row, column: column.header });
        continue;
      }
      const target = { studentId: student.id, subjectId: column.subjectId, partKey: column.partKey };
      if (value === 'absent') {
        cells.push({ ...target, marks: null, absent: true });
        continue;
      }
      const problem = markProblem(value.marks, column.part, column.subject.name);
      if (problem) problems.push({ ...problem, row, column: column.header });
      else cells.push({ ...target, marks: value.marks, absent: false });
    }
  });
  return { problems, cells, students: count };
}
