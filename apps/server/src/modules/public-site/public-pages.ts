/**
 * Marketing pages pre-rendered at build time (apps/web/scripts/prerender.ts writes
 * `dist/prerender/{en,bn}/{slug}.html`). The slug rule is shared by both sides: the path without
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

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
