import { normaliseLanguage, rememberLanguage } from '../../lib/language';
import { loadScriptFonts } from '../../lib/script-fonts';
import { keepLatestNewsLive } from './news/latest-news-live';

/**
 * Static marketing pages: pages pre-rendered complete (scripts/prerender.ts marks them with
 * `data-static-page`; the server fills their live parts per request) stay as they are, and this
 * small module wires what React would have. Booting React, its router and i18next would cost
 * ~150 kB of script and repaint the page, for nothing the reader could see.
 */

/**
 * Whether the HTML on screen is the whole page. It is not when it was rendered in another
 * language than the reader's (public/theme-init.js hides it) or when the server left a live part
 * unfilled (`data-slot-pending`): then the app starts and renders the page itself, as before.
 */
export function isCompleteStaticPage(root: HTMLElement): boolean {
  return (
    root.dataset.staticPage !== undefined &&
    !document.documentElement.classList.contains('bw-language-pending') &&
    !root.querySelector('[data-slot-pending]')
  );
}

/** The server sends pre-rendered pages in the cookie's language, so a reload shows the new one. */
function switchLanguage(value: string | undefined): void {
  const language = normaliseLanguage(value);
  if (!language || language === document.documentElement.lang) return;
  rememberLanguage(language);
  // A `?lng=` in the address would win over the choice on reload (public/theme-init.js).
  const url = new URL(window.location.href);
  if (url.searchParams.has('lng')) {
    url.searchParams.set('lng', language);
    window.location.replace(url);
  } else window.location.reload();
}

export function startStaticPage(root: HTMLElement): void {
  const language = normaliseLanguage(document.documentElement.lang);
  if (language) void loadScriptFonts(language);
  document.addEventListener('change', (event) => {
    if (event.target instanceof HTMLSelectElement && event.target.dataset.languageSelect !== undefined)
      switchLanguage(event.target.value);
  });
  if (root.querySelector('[data-news-slot]')) keepLatestNewsLive();
  // The page's script is in control now (browser tests wait for this, as they do for the app).
  root.removeAttribute('data-prerendered');
}
