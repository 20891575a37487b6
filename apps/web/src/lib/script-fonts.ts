import sheets from 'virtual:script-font-sheets';
import type { Language } from './language';

/**
 * The web fonts of the scripts that Hind Siliguri (app/fonts.css) does not draw: Chinese in Noto
 * Sans SC, Arabic in Noto Sans Arabic. Their style sheets load only on a page in that language,
 * so English and Bangla pages neither download nor parse them (Noto Sans SC's rules alone are
 * about 100 kB a weight); vite/script-font-sheets.ts makes them files of their own. Within a
 * sheet each face is a unicode-range subset, so a page fetches only the slices of the script it
 * shows (spec part 1 §2.3 "Loading by role"). global.css puts the family into the font stack of
 * its language only.
 */
const loaded = new Map<Language, Promise<unknown>>();

function addSheet(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error(`font sheet ${href} did not load`));
    };
    document.head.append(link);
  });
}

/** Adds the font sheets of a language's script to the page, once; nothing for Latin and Bengali. */
export function loadScriptFonts(language: Language): Promise<unknown> {
  const hrefs = sheets[language];
  if (!hrefs) return Promise.resolve();
  let sheet = loaded.get(language);
  if (!sheet) {
    sheet = Promise.all(hrefs.map(addSheet)).catch(() => {
      // Offline or a stale build: the system's font draws the script instead.
      loaded.delete(language);
    });
    loaded.set(language, sheet);
  }
  return sheet;
}
