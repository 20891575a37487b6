import { useTranslation } from 'react-i18next';
import { changeLanguage } from './i18n';
import {
  DEFAULT_LANGUAGE,
  documentDirection,
  LANGUAGE_LOCALES,
  type Language,
  normaliseLanguage,
} from './language';
import { useTheme } from './use-theme';

/** The active language (re-renders on change) and the locale tag for Intl formatting. */
export function useLanguage(): { language: Language; locale: string; setLanguage: (next: Language) => void } {
  const { i18n } = useTranslation();
  const language = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  return {
    language,
    locale: LANGUAGE_LOCALES[language],
    setLanguage: (next) => {
      void changeLanguage(next);
    },
  };
}

/** The page's direction: right to left in Arabic, otherwise the theme's setting. */
export function useDirection(): 'ltr' | 'rtl' {
  const { language } = useLanguage();
  return documentDirection(language, useTheme().direction);
}
