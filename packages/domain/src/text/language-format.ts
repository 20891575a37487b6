import type { InterfaceLanguage } from './languages';

// The locale each interface language formats dates and numbers with (spec part 2 §9 "Text"):
// Bangla writes Bangla digits, Arabic Western digits unless Arabic-Indic ones are asked for (the
// printed and texted numbers of a Bangladeshi centre), the others their usual national form.

const LOCALES: Record<InterfaceLanguage, string> = {
  en: 'en-GB',
  bn: 'bn-BD',
  zh: 'zh-CN',
  ar: 'ar-u-nu-latn',
  it: 'it-IT',
  es: 'es-ES',
  fr: 'fr-FR',
};

/** The BCP 47 tag for `Intl` in a language: `languageLocale('ar', { arabicIndic: true })` → `'ar-u-nu-arab'`. */
export function languageLocale(language: InterfaceLanguage, options: { arabicIndic?: boolean } = {}): string {
  return language === 'ar' && options.arabicIndic ? 'ar-u-nu-arab' : LOCALES[language];
}

/**
 * A language tag as sent by a browser, a cookie or `?lng=` (`bn-BD`, `ZH`, `ar_EG`) as one of the
 * interface languages, or null for a language the product does not speak.
 */
export function interfaceLanguageOf(value: string | null | undefined): InterfaceLanguage | null {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return base && (LOCALES as Record<string, string>)[base] !== undefined ? (base as InterfaceLanguage) : null;
}
