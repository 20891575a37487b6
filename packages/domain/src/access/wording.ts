// Labels that follow the account type (part 1 §1): cricket academies talk about divisions and
// players, business accounts about branches and clients. Every label naming these things goes
// through wording() so one account never mixes vocabularies.

export const ACCOUNT_TYPES = ['Default', 'Cricket', 'Business'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export interface Wording {
  readonly classroom: string;
  readonly classrooms: string;
  readonly student: string;
  readonly students: string;
  readonly teacher: string;
  readonly teachers: string;
  readonly institution: string;
  readonly institutions: string;
}

export type WordingLanguage = 'en' | 'bn';

// Bangla marks plurals with a suffix; -গুলো/-রা are the forms used in everyday app text.
const WORDING: Readonly<Record<AccountType, Readonly<Record<WordingLanguage, Wording>>>> = {
  Default: {
    en: {
      classroom: 'classroom',
      classrooms: 'classrooms',
      student: 'student',
      students: 'students',
      teacher: 'teacher',
      teachers: 'teachers',
      institution: 'institution',
      institutions: 'institutions',
    },
    bn: {
      classroom: 'ক্লাসরুম',
      classrooms: 'ক্লাসরুমগুলো',
      student: 'শিক্ষার্থী',
      students: 'শিক্ষার্থীরা',
      teacher: 'শিক্ষক',
      teachers: 'শিক্ষকরা',
      institution: 'প্রতিষ্ঠান',
      institutions: 'প্রতিষ্ঠানগুলো',
    },
  },
  Cricket: {
    en: {
      classroom: 'division',
      classrooms: 'divisions',
      student: 'player',
      students: 'players',
      teacher: 'teacher',
      teachers: 'teachers',
      institution: 'academy',
      institutions: 'academies',
    },
    bn: {
      classroom: 'বিভাগ',
      classrooms: 'বিভাগগুলো',
      student: 'খেলোয়াড়',
      students: 'খেলোয়াড়রা',
      teacher: 'শিক্ষক',
      teachers: 'শিক্ষকরা',
      institution: 'একাডেমি',
      institutions: 'একাডেমিগুলো',
    },
  },
  Business: {
    en: {
      classroom: 'branch',
      classrooms: 'branches',
      student: 'client',
      students: 'clients',
      teacher: 'teacher',
      teachers: 'teachers',
      institution: 'product',
      institutions: 'products',
    },
    bn: {
      classroom: 'শাখা',
      classrooms: 'শাখাগুলো',
      student: 'ক্লায়েন্ট',
      students: 'ক্লায়েন্টরা',
      teacher: 'শিক্ষক',
      teachers: 'শিক্ষকরা',
      institution: 'পণ্য',
      institutions: 'পণ্যগুলো',
    },
  },
};

/**
 * Normalises the stored preference (Preferences.type, any case) to an AccountType; anything
 * unknown or missing is the default school wording.
 */
export function toAccountType(value: unknown): AccountType {
  if (typeof value !== 'string') return 'Default';
  const wanted = value.trim().toLowerCase();
  return ACCOUNT_TYPES.find((type) => type.toLowerCase() === wanted) ?? 'Default';
}

/** The lower-case labels for an account type, in English or Bangla. */
export function wording(accountType: unknown, language: WordingLanguage = 'en'): Wording {
  return WORDING[toAccountType(accountType)][language];
}

/** Capitalises the first letter of an English label: `Classroom`. Bangla is unchanged. */
export function capitalize(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}
