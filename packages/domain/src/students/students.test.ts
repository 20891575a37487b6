import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { ARCHIVE_DEFAULT_LOOKBACK_MS, defaultArchiveMinTimestamp } from './archive';
import { findStudentClash, studentClashError } from './clash';
import {
  EXCLUDED_CLASSROOM_NAMES,
  HIDDEN_FROM_STUDENTS_TYPES,
  isHiddenFromStudents,
  isPickableClassroom,
} from './constants';
import {
  parentPhoneError,
  pictureFileError,
  studentInstitutionError,
  studentNameError,
  studentPhoneError,
} from './drawer';
import {
  customIdError,
  customIdNumber,
  effectiveTuitionFee,
  nextMaxCustomId,
  normalizeRfid,
  suggestCustomId,
  withCustomIdPrefix,
} from './fields';

describe('customIdError', () => {
  it.each(['EDU123', 'EDU-12345', 'SHA2-728592', 'ID-42', '42', '', '  ID-7  '])('accepts %j', (id) => {
    expect(customIdError(id)).toBeNull();
  });
  it.each(['ID-', 'ID-4a', 'EDU_123', 'ID 42', '-42', 'ID--42', 'আইডি-১', 'ID-1-2'])('refuses %j', (id) => {
    expect(customIdError(id)).toEqual({ code: 'CUSTOM_ID_INVALID', message: MESSAGES.CUSTOM_ID_INVALID });
  });
  it('uses the spec wording', () => {
    expect(MESSAGES.CUSTOM_ID_INVALID).toBe(
      'Invalid input. Please follow the specified pattern: alphanumeric characters optionally followed by a hyphen and numbers (e.g., EDU123, EDU-12345, SHA2-728592).',
    );
  });
});

describe('custom ID numbers and MaxCustomID', () => {
  it.each([
    ['ID-42', 42],
    ['ID-0042', 42],
    ['EDU123', 123],
    ['SHA2-728592', 728592],
    ['ID-১২', 12],
    ['EDU', null],
    ['', null],
    [null, null],
  ])('customIdNumber(%j) → %j', (id, expected) => {
    expect(customIdNumber(id)).toBe(expected);
  });
  it.each([
    [10, 'ID-42', 42],
    [42, 'ID-42', 42],
    [50, 'ID-42', 50],
    [undefined, 'ID-5', 5],
    [7, 'EDU', 7],
    [null, null, 0],
  ])('nextMaxCustomId(%j, %j) → %d (raised, never lowered)', (current, id, expected) => {
    expect(nextMaxCustomId(current, id)).toBe(expected);
  });
  it('adds the default prefix and suggests the next ID', () => {
    expect(withCustomIdPrefix('42')).toBe('ID-42');
    expect(withCustomIdPrefix('EDU-42')).toBe('EDU-42');
    expect(withCustomIdPrefix('')).toBe('');
    expect(suggestCustomId(41)).toBe('ID-42');
    expect(suggestCustomId(undefined)).toBe('ID-1');
  });
});

