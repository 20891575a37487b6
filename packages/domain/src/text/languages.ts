// The interface languages (spec part 1 §1, part 2 §9): English and Bangla first, then the locale
// packs for Chinese, Arabic, Italian, Spanish and French. One list for the web, the server's
// pre-rendered pages, SMS and printed documents.

export const INTERFACE_LANGUAGES = ['en', 'bn', 'zh', 'ar', 'it', 'es', 'fr'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

/** Each language's name in itself, so a reader finds their own language in any interface. */
export const INTERFACE_LANGUAGE_NAMES: Record<InterfaceLanguage, string> = {
  en: 'English',
  bn: 'বাংলা',
  zh: '简体中文',
  ar: 'العربية',
  it: 'Italiano',
  es: 'Español',
  fr: 'Français',
};

/** Languages written right to left. */
export const RTL_LANGUAGES: readonly InterfaceLanguage[] = ['ar'];

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}

export function languageDirection(language: InterfaceLanguage): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}
