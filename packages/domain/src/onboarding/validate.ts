import { type DomainError, domainError, type MessageCode } from '../messages';
import { hasDuplicateMark, isValidBdPhone, normalizeBdPhone, stripDuplicateMark } from '../phone/normalize';
import type { Sheet, SheetCell } from '../sheet';
import { normalizeRfid } from '../students/fields';
import {
  ONBOARDING_CLASSROOM_START_COLUMN,
  ONBOARDING_DEFAULT_PHONE,
  ONBOARDING_ENROL_MARKS,
  type OnboardingClassroom,
} from './template';

/** An onboarding error with the spreadsheet row numbers involved (row 1 is the header). */
export interface OnboardingError extends DomainError {
  readonly rows: readonly number[];
}

export interface OnboardedStudent {
  /** Spreadsheet row number the student came from. */
  readonly row: number;
  readonly customID: string;
  readonly name: string;
  /** Normalised, keeping a duplicate mark D. */
  readonly phone: string;
  readonly email: string;
  /** Kept only when longer than 5 characters. */
  readonly rfid: string;
  readonly parent1phone: string;
  readonly parent2phone: string;
  /** Keys of the classrooms whose cell holds y or Y. */
  readonly classroomKeys: readonly string[];
}

/** Student rows one file may hold; a longer sheet is refused before anything else is checked. */
export const ONBOARDING_MAX_STUDENTS = 10_000;

export interface OnboardingResult {
  readonly ok: boolean;
  readonly errors: readonly OnboardingError[];
  readonly students: readonly OnboardedStudent[];
}

const ENROL_MARKS: readonly string[] = ONBOARDING_ENROL_MARKS;
const text = (cell: SheetCell) => (cell === null || cell === undefined ? '' : String(cell).trim());
const phoneText = (cell: SheetCell) => {
  const normalized = normalizeBdPhone(text(cell), { keepDuplicateMark: true });
  return normalized === ONBOARDING_DEFAULT_PHONE ? '' : normalized;
};

function error(code: MessageCode, rows: readonly number[] = []): OnboardingError {
  return { ...domainError(code, rows.length > 0 ? { rows: rows.join(', ') } : undefined), rows };
}

// Classroom columns are matched by header name, so a teacher may reorder or delete columns;
// a column whose header is blank falls back to the classroom in that position.
function classroomColumns(headers: readonly SheetCell[], classrooms: readonly OnboardingClassroom[]) {
  const columns: { index: number; key: string }[] = [];
  const byName = new Map(classrooms.map((c) => [c.name.trim().toLowerCase(), c.key]));
  for (let index = ONBOARDING_CLASSROOM_START_COLUMN - 1; index < headers.length; index += 1) {
    const header = text(headers[index]).toLowerCase();
    const key =
      header === '' ? classrooms[index - (ONBOARDING_CLASSROOM_START_COLUMN - 1)]?.key : byName.get(header);
    if (key !== undefined) columns.push({ index, key });
  }
  return columns;
}

function isTemplateFiller(row: readonly SheetCell[]): boolean {
  return row.every((cell, index) => (index === 2 ? phoneText(cell) === '' : text(cell) === ''));
}

function rowsWithDuplicates(entries: ReadonlyArray<{ row: number; key: string }>): number[] {
  const byKey = new Map<string, number[]>();
  for (const { row, key } of entries) byKey.set(key, [...(byKey.get(key) ?? []), row]);
  return [...byKey.values()]
    .filter((rows) => rows.length > 1)
    .flat()
    .sort((a, b) => a - b);
}

/**
 * Checks an uploaded onboarding sheet (row 0 = headers) and returns every problem at once, each
 * with the spec's message and the rows involved, plus the parsed students. `rows` is null or
 * undefined when the workbook has no "Batchwise-OnBoarding-Template" worksheet. Rows that are
 * still the template's filler (blank, phone +880) are ignored. Phones ending in D may repeat.
 * Beyond the spec's checks: phones must pass the shared phone rule, an RFID code belongs to one
 * row, a classroom cell holds y, Y or nothing, and a file holds at most 10,000 students.
 */
