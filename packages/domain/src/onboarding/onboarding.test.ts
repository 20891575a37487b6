import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import type { Sheet } from '../sheet';
import {
  ONBOARDING_CLASSROOM_START_COLUMN,
  ONBOARDING_COLUMNS,
  ONBOARDING_SHEET_NAME,
  onboardingEntityLabel,
  onboardingTemplate,
} from './template';
import { ONBOARDING_MAX_STUDENTS, validateOnboardingRows } from './validate';

const classrooms = [
  { key: 'b1', name: 'Physics A' },
  { key: 'b2', name: 'Chemistry B' },
];
const header = [...ONBOARDING_COLUMNS, 'Physics A', 'Chemistry B'];
const row = (id: string, name: string, phone: string, physics = '', chemistry = '') => [
  id,
  name,
  phone,
  '',
  '',
  '',
  '',
  physics,
  chemistry,
];

describe('onboarding template', () => {
  it('has the fixed name, columns and 1000 rows with +880', () => {
    const template = onboardingTemplate(classrooms);
    expect(ONBOARDING_SHEET_NAME).toBe('Batchwise-OnBoarding-Template');
    expect(template.sheetName).toBe('Batchwise-OnBoarding-Template');
    expect(template.headers).toEqual([
      'ID',
      'Name',
      'Phone',
      'Email',
      'RFID code',
      'Parent 1 phone',
      'Parent 2 phone',
      'Physics A',
      'Chemistry B',
    ]);
    expect(template.headers[ONBOARDING_CLASSROOM_START_COLUMN - 1]).toBe('Physics A');
    expect(template.rows).toHaveLength(1000);
    expect(template.rows[999]).toEqual(['', '', '+880', '', '', '', '', '', '']);
  });
  it('says Client for business accounts', () => {
    expect(onboardingTemplate(classrooms, 'Business').entityLabel).toBe('Client');
    expect(onboardingEntityLabel('Cricket')).toBe('Student');
    expect(onboardingEntityLabel(undefined)).toBe('Student');
  });
});

