import type { InterfaceLanguage } from '../text/languages';

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

export type WordingLanguage = InterfaceLanguage;

// Bangla marks plurals with a suffix; -গুলো/-রা are the forms used in everyday app text. Chinese
// has no plural, so both forms are one word.
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
    zh: {
      classroom: '班级',
      classrooms: '班级',
      student: '学生',
      students: '学生',
      teacher: '教师',
      teachers: '教师',
      institution: '机构',
      institutions: '机构',
    },
    ar: {
      classroom: 'فصل',
      classrooms: 'فصول',
      student: 'طالب',
      students: 'طلاب',
      teacher: 'معلم',
      teachers: 'معلمون',
      institution: 'مؤسسة',
      institutions: 'مؤسسات',
    },
    it: {
      classroom: 'classe',
      classrooms: 'classi',
      student: 'studente',
      students: 'studenti',
      teacher: 'insegnante',
      teachers: 'insegnanti',
      institution: 'istituto',
      institutions: 'istituti',
    },
    es: {
      classroom: 'grupo',
      classrooms: 'grupos',
      student: 'alumno',
      students: 'alumnos',
      teacher: 'profesor',
      teachers: 'profesores',
      institution: 'institución',
      institutions: 'instituciones',
    },
    fr: {
      classroom: 'classe',
      classrooms: 'classes',
      student: 'élève',
      students: 'élèves',
      teacher: 'enseignant',
      teachers: 'enseignants',
      institution: 'établissement',
      institutions: 'établissements',
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
    zh: {
      classroom: '分部',
      classrooms: '分部',
      student: '球员',
      students: '球员',
      teacher: '教师',
      teachers: '教师',
      institution: '学院',
      institutions: '学院',
    },
    ar: {
      classroom: 'قسم',
      classrooms: 'أقسام',
      student: 'لاعب',
      students: 'لاعبون',
      teacher: 'معلم',
      teachers: 'معلمون',
      institution: 'أكاديمية',
      institutions: 'أكاديميات',
    },
    it: {
      classroom: 'divisione',
      classrooms: 'divisioni',
      student: 'giocatore',
      students: 'giocatori',
      teacher: 'insegnante',
      teachers: 'insegnanti',
      institution: 'accademia',
      institutions: 'accademie',
    },
    es: {
      classroom: 'grupo',
      classrooms: 'grupos',
      student: 'jugador',
      students: 'jugadores',
      teacher: 'profesor',
      teachers: 'profesores',
      institution: 'academia',
      institutions: 'academias',
    },
    fr: {
      classroom: 'division',
      classrooms: 'divisions',
      student: 'joueur',
      students: 'joueurs',
      teacher: 'enseignant',
      teachers: 'enseignants',
      institution: 'académie',
      institutions: 'académies',
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
    zh: {
      classroom: '分店',
      classrooms: '分店',
      student: '客户',
      students: '客户',
      teacher: '教师',
      teachers: '教师',
      institution: '产品',
      institutions: '产品',
    },
    ar: {
      classroom: 'فرع',
      classrooms: 'فروع',
      student: 'عميل',
      students: 'عملاء',
      teacher: 'معلم',
      teachers: 'معلمون',
      institution: 'منتج',
      institutions: 'منتجات',
    },
    it: {
      classroom: 'filiale',
      classrooms: 'filiali',
      student: 'cliente',
      students: 'clienti',
      teacher: 'insegnante',
      teachers: 'insegnanti',
      institution: 'prodotto',
      institutions: 'prodotti',
    },
    es: {
      classroom: 'local',
      classrooms: 'locales',
      student: 'cliente',
      students: 'clientes',
      teacher: 'profesor',
      teachers: 'profesores',
      institution: 'producto',
      institutions: 'productos',
    },
    fr: {
      classroom: 'succursale',
      classrooms: 'succursales',
      student: 'client',
      students: 'clients',
      teacher: 'enseignant',
      teachers: 'enseignants',
      institution: 'produit',
      institutions: 'produits',
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

/** The lower-case labels for an account type, in any interface language. */
export function wording(accountType: unknown, language: WordingLanguage = 'en'): Wording {
  return WORDING[toAccountType(accountType)][language];
}

/** Capitalises the first letter of a Latin-script label: `Classroom`. Other scripts are unchanged. */
export function capitalize(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}
