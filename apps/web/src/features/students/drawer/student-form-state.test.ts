import type { StudentDetail } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import {
  cardFeePaisa,
  cardsOf,
  customIdFromPart,
  customIdPartOf,
  EMPTY_VALUES,
  fieldErrors,
  toPayload,
  valuesOf,
} from './student-form-state';

const student: StudentDetail = {
  id: 's1',
  accountId: 'a1',
  teacherName: 'Nusrat Jahan',
  name: 'Rafi Islam',
  phone: 'Unset',
  email: '',
  institution: 'Udoy High School',
  avatarUrl: null,
  customId: 'ID-42',
  rfid: null,
  parent1Phone: null,
  parent2Phone: null,
  customFields: { 'Blood Group': 'O+' },
  userLinked: false,
  archived: false,
  createdAt: 1,
  updatedAt: 1,
  enrolments: [
    {
      studentId: 's1',
      accountId: 'a1',
      teacherName: 'Nusrat Jahan',
      classroomId: 'c1',
      classroomName: 'Physics Morning',
      grade: 'Class 9',
      subject: 'Physics',
      color: null,
      classroomFeePaisa: 150_000,
      tuitionFeePaisa: 120_000,
      appliedAt: 1,
      acceptedAt: 1,
      type: 'Physical',
      videoPermission: 'Allowed',
      manageStudents: true,
    },
  ],
  permissions: { edit: true, modifyCustomId: true, include: true },
};

describe('student ID with the fixed ID- prefix', () => {
  it.each([
    ['ID-42', '42'],
    ['EDU-12345', 'EDU-12345'],
    [null, ''],
  ])('%s is edited as %s', (id, part) => {
    expect(customIdPartOf(id)).toBe(part);
  });

  it.each([
    ['42', 'ID-42'],
    ['0042', 'ID-0042'],
    ['EDU123', 'EDU123'],
    ['SHA2-728592', 'SHA2-728592'],
    ['  ', ''],
  ])('%s is saved as %s', (part, id) => {
    expect(customIdFromPart(part)).toBe(id);
  });
});

describe('drawer values', () => {
  it('shows the "Unset" phone as empty and keeps the rest', () => {
    const values = valuesOf(student);
    expect(values.phone).toBe('');
    expect(values.customIdPart).toBe('42');
    expect(values.customFields).toEqual({ 'Blood Group': 'O+' });
  });

  it('turns the override into the "Modified Tuition Fee" box in taka', () => {
    expect(cardsOf(student)[0]?.feeText).toBe('1200');
  });

  it('sends a fee only when it differs from the classroom fee', () => {
    expect(cardFeePaisa({ feeText: '1200', classroomFeePaisa: 150_000 })).toBe(120_000);
    expect(cardFeePaisa({ feeText: '1500', classroomFeePaisa: 150_000 })).toBeNull();
    expect(cardFeePaisa({ feeText: '', classroomFeePaisa: 150_000 })).toBeNull();
    expect(cardFeePaisa({ feeText: '০', classroomFeePaisa: 150_000 })).toBe(0);
  });

  it('builds the save request with the full ID and every card', () => {
    const payload = toPayload({ ...valuesOf(student), phone: '01711000099' }, cardsOf(student));
    expect(payload).toMatchObject({
      phone: '01711000099',
      customId: 'ID-42',
      enrolments: [{ classroomId: 'c1', tuitionFeePaisa: 120_000 }],
    });
  });
});

describe('field rules (part 2 §5)', () => {
  it('asks for name and phone, and institution only where required', () => {
    const errors = fieldErrors(EMPTY_VALUES, { institutionRequired: true });
    expect(errors.name?.code).toBe('STUDENT_NAME_REQUIRED');
    expect(errors.phone?.code).toBe('STUDENT_PHONE_REQUIRED');
    expect(errors.institution?.code).toBe('STUDENT_INSTITUTION_REQUIRED');
    expect(fieldErrors(EMPTY_VALUES, { institutionRequired: false }).institution).toBeUndefined();
  });

  it('checks phones, parent phones (d/D stripped) and the ID pattern', () => {
    const errors = fieldErrors(
      {
        ...EMPTY_VALUES,
        name: 'A',
        phone: '0171',
        parent1Phone: '01711000041d',
        parent2Phone: '12',
        customIdPart: 'ID 4',
      },
      { institutionRequired: false },
    );
    expect(errors.phone?.code).toBe('PHONE_MUST_BE_11_DIGITS');
    expect(errors.parent1Phone).toBeUndefined();
    expect(errors.parent2Phone?.code).toBe('PHONE_MUST_BE_10_DIGITS');
    expect(errors.customIdPart?.code).toBe('CUSTOM_ID_INVALID');
  });
});
