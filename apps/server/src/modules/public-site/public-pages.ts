import { type InterfaceLanguage, isInterfaceLanguage } from '@batchwise/domain';

/**
 * Marketing pages pre-rendered at build time (apps/web/scripts/prerender.ts writes
 * `dist/prerender/{lng}/{slug}.html`, one folder per interface language). The slug rule is shared by both sides: the path without
 * its leading slash, lower-cased, with `/` turned into `-`.
 */
export const PRERENDERED_PATHS = [
  '/welcome',
  '/pricing',
  '/ai',
  '/blog',
  '/news',
  '/OpenNews',
  '/casestudy',
  '/contact',
  '/careers',
  '/sentinel',
  '/ex/sms',
  '/Terms',
  '/Privacy',
  '/aboutus',
  '/Support',
  '/under-maintenance',
] as const;

export function pageSlug(path: string): string {
  return path.slice(1).toLowerCase().replace(/\//g, '-');
}

/** Pages listed in sitemap.xml (aliases and per-item pages are not). */
export const SITEMAP_PATHS = PRERENDERED_PATHS.filter((path) => path !== '/news' && path !== '/OpenNews');

/** The language cookie the web app sets, so the first HTML is already in the reader's language. */
export const LANGUAGE_COOKIE = 'bw_lng';

/**
 * The language a public page is sent in: `?lng=` (a link shared in one language, spec part 2 §9),
 * then the reader's cookie, then English. `bn-BD` and `BN` mean Bangla, as in the web app.
 */
export function pageLanguage(query: string | undefined, cookie: string | undefined): InterfaceLanguage {
  for (const value of [query, cookie]) {
    const base = value?.trim().toLowerCase().split(/[-_]/)[0];
    if (isInterfaceLanguage(base)) return base;
  }
  return 'en';
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