export function validateOnboardingRows(
  rows: Sheet | null | undefined,
  classrooms: readonly OnboardingClassroom[],
): OnboardingResult {
  if (!rows) return { ok: false, errors: [error('ONBOARDING_WORKSHEET_MISSING')], students: [] };
  const errors: OnboardingError[] = [];
  if (classrooms.length === 0) errors.push(error('ONBOARDING_NO_CLASSROOMS'));
  const columns = classroomColumns(rows[0] ?? [], classrooms);
  const students: OnboardedStudent[] = [];
  const unknownMarks: number[] = [];
  for (let index = 1; index < rows.length; index += 1) {
    const row = rows[index] ?? [];
    if (isTemplateFiller(row)) continue;
    if (students.length === ONBOARDING_MAX_STUDENTS) {
      return { ok: false, errors: [error('ONBOARDING_TOO_MANY_STUDENTS')], students: [] };
    }
    if (columns.some((c) => text(row[c.index]) !== '' && !ENROL_MARKS.includes(text(row[c.index]))))
      unknownMarks.push(index + 1);
    students.push({
      row: index + 1,
      customID: text(row[0]),
      name: text(row[1]),
      phone: phoneText(row[2]),
      email: text(row[3]),
      rfid: normalizeRfid(text(row[4])),
      parent1phone: phoneText(row[5]),
      parent2phone: phoneText(row[6]),
      classroomKeys: columns.filter((c) => ENROL_MARKS.includes(text(row[c.index]))).map((c) => c.key),
    });
  }
  if (students.length === 0) {
    errors.push(error('ONBOARDING_NO_STUDENTS'));
    return { ok: false, errors, students };
  }
  const rowsWhere = (test: (s: OnboardedStudent) => boolean) => students.filter(test).map((s) => s.row);
  const emptyIds = rowsWhere((s) => s.customID === '');
  if (emptyIds.length > 0) errors.push(error('ONBOARDING_EMPTY_IDS', emptyIds));
  const duplicateIds = rowsWithDuplicates(
    students.filter((s) => s.customID !== '').map((s) => ({ row: s.row, key: s.customID.toLowerCase() })),
  );
  if (duplicateIds.length > 0) errors.push(error('ONBOARDING_DUPLICATE_IDS', duplicateIds));
  const emptyNames = rowsWhere((s) => s.name === '');
  if (emptyNames.length > 0) errors.push(error('ONBOARDING_EMPTY_NAMES', emptyNames));
  const emptyPhones = rowsWhere((s) => s.phone === '');
  if (emptyPhones.length > 0) errors.push(error('ONBOARDING_EMPTY_PHONES', emptyPhones));
  const duplicatePhones = rowsWithDuplicates(
    students
      .filter((s) => s.phone !== '' && !hasDuplicateMark(s.phone))
      .map((s) => ({ row: s.row, key: s.phone })),
  );
  if (duplicatePhones.length > 0) errors.push(error('ONBOARDING_DUPLICATE_PHONES', duplicatePhones));
  // Beyond the spec: the shared phone rule on every phone, one card per student, marks other than y.
  const invalid = (phone: string) => phone !== '' && !isValidBdPhone(stripDuplicateMark(phone));
  const invalidPhones = rowsWhere((s) => [s.phone, s.parent1phone, s.parent2phone].some(invalid));
  if (invalidPhones.length > 0) errors.push(error('ONBOARDING_INVALID_PHONES', invalidPhones));
  const duplicateRfids = rowsWithDuplicates(
    students.filter((s) => s.rfid !== '').map((s) => ({ row: s.row, key: s.rfid.toLowerCase() })),
  );
  if (duplicateRfids.length > 0) errors.push(error('ONBOARDING_DUPLICATE_RFIDS', duplicateRfids));
  if (unknownMarks.length > 0) errors.push(error('ONBOARDING_UNKNOWN_MARKS', unknownMarks));
  return { ok: errors.length === 0, errors, students };
}
