import { type DomainError, domainError } from '../messages';
import { phoneFormError } from '../phone/form-rule';
import { normalizeBdPhone, stripDuplicateMark } from '../phone/normalize';
import { pictureFileError } from '../students/drawer';
import { parseDmy } from '../time/time';
import type { AdmissionFlowSettings, AdmissionPage } from './pages';

/** Blood group choices in the admission wizard's order; A+ is preselected. */
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
/** The same choices in the student drawer's order. */
export const BLOOD_GROUPS_DRAWER_ORDER = ['A+', 'B+', 'AB+', 'O+', 'A-', 'B-', 'AB-', 'O-'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];
export const DEFAULT_BLOOD_GROUP: BloodGroup = 'A+';

/** Custom fields the product knows by name; their messages and formats are specific. */
export const BLOOD_GROUP_FIELD = 'Blood Group';
export const DATE_OF_BIRTH_FIELD = 'Date Of Birth';
export const ADDRESS_FIELD = 'Address';

export interface AdmissionSettings extends AdmissionFlowSettings {
  /** RequireUniqueParentsPhone: a parent phone must differ from the student's. */
  readonly requireUniqueParentsPhone: boolean;
  /** CollectAdditionalInfo: every custom field on page 5 must be answered. */
  readonly collectAdditionalInfo: boolean;
}

/** What the applicant has entered so far. */
export interface AdmissionForm {
  readonly name: string;
  readonly phone: string;
  /** File name of the chosen picture, or empty. */
  readonly pictureName?: string;
  readonly parent1phone?: string;
  readonly parent2phone?: string;
  /** Custom field answers keyed by field name (Blood Group, Date Of Birth, Address, …). */
  readonly customFields?: Readonly<Record<string, string>>;
  /** Classroom or course details (free text, or fixed by the link's course parameter). */
  readonly details: string;
}

const blank = (value: string | undefined | null) => (value ?? '').trim() === '';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function admissionNameError(name: string): DomainError | null {
  return blank(name) ? domainError('ADMISSION_NAME_REQUIRED') : null;
}

/** Required, then the shared phone rule; a trailing duplicate mark D is allowed. */
export function admissionPhoneError(phone: string): DomainError | null {
  if (blank(phone)) return domainError('ADMISSION_PHONE_REQUIRED');
  return phoneFormError(phone, { student: true });
}

export function admissionPictureError(
  pictureName: string | undefined,
  settings: AdmissionSettings,
): DomainError | null {
  if (blank(pictureName)) return settings.collectPicture ? domainError('ADMISSION_PICTURE_REQUIRED') : null;
  return pictureFileError(pictureName ?? '');
}

/**
 * Parent phones: each must pass the phone rule; when collected at least one is required; with
 * RequireUniqueParentsPhone at least one must differ from the student's own phone.
 */
export function admissionParentPhonesError(
  form: AdmissionForm,
  settings: AdmissionSettings,
): DomainError | null {
  if (!settings.collectParentsPhone) return null;
  const given = [form.parent1phone, form.parent2phone].filter((p): p is string => !blank(p));
  if (given.length === 0) return domainError('ADMISSION_PARENT_PHONE_REQUIRED');
  for (const phone of given) {
    const error = phoneFormError(phone);
    if (error) return error;
  }
  if (settings.requireUniqueParentsPhone) {
    const student = normalizeBdPhone(stripDuplicateMark(form.phone));
    if (given.every((phone) => normalizeBdPhone(phone) === student)) {
      return domainError('ADMISSION_PARENT_PHONE_NOT_UNIQUE');
    }
  }
  return null;
}

/**
 * Page 5. With CollectAdditionalInfo every custom field is required: Blood Group, Date Of Birth
 * and Address have their own messages, other fields the general one. A blood group must be one
 * of the eight choices and a date of birth a real DD-MM-YYYY date, whether required or not.
 */
export function admissionAdditionalInfoError(
  form: AdmissionForm,
  settings: AdmissionSettings,
): DomainError | null {
  const answers = form.customFields ?? {};
  for (const field of settings.customFields) {
    const value = (answers[field] ?? '').trim();
    const isBlood = sameName(field, BLOOD_GROUP_FIELD);
    const isBirth = sameName(field, DATE_OF_BIRTH_FIELD);
    if (value === '') {
      if (!settings.collectAdditionalInfo) continue;
      if (isBlood) return domainError('ADMISSION_BLOOD_GROUP_REQUIRED');
      if (isBirth) return domainError('ADMISSION_DATE_OF_BIRTH_REQUIRED');
      if (sameName(field, ADDRESS_FIELD)) return domainError('ADMISSION_ADDRESS_REQUIRED');
      return domainError('ADMISSION_ADDITIONAL_INFO_REQUIRED');
    }
    if (isBlood && !(BLOOD_GROUPS as readonly string[]).includes(value.toUpperCase())) {
      return domainError('ADMISSION_BLOOD_GROUP_REQUIRED');
    }
    if (isBirth && parseDmy(value) === null) return domainError('ADMISSION_DATE_OF_BIRTH_REQUIRED');
  }
  return null;
}

export function admissionDetailsError(details: string): DomainError | null {
  return blank(details) ? domainError('ADMISSION_DETAILS_REQUIRED') : null;
}

/** The error that keeps Next disabled on a page, or null when the page is complete. */
export function admissionPageError(
  page: AdmissionPage,
  form: AdmissionForm,
  settings: AdmissionSettings,
): DomainError | null {
  switch (page) {
    case 'name':
      return admissionNameError(form.name);
    case 'phone':
      return admissionPhoneError(form.phone);
    case 'picture':
      return admissionPictureError(form.pictureName, settings);
    case 'parents':
      return admissionParentPhonesError(form, settings);
    case 'additional':
      return admissionAdditionalInfoError(form, settings);
    case 'details':
      return admissionDetailsError(form.details);
    default:
      return null;
  }
}

/** Submit is disabled while the name or phone is empty. */
export function canSubmitAdmission(form: AdmissionForm): boolean {
  return !blank(form.name) && !blank(form.phone);
}

/**
 * The guard run on Submit (and by the server before saving): a missing parent phone has its own
 * message; any other incomplete page gives "please provide all information carefully".
 */
export function admissionSubmitError(form: AdmissionForm, settings: AdmissionSettings): DomainError | null {
  const noParent = blank(form.parent1phone) && blank(form.parent2phone);
  if (settings.collectParentsPhone && noParent) return domainError('ADMISSION_SUBMIT_PARENT_PHONE_REQUIRED');
  const pages: AdmissionPage[] = ['name', 'phone', 'picture', 'parents', 'additional', 'details'];
  const incomplete = pages.some((page) => {
    if (page === 'picture' && !settings.collectPicture && blank(form.pictureName)) return false;
    if (page === 'additional' && settings.customFields.length === 0) return false;
    return admissionPageError(page, form, settings) !== null;
  });
  return incomplete ? domainError('ADMISSION_SUBMIT_GUARD') : null;
}
