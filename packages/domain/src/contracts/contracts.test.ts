import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import {
  admissionApplicationRecordSchema,
  admissionApplicationSchema,
  admissionSettingsSchema,
} from './admission';
import { removeStudentsSchema, unarchiveRequestSchema } from './archive';
import { classroomInputSchema } from './classroom';
import { contactMessageSchema } from './contact';
import { apiErrorSchema } from './errors';
import { exportTableSchema, studentExportQuerySchema } from './export';
import { issueToDomainError } from './fields';
import { smsComposeSchema, smsTopUpSchema } from './sms';
import {
  includeRequestSchema,
  studentFieldsInputSchema,
  studentListQuerySchema,
  studentSaveSchema,
} from './student';

function domainErrorsOf(result: {
  success: boolean;
  error?: { issues: { message: string; params?: unknown }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => issueToDomainError(issue));
}

describe('admissionApplicationSchema', () => {
  const valid = {
    key: 'inst-1',
    name: '  Rahim  ',
    phone: '01712345678',
    parent1phone: '1812345678',
    details: 'Class 9 Physics',
  };
  it('normalises phones and trims text', () => {
    const parsed = admissionApplicationSchema.parse(valid);
    expect(parsed).toMatchObject({
      name: 'Rahim',
      phone: '+8801712345678',
      parent1phone: '+8801812345678',
      parent2phone: '',
      customFields: {},
    });
  });
  it('keeps a confirmed duplicate mark on the applicant phone', () => {
    expect(admissionApplicationSchema.parse({ ...valid, phone: '01712345678D' }).phone).toBe(
      '+8801712345678D',
    );
  });
  it('reports each refusal with its code and exact message', () => {
    const result = admissionApplicationSchema.safeParse({
      ...valid,
      name: ' ',
      phone: '0171234567',
      details: '',
    });
    expect(result.success).toBe(false);
    expect(domainErrorsOf(result)).toEqual([
      { code: 'ADMISSION_NAME_REQUIRED', message: MESSAGES.ADMISSION_NAME_REQUIRED },
      { code: 'PHONE_MUST_BE_11_DIGITS', message: MESSAGES.PHONE_MUST_BE_11_DIGITS },
      { code: 'ADMISSION_DETAILS_REQUIRED', message: MESSAGES.ADMISSION_DETAILS_REQUIRED },
    ]);
  });
  it('requires the phone', () => {
    const result = admissionApplicationSchema.safeParse({ ...valid, phone: '' });
    expect(domainErrorsOf(result)).toEqual([
      { code: 'ADMISSION_PHONE_REQUIRED', message: 'Please provide your phone number' },
    ]);
  });
  it('describes every field', () => {
    for (const field of Object.values(admissionApplicationSchema.shape))
      expect(field.description).toBeTruthy();
    for (const field of Object.values(admissionApplicationRecordSchema.shape))
      expect(field.description).toBeTruthy();
    for (const field of Object.values(admissionSettingsSchema.shape)) expect(field.description).toBeTruthy();
  });
  it('fills settings defaults', () => {
    expect(admissionSettingsSchema.parse({})).toEqual({
      acceptingApplications: true,
      collectPicture: false,
      collectParentsPhone: false,
      requireUniqueParentsPhone: false,
      collectAdditionalInfo: false,
      customFields: [],
      attachments: [],
    });
  });
});

describe('studentSaveSchema', () => {
  it('normalises the save payload', () => {
    const parsed = studentSaveSchema.parse({
      name: 'সালমা',
      phone: '+880 1712-345678d',
      rfid: '123',
      parent2Phone: '01812345678',
      customId: 'ID-42',
      enrolments: [{ classroomId: 'c1' }],
    });
    expect(parsed).toMatchObject({
      name: 'সালমা',
      phone: '+8801712345678D',
      rfid: '',
      parent1Phone: '',
      parent2Phone: '+8801812345678',
      customId: 'ID-42',
      institution: '',
      enrolments: [{ classroomId: 'c1', tuitionFeePaisa: null }],
    });
  });
  it('refuses with the drawer messages', () => {
    const result = studentSaveSchema.safeParse({ name: '', phone: '', customId: 'ID_42' });
    expect(domainErrorsOf(result).map((e) => e?.code)).toEqual([
      'STUDENT_NAME_REQUIRED',
      'STUDENT_PHONE_REQUIRED',
      'CUSTOM_ID_INVALID',
    ]);
  });
  it('describes every field', () => {
    for (const field of Object.values(studentSaveSchema.shape)) expect(field.description).toBeTruthy();
  });
});

describe('classroom and student contracts', () => {
  it('refuses placeholder classroom names and fills defaults', () => {
    expect(
      domainErrorsOf(
        classroomInputSchema.safeParse({ grade: 'Class 9', subject: 'Physics', name: 'Unknown' }),
      ),
    ).toEqual([
      {
        code: 'CLASSROOM_NAME_RESERVED',
        message: 'Unknown is a reserved name. Please choose another classroom name.',
      },
    ]);
    expect(
      classroomInputSchema.parse({ grade: 'Class 9', subject: 'Physics', name: 'Batch A' }),
    ).toMatchObject({
      tuitionFeePaisa: 0,
      status: 'Active',
      type: 'Physical',
      timings: [],
    });
  });
  it('needs a classroom to include and keys to remove', () => {
    expect(domainErrorsOf(includeRequestSchema.safeParse({ classrooms: [] }))[0]?.code).toBe(
      'SELECT_AT_LEAST_ONE_CLASSROOM',
    );
    expect(
      domainErrorsOf(removeStudentsSchema.safeParse({ classroomId: '', studentIds: [] })).map(
        (e) => e?.message,
      ),
    ).toEqual(['Something wrong! try again later', 'Something wrong! try again later']);
  });
  it('refuses custom fields with the same name', () => {
    const result = studentFieldsInputSchema.safeParse({
      fields: [{ name: 'Blood Group' }, { name: 'blood group' }],
    });
    expect(domainErrorsOf(result)[0]?.code).toBe('STUDENT_FIELD_DUPLICATE');
  });
  it('pages the students list by 20 and reads export columns', () => {
    expect(studentListQuerySchema.parse({})).toMatchObject({
      sort: 'name',
      order: 'asc',
      page: 1,
      pageSize: 20,
    });
    expect(studentExportQuerySchema.parse({ format: 'xlsx', columns: 'name,nope,phone' }).columns).toEqual([
      'name',
      'phone',
    ]);
    expect(exportTableSchema.safeParse({ format: 'pdf', headers: [], rows: [] }).success).toBe(false);
  });
});

describe('other contracts', () => {
  it('needs at least one classroom to unarchive', () => {
    const result = unarchiveRequestSchema.safeParse({ classroomIds: [] });
    expect(domainErrorsOf(result)).toEqual([
      { code: 'SELECT_AT_LEAST_ONE_CLASSROOM', message: 'Please select at least 1 classroom' },
    ]);
  });
  it('checks contact messages', () => {
    const result = contactMessageSchema.safeParse({ emailOrPhone: '', message: ' ' });
    expect(domainErrorsOf(result).map((e) => e?.message)).toEqual([
      'Please enter your email or phone!',
      'Please enter your message!',
    ]);
  });
  it('fills an SMS compose request with its defaults and bounds a top-up', () => {
    expect(smsComposeSchema.parse({ text: 'Hi' })).toEqual({
      text: 'Hi',
      classroomIds: [],
      studentIds: [],
      to: { student: true, parent1: false, parent2: false },
      numbers: '',
      urgent: false,
      sendAt: null,
    });
    expect(smsTopUpSchema.safeParse({ owner: 'a@b.bd', count: 0, note: 'x' }).success).toBe(false);
    expect(smsTopUpSchema.safeParse({ owner: 'a@b.bd', count: 500, note: ' ' }).success).toBe(false);
    expect(smsTopUpSchema.safeParse({ owner: 'a@b.bd', count: 500, note: 'TrxID 1' }).success).toBe(true);
  });
  it('describes the error body', () => {
    expect(apiErrorSchema.parse({ error: { code: 'X', message: 'y' } })).toEqual({
      error: { code: 'X', message: 'y' },
    });
  });
  it('ignores zod issues that are not domain errors', () => {
    expect(issueToDomainError({ message: 'Required' })).toBeNull();
  });
});