describe('normalizeRfid', () => {
  it.each([
    ['123456', '123456'],
    ['  ABCDEF  ', 'ABCDEF'],
    ['12345', ''],
    ['1', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (value, expected) => {
    expect(normalizeRfid(value)).toBe(expected);
  });
});

describe('effectiveTuitionFee', () => {
  it.each([
    ['500', 1000, 500],
    ['0', 1000, 0],
    ['1000', 1000, null],
    ['1000', '1000', null],
    ['', 1000, null],
    ['   ', 1000, null],
    ['-1', 1000, null],
    ['-0.5', 1000, null],
    ['abc', 1000, null],
    ['1,200', 1000, 1200],
    ['১৫০০', 1000, 1500],
    ['750.5', undefined, 750.5],
    [800, 1000, 800],
    [null, 1000, null],
  ])('%j against %j → %j', (text, fee, expected) => {
    expect(effectiveTuitionFee(text, fee)).toBe(expected);
  });
});

describe('classroom lists', () => {
  it.each(EXCLUDED_CLASSROOM_NAMES)('never offers %s', (name) => {
    expect(isPickableClassroom(name)).toBe(false);
    expect(isPickableClassroom(` ${name.toLowerCase()} `)).toBe(false);
  });
  it('offers real classrooms', () => {
    expect(isPickableClassroom('Physics Batch A')).toBe(true);
    expect(isPickableClassroom('Unknown-Classroom 2')).toBe(true);
    expect(isPickableClassroom('')).toBe(false);
    expect(isPickableClassroom(undefined)).toBe(false);
  });
  it('hides Others, Management Internal and Hidden from students', () => {
    expect(HIDDEN_FROM_STUDENTS_TYPES).toEqual(['Others', 'Management Internal', 'Hidden']);
    for (const type of HIDDEN_FROM_STUDENTS_TYPES) expect(isHiddenFromStudents(type)).toBe(true);
    expect(isHiddenFromStudents('Physical')).toBe(false);
    expect(isHiddenFromStudents(undefined)).toBe(false);
  });
});

describe('defaultArchiveMinTimestamp', () => {
  const now = 1_750_000_000_000;
  it('goes back about 91 days without payments', () => {
    expect(defaultArchiveMinTimestamp(now, [])).toBe(now - 91 * 86_400_000);
    expect(defaultArchiveMinTimestamp(now, undefined)).toBe(now - ARCHIVE_DEFAULT_LOOKBACK_MS);
    expect(defaultArchiveMinTimestamp(now, [{ timeStamp: null }, {}])).toBe(
      now - ARCHIVE_DEFAULT_LOOKBACK_MS,
    );
  });
  it('uses the earliest payment otherwise', () => {
    expect(
      defaultArchiveMinTimestamp(now, [{ timeStamp: 300 }, { timeStamp: 100 }, { timeStamp: 200 }]),
    ).toBe(100);
  });
});

describe('clash message', () => {
  it('names the student and classroom', () => {
    expect(studentClashError({ name: 'Rahim', batch: 'Physics A' })).toEqual({
      code: 'STUDENT_CLASH',
      message:
        'Your given phone number / custom ID / rfid is already in use by Student Rahim in Classroom Physics A. Please use another!',
      params: { name: 'Rahim', batch: 'Physics A' },
    });
  });
  it('adds the teacher when known', () => {
    expect(studentClashError({ name: 'রহিম', batch: 'Physics A', teacher: 'Karim Sir' }).message).toBe(
      'Your given phone number / custom ID / rfid is already in use by Student রহিম in Classroom Physics A in Teacher account: Karim Sir. Please use another!',
    );
    expect(studentClashError({ name: 'A', batch: 'B', teacher: '  ' }).code).toBe('STUDENT_CLASH');
  });
});

describe('findStudentClash', () => {
  const students = [
    {
      uid: 's1',
      name: 'Rahim',
      batchName: 'Physics A',
      teacherName: 'Karim',
      phone: '+8801712345678',
      customID: 'ID-1',
      rfid: 'ABC12345',
    },
    { uid: 's2', name: 'Salma', batchName: 'Chem B', phone: '+8801812345678D', customID: 'ID-2', rfid: '' },
  ];
  it('finds a phone clash, comparing normalised numbers', () => {
    const clash = findStudentClash({ uid: 'new', phone: '01712345678' }, students);
    expect(clash?.field).toBe('phone');
    expect(clash?.error.message).toContain('Student Rahim in Classroom Physics A in Teacher account: Karim');
  });
  it('finds custom ID and RFID clashes ignoring case', () => {
    expect(findStudentClash({ uid: 'new', customID: 'id-2' }, students)?.field).toBe('customID');
    expect(findStudentClash({ uid: 'new', rfid: 'abc12345' }, students)?.field).toBe('rfid');
  });
  it('ignores the student itself, empty values and duplicate-marked phones', () => {
    expect(findStudentClash({ uid: 's1', phone: '01712345678', customID: 'ID-1' }, students)).toBeNull();
    expect(findStudentClash({ uid: 'new', phone: '', customID: '', rfid: '' }, students)).toBeNull();
    expect(findStudentClash({ uid: 'new', phone: '01812345678' }, students)).toBeNull();
    expect(findStudentClash({ uid: 'new', phone: '01712345678D' }, students)).toBeNull();
    expect(findStudentClash({ uid: 'new', phone: '+880' }, [{ ...students[0]!, phone: '+880' }])).toBeNull();
  });
});

describe('drawer field rules', () => {
  it('requires a name', () => {
    expect(studentNameError('  ')?.message).toBe('Please enter your student name!');
    expect(studentNameError('Rahim')).toBeNull();
  });
  it('requires a valid phone, allowing the duplicate mark', () => {
    expect(studentPhoneError('')?.message).toBe('Please enter your student phone!');
    expect(studentPhoneError('0171234567')?.code).toBe('PHONE_MUST_BE_11_DIGITS');
    expect(studentPhoneError('01712345678D')).toBeNull();
  });
  it('lets parent phones be empty and strips d/D', () => {
    expect(parentPhoneError('')).toBeNull();
    expect(parentPhoneError(undefined)).toBeNull();
    expect(parentPhoneError('01712345678d')).toBeNull();
    expect(parentPhoneError('12345')?.code).toBe('PHONE_MUST_BE_10_DIGITS');
  });
  it('requires an institution only where the field is shown', () => {
    expect(studentInstitutionError('', true)?.message).toBe('Please enter your student institution!');
    expect(studentInstitutionError('', false)).toBeNull();
    expect(studentInstitutionError('Dhaka College', true)).toBeNull();
  });
  it.each([
    ['photo.png', null],
    ['photo.JPG', null],
    ['my.photo.jpeg', null],
    ['photo.gif', 'photo.gif is not a png, jpg or jpeg file'],
    ['photo', 'photo is not a png, jpg or jpeg file'],
    ['ছবি.webp', 'ছবি.webp is not a png, jpg or jpeg file'],
  ])('picture %j → %j', (file, expected) => {
    expect(pictureFileError(file)?.message ?? null).toBe(expected);
  });
});
