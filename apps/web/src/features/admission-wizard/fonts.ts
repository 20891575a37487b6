import type { Language } from '../../lib/language';

/** The longest a screen waits for its fonts; after that it shows in the fallback font. */
const FONT_WAIT_MS = 2500;

/**
 * Loads the weights of the interface font (app/fonts.css) that the wizard's
 * screens use, in the script of a language. Drawing before they arrive would set the text twice,
 * and the second setting moves everything under it: a layout shift a reader sees, and Lighthouse
 * counts. Resolves when they are loaded, failed, or after FONT_WAIT_MS.
 */
export function loadFonts(language: Language): Promise<unknown> {
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  // Bengali letters are a family of their own, used on Bangla pages only (app/fonts.css).
  const families = language === 'bn' ? ['"Hind Siliguri"', '"Hind Siliguri Bengali"'] : ['"Hind Siliguri"'];
  const sample = language === 'bn' ? 'অA' : 'A';
  const loads = [400, 600, 700].flatMap((weight) =>
    families.map((family) => document.fonts.load(`${weight} 16px ${family}`, sample).catch(() => undefined)),
  );
  return Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}
