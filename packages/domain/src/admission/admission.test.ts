import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { DUPLICATE_WINDOW_MS, findDuplicateApplication, markDuplicatePhone } from './duplicates';
import {
  type AdmissionFlowSettings,
  admissionPages,
  admissionProgress,
  nextAdmissionPage,
  previousAdmissionPage,
} from './pages';
import {
  type AdmissionForm,
  type AdmissionSettings,
  admissionAdditionalInfoError,
  admissionPageError,
  admissionParentPhonesError,
  admissionSubmitError,
  BLOOD_GROUPS,
  BLOOD_GROUPS_DRAWER_ORDER,
  canSubmitAdmission,
  DEFAULT_BLOOD_GROUP,
} from './validation';

const flow = (overrides: Partial<AdmissionFlowSettings> = {}): AdmissionFlowSettings => ({
  collectPicture: true,
  collectParentsPhone: true,
  customFields: ['Blood Group'],
  ...overrides,
});

describe('admission page flow', () => {
  it('shows every page when everything is collected', () => {
    expect(admissionPages(flow())).toEqual([
      'welcome',
      'name',
      'phone',
      'picture',
      'parents',
      'additional',
      'details',
      'review',
      'success',
    ]);
  });
  it('skips picture, parents and additional pages when not used', () => {
    const settings = flow({ collectPicture: false, collectParentsPhone: false, customFields: [] });
    expect(admissionPages(settings)).toEqual(['welcome', 'name', 'phone', 'details', 'review', 'success']);
    expect(nextAdmissionPage('phone', settings)).toBe('details');
    expect(previousAdmissionPage('details', settings)).toBe('phone');
  });
  it('goes from page 2 to page 4 without picture collection', () => {
    const settings = flow({ collectPicture: false });
    expect(nextAdmissionPage('phone', settings)).toBe('parents');
    expect(previousAdmissionPage('parents', settings)).toBe('phone');
  });
  it('skips page 5 without custom fields', () => {
    const settings = flow({ customFields: [] });
    expect(nextAdmissionPage('parents', settings)).toBe('details');
    expect(previousAdmissionPage('details', settings)).toBe('parents');
  });
  it('walks forward and back one page at a time', () => {
    expect(nextAdmissionPage('welcome', flow())).toBe('name');
    expect(nextAdmissionPage('picture', flow())).toBe('parents');
    expect(nextAdmissionPage('review', flow())).toBe('success');
    expect(nextAdmissionPage('success', flow())).toBeNull();
    expect(previousAdmissionPage('name', flow())).toBe('welcome');
    expect(previousAdmissionPage('welcome', flow())).toBeNull();
  });
});

describe('admissionProgress', () => {
  it('counts out of 7 with custom fields', () => {
    expect(admissionProgress('name', flow())).toEqual({ current: 1, total: 7, percent: 14 });
    expect(admissionProgress('additional', flow())).toMatchObject({ current: 5, total: 7 });
    expect(admissionProgress('review', flow())).toEqual({ current: 7, total: 7, percent: 100 });
  });
  it('counts out of 6 without custom fields', () => {
    const settings = flow({ customFields: [] });
    expect(admissionProgress('details', settings)).toMatchObject({ current: 5, total: 6 });
    expect(admissionProgress('review', settings)).toEqual({ current: 6, total: 6, percent: 100 });
  });
  it('keeps page numbers when the picture page is skipped', () => {
    expect(admissionProgress('parents', flow({ collectPicture: false }))).toMatchObject({
      current: 4,
      total: 7,
    });
  });
  it('starts at 0 on welcome and is full on success', () => {
    expect(admissionProgress('welcome', flow())).toMatchObject({ current: 0, percent: 0 });
    expect(admissionProgress('success', flow())).toMatchObject({ current: 7, percent: 100 });
  });
});

const settings = (overrides: Partial<AdmissionSettings> = {}): AdmissionSettings => ({
  collectPicture: false,
  collectParentsPhone: false,
  requireUniqueParentsPhone: false,
  collectAdditionalInfo: false,
  customFields: [],
  ...overrides,
});

