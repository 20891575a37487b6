import {
  ADDRESS_FIELD,
  type AdmissionForm,
  type AdmissionPage,
  type AdmissionPublicInfo,
  type AdmissionSubmitInput,
  admissionPages,
  BLOOD_GROUP_FIELD,
  DATE_OF_BIRTH_FIELD,
  DEFAULT_BLOOD_GROUP,
  normalizeBdPhone,
} from '@batchwise/domain';

/**
 * The wizard's answers and the pure rules around them: how a custom field is asked, what a
 * classroom choice writes into the details, what is sent, and how answers survive a reload
 * (sessionStorage, per institution key).
 */

export interface WizardAnswers extends AdmissionForm {
  readonly name: string;
  readonly phone: string;
  /** File name of the uploaded picture; set only once the upload succeeded. */
  readonly pictureName: string;
  /** Address the server gave the uploaded picture. */
  readonly avatarUrl: string;
  readonly parent1phone: string;
  readonly parent2phone: string;
  readonly customFields: Readonly<Record<string, string>>;
  readonly details: string;
}

export type AdmissionInfo = AdmissionPublicInfo;
export type AdmissionSettingsInfo = AdmissionInfo['settings'];
export type AdmissionClassroom = AdmissionInfo['classrooms'][number];

export const EMPTY_ANSWERS: WizardAnswers = {
  name: '',
  phone: '',
  pictureName: '',
  avatarUrl: '',
  parent1phone: '',
  parent2phone: '',
  customFields: {},
  details: '',
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export type FieldKind = 'bloodGroup' | 'dateOfBirth' | 'address' | 'link' | 'text';

/** How page 5 asks a custom field, from its name (the known names are the domain's constants). */
export function fieldKind(field: string): FieldKind {
  if (same(field, BLOOD_GROUP_FIELD)) return 'bloodGroup';
  if (same(field, DATE_OF_BIRTH_FIELD)) return 'dateOfBirth';
  if (same(field, ADDRESS_FIELD)) return 'address';
  if (/facebook|social|profile link|\blink\b|website|url/i.test(field)) return 'link';
  return 'text';
}

/** The text a classroom choice writes into the details field. */
export function classroomLabel(classroom: AdmissionClassroom): string {
  const where = [classroom.grade, classroom.subject].filter((part) => part.trim() !== '').join(', ');
  return where ? `${classroom.name} (${where})` : classroom.name;
}

/** The classroom the link's `course` parameter fixes, when it names an open one. */
export function fixedClassroom(info: AdmissionInfo, course: string | null): AdmissionClassroom | null {
  if (!course) return null;
  return info.classrooms.find((classroom) => classroom.id === course) ?? null;
}

/** Fresh answers for this institution: Blood Group preselected, the fixed classroom written in. */
export function initialAnswers(info: AdmissionInfo, course: string | null): WizardAnswers {
  const customFields: Record<string, string> = {};
  for (const field of info.settings.customFields) {
    if (fieldKind(field) === 'bloodGroup') customFields[field] = DEFAULT_BLOOD_GROUP;
  }
  const fixed = fixedClassroom(info, course);
  return { ...EMPTY_ANSWERS, customFields, details: fixed ? classroomLabel(fixed) : '' };
}

/** The submission body (normalised phones, only this institution's custom fields). */
export function submissionOf(
  answers: WizardAnswers,
  info: AdmissionInfo,
  course: string | null,
): AdmissionSubmitInput {
  const { settings } = info;
  const customFields: Record<string, string> = {};
  for (const field of settings.customFields) {
    const value = (answers.customFields[field] ?? '').trim();
    if (value !== '') customFields[field] = value;
  }
  const fixed = fixedClassroom(info, course);
  return {
    ...(fixed ? { course: fixed.id } : {}),
    name: answers.name.trim(),
    phone: normalizeBdPhone(answers.phone, { keepDuplicateMark: true }),
    ...(answers.avatarUrl ? { avatarURL: answers.avatarUrl } : {}),
    parent1phone: settings.collectParentsPhone ? normalizeBdPhone(answers.parent1phone) : '',
    parent2phone: settings.collectParentsPhone ? normalizeBdPhone(answers.parent2phone) : '',
    customFields,
    details: fixed ? classroomLabel(fixed) : answers.details.trim(),
  };
}

// ---- Keeping the answers across a reload ----

export interface SavedWizard {
  readonly page: AdmissionPage;
  readonly answers: WizardAnswers;
  readonly touched: readonly string[];
}

export const storageKeyOf = (key: string) => `bw-admission:${key}`;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The saved progress for this key, if any and still fitting the institution's pages. */
export function loadWizard(key: string, info: AdmissionInfo): SavedWizard | null {
  try {
    const raw = sessionStore()?.getItem(storageKeyOf(key));
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<SavedWizard>;
    const answers = { ...EMPTY_ANSWERS, ...(saved.answers ?? {}) };
    for (const field of Object.keys(answers) as (keyof WizardAnswers)[]) {
      const value = answers[field];
      if (
        field === 'customFields' ? typeof value !== 'object' || value === null : typeof value !== 'string'
      ) {
        return null;
      }
    }
    const pages = admissionPages(info.settings);
    const page =
      saved.page && pages.includes(saved.page) && saved.page !== 'success' ? saved.page : 'welcome';
    const touched = Array.isArray(saved.touched) ? saved.touched.filter((t) => typeof t === 'string') : [];
    return { page, answers, touched };
  } catch {
    return null;
  }
}

export function saveWizard(key: string, saved: SavedWizard): void {
  try {
    sessionStore()?.setItem(storageKeyOf(key), JSON.stringify(saved));
  } catch {
    // Full or blocked storage: the answers still live in memory for this visit.
  }
}

export function clearWizard(key: string): void {
  try {
    sessionStore()?.removeItem(storageKeyOf(key));
  } catch {
    // Nothing kept, nothing to clear.
  }
}

// ---- The institution's language on a first visit ----

const languageMarkOf = (key: string) => `bw-admission-language:${key}`;

/**
 * True the first time this browser opens this institution's form: then the wizard switches to
 * the institution's language. Later the visitor's own choice (kept by the language switch) wins.
 */
export function firstVisit(key: string): boolean {
  if (visitedBefore(key)) return false;
  try {
    window.localStorage.setItem(languageMarkOf(key), '1');
  } catch {
    // Blocked storage: every visit is a first one.
  }
  return true;
}

/** Whether this browser has opened this institution's form before (`firstVisit` without marking it). */
export function visitedBefore(key: string): boolean {
  try {
    return window.localStorage.getItem(languageMarkOf(key)) !== null;
  } catch {
    return false;
  }
}
