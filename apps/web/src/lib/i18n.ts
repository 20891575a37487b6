import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  documentDirection,
  initialLanguage,
  LANGUAGES,
  type Language,
  normaliseLanguage,
  rememberLanguage,
} from './language';
import { loadScriptFonts } from './script-fonts';
import { getTheme } from './theme-store';

/**
 * Namespaces, one per feature. Each screen asks for the ones it needs via `useTranslation`, so a
 * public page never downloads the signed-in app's texts. `domain` holds the server's error
 * messages by code and is maintained alongside packages/domain.
 */
export const NAMESPACES = [
  'common',
  'public',
  'auth',
  'errors',
  'app',
  'dev',
  'domain',
  'blog',
  'pricing',
  'ai',
  'company',
  'products',
  'legal',
  'contact',
  'staff',
  'students',
  'links',
  'sms',
  'onboarding',
  'admission',
  'applications',
  'fees',
  'report-cards',
  'kiosk',
  'devices',
  'other-users',
  'faces',
  'getting-started',
  'plans',
  'portal',
  'referrals',
  'billing',
  'activity',
  'insight',
  'status',
  'staff-console',
  'zoom',
  'video',
  'educast',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** `lang` for fonts, screen readers and hyphenation; `dir` so Arabic reads right to left. */
function applyLanguageToDocument(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = documentDirection(language, getTheme().direction);
  void loadScriptFonts(language);
}

export function initI18n(): Promise<unknown> {
  const language = initialLanguage(window.location.search, safeStorage(), document.cookie);
  // A `?lng=` link is a choice too: kept, so the next page (and the server) answer in it.
  rememberLanguage(language);
  applyLanguageToDocument(language);
  i18n.on('languageChanged', (next) => {
    const normalised = normaliseLanguage(next);
    if (!normalised) return;
    rememberLanguage(normalised);
    applyLanguageToDocument(normalised);
  });
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: ['common'],
      defaultNS: 'common',
      backend: {
        loadPath: `${import.meta.env.BASE_URL}Locales/{{lng}}/{{ns}}.json`,
        queryStringParams: { v: __BUILD_ID__ },
      },
      // Plural keys follow each language's Intl.PluralRules categories (i18next JSON v4): Arabic
      // has zero/one/two/few/many/other, Chinese other only.
      // React escapes on render; escaping here too would show `&amp;` to users.
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return normaliseLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

export { i18n };