const form = (overrides: Partial<AdmissionForm> = {}): AdmissionForm => ({
  name: 'Rahim Uddin',
  phone: '01712345678',
  details: 'Class 9 Physics',
  ...overrides,
});

const messageOf = (error: { message: string } | null) => error?.message ?? null;

describe('admission page validation', () => {
  it.each([
    ['name', { name: '   ' }, MESSAGES.ADMISSION_NAME_REQUIRED],
    ['name', { name: 'রহিম' }, null],
    ['phone', { phone: '' }, MESSAGES.ADMISSION_PHONE_REQUIRED],
    ['phone', { phone: '0171234567' }, MESSAGES.PHONE_MUST_BE_11_DIGITS],
    ['phone', { phone: '+8800171234567' }, MESSAGES.PHONE_ZERO_AFTER_COUNTRY_CODE],
    ['phone', { phone: '01712345678D' }, null],
    ['details', { details: '' }, MESSAGES.ADMISSION_DETAILS_REQUIRED],
    ['review', {}, null],
  ] as const)('page %s with %j → %j', (page, overrides, expected) => {
    expect(messageOf(admissionPageError(page, form(overrides), settings()))).toBe(expected);
  });

  it('requires a png/jpg/jpeg picture when collected', () => {
    const on = settings({ collectPicture: true });
    expect(messageOf(admissionPageError('picture', form(), on))).toBe('Please provide your picture');
    expect(messageOf(admissionPageError('picture', form({ pictureName: 'me.gif' }), on))).toBe(
      'me.gif is not a png, jpg or jpeg file',
    );
    expect(admissionPageError('picture', form({ pictureName: 'me.JPEG' }), on)).toBeNull();
    expect(admissionPageError('picture', form(), settings())).toBeNull();
  });
});

describe('parent phones', () => {
  const on = settings({ collectParentsPhone: true });
  it('requires one when collected', () => {
    expect(messageOf(admissionParentPhonesError(form(), on))).toBe(
      'Please provide your parents phone number',
    );
    expect(admissionParentPhonesError(form(), settings())).toBeNull();
    expect(admissionParentPhonesError(form({ parent2phone: '01812345678' }), on)).toBeNull();
  });
  it('checks each given phone', () => {
    expect(admissionParentPhonesError(form({ parent1phone: '018123' }), on)?.code).toBe(
      'PHONE_MUST_BE_11_DIGITS',
    );
  });
  it('with the unique rule, needs one parent phone different from the student phone', () => {
    const unique = settings({ collectParentsPhone: true, requireUniqueParentsPhone: true });
    expect(messageOf(admissionParentPhonesError(form({ parent1phone: '+8801712345678' }), unique))).toBe(
      'Please provide at least one unique phone number of the parent',
    );
    expect(
      messageOf(
        admissionParentPhonesError(form({ phone: '01712345678D', parent1phone: '1712345678' }), unique),
      ),
    ).toBe(MESSAGES.ADMISSION_PARENT_PHONE_NOT_UNIQUE);
    expect(
      admissionParentPhonesError(form({ parent1phone: '01712345678', parent2phone: '01812345678' }), unique),
    ).toBeNull();
    expect(admissionParentPhonesError(form({ parent1phone: '01712345678' }), on)).toBeNull();
  });
});

