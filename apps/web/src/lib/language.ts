/**
 * Interface language. The spec keeps it in local storage under both `ln` and `lng` (older code
 * read one, newer the other), defaulting to English. The languages themselves, their names and
 * direction are the domain's one list (packages/domain/src/text/languages.ts).
 */
import {
  INTERFACE_LANGUAGE_NAMES,
  INTERFACE_LANGUAGES,
  type InterfaceLanguage,
  interfaceLanguageOf,
  isInterfaceLanguage,
  languageDirection,
  languageLocale,
} from '@batchwise/domain';

export const LANGUAGES = INTERFACE_LANGUAGES;
export type Language = InterfaceLanguage;
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEYS = ['lng', 'ln'] as const;
/** The cookie the server reads to send pre-rendered pages in the reader's language. */
export const LANGUAGE_COOKIE = 'bw_lng';

/** Each language's name in itself, so a reader finds their own language in any interface. */
export const LANGUAGE_NAMES = INTERFACE_LANGUAGE_NAMES;

/**
 * BCP 47 tags for dates and numbers (the domain's). Arabic keeps Western digits (Arabic-Indic ones are
 * optional): amounts and phone numbers then read the same as on receipts and SMS.
 */
export const LANGUAGE_LOCALES = Object.fromEntries(
  INTERFACE_LANGUAGES.map((language) => [language, languageLocale(language)]),
) as Record<Language, string>;

export const isLanguage = isInterfaceLanguage;

/** `bn-BD`, `BN` and `bn` all mean Bangla; anything we do not ship means the default. */
export const normaliseLanguage = interfaceLanguageOf;

/**
 * The document's direction: right to left for a right-to-left language whatever the theme says,
 * otherwise the theme's own direction setting (spec: direction LTR or RTL is a theme setting).
 */
export function documentDirection(language: Language, themeDirection: 'ltr' | 'rtl'): 'ltr' | 'rtl' {
  return languageDirection(language) === 'rtl' ? 'rtl' : themeDirection;
}

/** `lng` wins over `ln` when both are set, being the key i18next itself writes. */
export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | null): Language {
  for (const key of LANGUAGE_STORAGE_KEYS) {
    const language = normaliseLanguage(storage?.getItem(key));
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language a visit starts in: `?lng=` (links shared in one language, spec part 2 §9), then
 * local storage, then the cookie the server answered by, then English.
 */
export function initialLanguage(
  search: string,
  storage: Pick<Storage, 'getItem'> | null,
  cookie: string,
): Language {
  const fromUrl = normaliseLanguage(new URLSearchParams(search).get('lng'));
  if (fromUrl) return fromUrl;
  for (const key of LANGUAGE_STORAGE_KEYS) {
    const language = normaliseLanguage(storage?.getItem(key));
    if (language) return language;
  }
  const fromCookie = cookie.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`))?.[1];
  return normaliseLanguage(fromCookie) ?? DEFAULT_LANGUAGE;
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

export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
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

/**
 * The language of texts the server or the domain writes (documents, SMS, exports, institution
 * words): English and Bangla for now, so a reader in another language gets the English one until
 * the server speaks theirs.
 */
export function contentLanguage(language: Language): 'en' | 'bn' {
  return language === 'bn' ? 'bn' : 'en';
}