describe('validateOnboardingRows', () => {
  it('parses students and their classrooms marked y or Y', () => {
    const sheet: Sheet = [
      header,
      ['ID-1', ' Rahim ', '01712345678', 'r@x.com', 'RF123456', '01812345678', '', 'y', ''],
      ['ID-2', 'সালমা', '1912345678D', '', '123', '', '+880', 'Y', ' y '],
      ['ID-3', 'Karim', '01612345678', '', '', '', '', '', ''],
    ];
    const result = validateOnboardingRows(sheet, classrooms);
    expect(result.ok).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.students).toEqual([
      {
        row: 2,
        customID: 'ID-1',
        name: 'Rahim',
        phone: '+8801712345678',
        email: 'r@x.com',
        rfid: 'RF123456',
        parent1phone: '+8801812345678',
        parent2phone: '',
        classroomKeys: ['b1'],
      },
      {
        row: 3,
        customID: 'ID-2',
        name: 'সালমা',
        phone: '+8801912345678D',
        email: '',
        rfid: '',
        parent1phone: '',
        parent2phone: '',
        classroomKeys: ['b1', 'b2'],
      },
      {
        row: 4,
        customID: 'ID-3',
        name: 'Karim',
        phone: '+8801612345678',
        email: '',
        rfid: '',
        parent1phone: '',
        parent2phone: '',
        classroomKeys: [],
      },
    ]);
  });

  it('matches classroom columns by header, in any order', () => {
    const sheet: Sheet = [
      [...ONBOARDING_COLUMNS, 'chemistry b', 'Unknown column'],
      ['ID-1', 'Rahim', '01712345678', '', '', '', '', 'y', 'y'],
    ];
    expect(validateOnboardingRows(sheet, classrooms).students[0]?.classroomKeys).toEqual(['b2']);
  });

  it('ignores the template filler rows', () => {
    const sheet: Sheet = [
      header,
      row('ID-1', 'Rahim', '01712345678'),
      row('', '', '+880'),
      [],
      ['', null, ''],
    ];
    const result = validateOnboardingRows(sheet, classrooms);
    expect(result.ok).toBe(true);
    expect(result.students).toHaveLength(1);
  });

  it('reports every problem with its rows', () => {
    const sheet: Sheet = [
      header,
      row('ID-1', 'Rahim', '01712345678'),
      row('ID-1', '', '01712345678'),
      row('', 'Karim', '+880'),
      row('id-1', 'Salma', '01812345678D'),
      row('ID-5', 'Jamal', '01812345678D'),
    ];
    const result = validateOnboardingRows(sheet, classrooms);
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.code, e.rows])).toEqual([
      ['ONBOARDING_EMPTY_IDS', [4]],
      ['ONBOARDING_DUPLICATE_IDS', [2, 3, 5]],
      ['ONBOARDING_EMPTY_NAMES', [3]],
      ['ONBOARDING_EMPTY_PHONES', [4]],
      ['ONBOARDING_DUPLICATE_PHONES', [2, 3]],
    ]);
    const duplicatePhones = result.errors.find((e) => e.code === 'ONBOARDING_DUPLICATE_PHONES');
    expect(duplicatePhones?.message).toContain(
      'You can add a D at the end of a phone number to use it as a duplicate phone number.',
    );
    expect(duplicatePhones?.params).toEqual({ rows: '2, 3' });
    expect(result.errors.find((e) => e.code === 'ONBOARDING_DUPLICATE_IDS')?.message).toBe(
      'Your uploaded file has duplicate student ID. Please make sure each ID is unique.',
    );
    expect(result.errors.find((e) => e.code === 'ONBOARDING_EMPTY_NAMES')?.message).toBe(
      'Your uploaded file has empty student names...',
    );
  });

  it('refuses a file without student rows', () => {
    const result = validateOnboardingRows([header, row('', '', '+880')], classrooms);
    expect(result.errors).toEqual([
      {
        code: 'ONBOARDING_NO_STUDENTS',
        message: 'Could not find any student info in your uploaded file!',
        rows: [],
      },
    ]);
    expect(validateOnboardingRows([], classrooms).errors[0]?.code).toBe('ONBOARDING_NO_STUDENTS');
  });

  it('refuses when there are no classrooms', () => {
    const result = validateOnboardingRows([header, row('ID-1', 'Rahim', '01712345678')], []);
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => e.message)).toEqual([MESSAGES.ONBOARDING_NO_CLASSROOMS]);
    expect(MESSAGES.ONBOARDING_NO_CLASSROOMS).toBe('You have not added any classrooms yet...');
  });

  it('refuses a workbook without the worksheet', () => {
    expect(validateOnboardingRows(undefined, classrooms)).toEqual({
      ok: false,
      errors: [
        { code: 'ONBOARDING_WORKSHEET_MISSING', message: 'Could not find worksheet to onboard..', rows: [] },
      ],
      students: [],
    });
    expect(validateOnboardingRows(null, classrooms).ok).toBe(false);
  });

  it('reports, beyond the spec, invalid phones, a card on two rows and classroom marks other than y', () => {
    const sheet: Sheet = [
      header,
      ['ID-1', 'Rahim', '0171234', '', 'CARD-0001', '', '', 'y', ''],
      ['ID-2', 'Karim', '01812345678', '', 'card-0001', '0199', '', 'yes', ''],
      ['ID-3', 'Salma', '01912345678', '', '', '', '', '', 'n'],
    ];
    expect(validateOnboardingRows(sheet, classrooms).errors.map((e) => [e.code, e.rows])).toEqual([
      ['ONBOARDING_INVALID_PHONES', [2, 3]],
      ['ONBOARDING_DUPLICATE_RFIDS', [2, 3]],
      ['ONBOARDING_UNKNOWN_MARKS', [3, 4]],
    ]);
  });

  it('refuses a file of more than 10,000 students before checking them', () => {
    const rows = Array.from({ length: ONBOARDING_MAX_STUDENTS + 1 }, (_, i) =>
      row(`ID-${i}`, 'A', '01712345678'),
    );
    expect(validateOnboardingRows([header, ...rows], classrooms)).toEqual({
      ok: false,
      errors: [expect.objectContaining({ code: 'ONBOARDING_TOO_MANY_STUDENTS' })],
      students: [],
    });
  });
});