describe('additional information (page 5)', () => {
  const fields = ['Blood Group', 'Date Of Birth', 'Address', 'School'];
  const on = settings({ collectAdditionalInfo: true, customFields: fields });
  const answers = {
    'Blood Group': 'O+',
    'Date Of Birth': '05-03-2010',
    Address: 'Mirpur, Dhaka',
    School: 'Ideal',
  };
  it('accepts complete answers', () => {
    expect(admissionAdditionalInfoError(form({ customFields: answers }), on)).toBeNull();
  });
  it.each([
    ['Blood Group', 'Please provide your blood group'],
    ['Date Of Birth', 'Please provide your date of birth'],
    ['Address', 'Please provide your address'],
    ['School', 'Please provide additional information'],
  ])('requires %s with its message', (field, expected) => {
    const missing = { ...answers, [field]: '  ' };
    expect(messageOf(admissionAdditionalInfoError(form({ customFields: missing }), on))).toBe(expected);
  });
  it('checks the blood group and date formats even when optional', () => {
    const off = settings({ customFields: fields });
    expect(admissionAdditionalInfoError(form({ customFields: {} }), off)).toBeNull();
    expect(admissionAdditionalInfoError(form({ customFields: { 'Blood Group': 'C+' } }), off)?.code).toBe(
      'ADMISSION_BLOOD_GROUP_REQUIRED',
    );
    expect(
      admissionAdditionalInfoError(form({ customFields: { 'Date Of Birth': '2010-03-05' } }), off)?.code,
    ).toBe('ADMISSION_DATE_OF_BIRTH_REQUIRED');
    expect(
      admissionAdditionalInfoError(
        form({ customFields: { 'blood group': 'ab-' } }),
        settings({ customFields: ['blood group'] }),
      ),
    ).toBeNull();
  });
  it('offers the eight blood groups, A+ first', () => {
    expect(BLOOD_GROUPS).toEqual(['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-']);
    expect([...BLOOD_GROUPS_DRAWER_ORDER].sort()).toEqual([...BLOOD_GROUPS].sort());
    expect(DEFAULT_BLOOD_GROUP).toBe('A+');
  });
});

describe('submit', () => {
  it('is disabled while name or phone is empty', () => {
    expect(canSubmitAdmission(form())).toBe(true);
    expect(canSubmitAdmission(form({ name: ' ' }))).toBe(false);
    expect(canSubmitAdmission(form({ phone: '' }))).toBe(false);
  });
  it('asks for a parent phone with its own message', () => {
    expect(messageOf(admissionSubmitError(form(), settings({ collectParentsPhone: true })))).toBe(
      "Please provide at least one parent's phone number",
    );
  });
  it('guards anything else that is incomplete', () => {
    expect(messageOf(admissionSubmitError(form({ details: '' }), settings()))).toBe(
      'please provide all information carefully',
    );
    expect(messageOf(admissionSubmitError(form({ phone: '12' }), settings()))).toBe(
      MESSAGES.ADMISSION_SUBMIT_GUARD,
    );
    expect(admissionSubmitError(form(), settings())).toBeNull();
  });
});

describe('duplicate applications', () => {
  const now = 1_750_000_000_000;
  const apps = [
    { id: 'old', phone: '+8801712345678', timeStamp: now - DUPLICATE_WINDOW_MS - 1 },
    { id: 'edge', phone: '+8801812345678', timeStamp: now - DUPLICATE_WINDOW_MS },
    { id: 'recent', phone: '+8801912345678D', timeStamp: now - 1000 },
  ];
  it('uses the 90-day window of 7776000000 ms', () => {
    expect(DUPLICATE_WINDOW_MS).toBe(7_776_000_000);
    expect(DUPLICATE_WINDOW_MS).toBe(90 * 24 * 60 * 60 * 1000);
  });
  it('finds a recent application with the same phone', () => {
    expect(findDuplicateApplication('01912345678', apps, now)?.id).toBe('recent');
    expect(findDuplicateApplication('01812345678', apps, now)?.id).toBe('edge');
  });
  it('ignores older applications, other phones and empty input', () => {
    expect(findDuplicateApplication('01712345678', apps, now)).toBeNull();
    expect(findDuplicateApplication('01612345678', apps, now)).toBeNull();
    expect(findDuplicateApplication('', apps, now)).toBeNull();
    expect(findDuplicateApplication('+880', [{ phone: '+880', timeStamp: now }], now)).toBeNull();
  });
  it('marks a confirmed duplicate with D', () => {
    expect(markDuplicatePhone('01712345678')).toBe('+8801712345678D');
    expect(markDuplicatePhone('+8801712345678D')).toBe('+8801712345678D');
    expect(markDuplicatePhone('')).toBe('');
  });
});
