import { type AccountType, toAccountType } from '../access/wording';

/** The worksheet an onboarding upload must contain. */
export const ONBOARDING_SHEET_NAME = 'Batchwise-OnBoarding-Template';
/** The fixed student columns, in order (columns 1–7). */
export const ONBOARDING_COLUMNS = [
  'ID',
  'Name',
  'Phone',
  'Email',
  'RFID code',
  'Parent 1 phone',
  'Parent 2 phone',
] as const;
/** Spreadsheet column (1-based) where the per-classroom columns start. */
export const ONBOARDING_CLASSROOM_START_COLUMN = 8;
/** Rows pre-filled in a downloaded template. */
export const ONBOARDING_PREFILLED_ROWS = 1000;
/** The phone cell's pre-filled value, so people only type the national part. */
export const ONBOARDING_DEFAULT_PHONE = '+880';
/** Marks in a classroom cell that put the student into that classroom. */
export const ONBOARDING_ENROL_MARKS = ['y', 'Y'] as const;

export interface OnboardingClassroom {
  /** Classroom (batch) key. */
  readonly key: string;
  /** Classroom name, used as the column header. */
  readonly name: string;
}

/** The word for the people being onboarded: business accounts onboard clients. */
export function onboardingEntityLabel(
  accountType: AccountType | string | null | undefined,
): 'Student' | 'Client' {
  return toAccountType(accountType) === 'Business' ? 'Client' : 'Student';
}

/**
 * The template a teacher downloads: the sheet name, the header row (seven student columns,
 * then one column per classroom), and 1000 rows with the phone pre-filled as +880.
 */
export function onboardingTemplate(
  classrooms: readonly OnboardingClassroom[],
  accountType?: AccountType | string | null,
): {
  readonly sheetName: string;
  readonly entityLabel: 'Student' | 'Client';
  readonly headers: string[];
  readonly rows: string[][];
} {
  const headers = [...ONBOARDING_COLUMNS, ...classrooms.map((c) => c.name)];
  const blankRow = headers.map((_, index) => (index === 2 ? ONBOARDING_DEFAULT_PHONE : ''));
  const rows = Array.from({ length: ONBOARDING_PREFILLED_ROWS }, () => [...blankRow]);
  return { sheetName: ONBOARDING_SHEET_NAME, entityLabel: onboardingEntityLabel(accountType), headers, rows };
}
