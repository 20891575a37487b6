/**
 * Interface language. The spec keeps it in local storage under both `ln` and `lng` (older code
 * read one, newer the other), defaulting to English.
 */

export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEYS = ['lng', 'ln'] as const;

/** Each language's name in itself, so a reader finds their own language in either interface. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

/** BCP 47 tags for dates and numbers. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-GB', bn: 'bn-BD' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `bn-BD`, `BN` and `bn` all mean Bangla; anything we do not ship means the default. */
export function normaliseLanguage(value: string | null | undefined): Language | null {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/** `lng` wins over `ln` when both are set, being the key i18next itself writes. */
export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | null): Language {
  for (const key of LANGUAGE_STORAGE_KEYS) {
    const language = normaliseLanguage(storage?.getItem(key));
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

export function storeLanguage(storage: Pick<Storage, 'setItem'> | null, language: Language): void {
  for (const key of LANGUAGE_STORAGE_KEYS) {
    try {
      storage?.setItem(key, language);
    } catch {
      // Blocked storage: the language still applies for this visit.
    }
  }
}

/** The cookie the server reads to send pre-rendered pages in the reader's language. */
export function languageCookie(language: Language): string {
  return `bw_lng=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Keeps a chosen language where every part of the product reads it: local storage for the app
 * and public/theme-init.js, the cookie for the server.
 */
export function rememberLanguage(language: Language): void {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Blocked storage: the cookie alone still carries the choice to the server.
  }
  storeLanguage(storage, language);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older phones' browsers
  document.cookie = languageCookie(language);
}
