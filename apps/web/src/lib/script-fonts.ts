import type { Language } from './language';

/**
 * The web fonts of the scripts that Hind Siliguri (app/fonts.css) does not draw: Chinese in Noto
 * Sans SC, Arabic in Noto Sans Arabic. Their style sheets load only on a page in that language,
 * so English and Bangla pages neither download nor parse them (Noto Sans SC's rules alone are
 * about 100 kB a weight). Within a sheet each face is a unicode-range subset, so a page fetches
 * only the slices of the script it shows (spec part 1 §2.3 "Loading by role"). global.css puts
 * the family into the font stack of its language only.
 */
const SHEETS: Partial<Record<Language, () => Promise<unknown>>> = {
  // Regular and bold: antd's medium and semibold text takes the nearer of the two.
  zh: () =>
    Promise.all([import('@fontsource/noto-sans-sc/400.css'), import('@fontsource/noto-sans-sc/700.css')]),
  ar: () =>
    Promise.all([
      import('@fontsource/noto-sans-arabic/400.css'),
      import('@fontsource/noto-sans-arabic/600.css'),
      import('@fontsource/noto-sans-arabic/700.css'),
    ]),
};

const loaded = new Map<Language, Promise<unknown>>();

/** Adds the font sheets of a language's script to the page, once; nothing for Latin and Bengali. */
export function loadScriptFonts(language: Language): Promise<unknown> {
  const load = SHEETS[language];
  if (!load) return Promise.resolve();
  let sheet = loaded.get(language);
  if (!sheet) {
    sheet = load().catch(() => {
      // Offline or a stale build: the system's font draws the script instead.
      loaded.delete(language);
    });
    loaded.set(language, sheet);
  }
  return sheet;
}
