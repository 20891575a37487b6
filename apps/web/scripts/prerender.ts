import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { INTERFACE_LANGUAGES, type InterfaceLanguage, languageDirection } from '@batchwise/domain';

/**
 * Writes dist/prerender/{en,bn}/{slug}.html: each marketing page rendered at build time into the
 * built index.html, with its own title, description, canonical URL and Open Graph tags, so the
 * first paint needs no JavaScript and link previews and crawlers see real content. The server
 * serves these by the reader's language cookie (apps/server/src/modules/public-site).
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const ssrEntry = path.join(webRoot, 'dist-ssr', 'entry-server.js');

/**
 * Page id (locale key) by path; must match the server's PRERENDERED_PATHS. `static`: the HTML is
 * the whole page, so the browser does not start the React app for it (src/features/public-site/
 * static-page.ts). Pages that fetch data the server does not fill in (blog, news item, contact
 * form, AI videos, the maintenance message) are not static.
 */
const PAGES: Record<string, { id: string; static: boolean }> = {
  '/welcome': { id: 'welcome', static: true },
  '/pricing': { id: 'pricing', static: true },
  '/ai': { id: 'ai', static: false },
  '/blog': { id: 'blog', static: false },
  '/news': { id: 'news', static: false },
  '/OpenNews': { id: 'openNews', static: false },
  '/casestudy': { id: 'caseStudy', static: true },
  '/contact': { id: 'contact', static: false },
  '/careers': { id: 'careers', static: true },
  '/sentinel': { id: 'sentinel', static: true },
  '/ex/sms': { id: 'bulkSms', static: true },
  '/Terms': { id: 'terms', static: true },
  '/Privacy': { id: 'privacy', static: true },
  '/aboutus': { id: 'aboutUs', static: true },
  '/Support': { id: 'support', static: true },
  // Not static: it shows the staff's maintenance message, fetched when it opens.
  '/under-maintenance': { id: 'underMaintenance', static: false },
};
const LANGUAGES = INTERFACE_LANGUAGES;
type Language = InterfaceLanguage;
const OG_LOCALES: Record<Language, string> = {
  en: 'en_GB',
  bn: 'bn_BD',
  zh: 'zh_CN',
  ar: 'ar_AR',
  it: 'it_IT',
  es: 'es_ES',
  fr: 'fr_FR',
};

const slug = (pagePath: string) => pagePath.slice(1).toLowerCase().replace(/\//g, '-');
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

type Tree = Record<string, unknown>;
const lookup = (tree: Tree | undefined, key: string): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
  if (typeof value !== 'string') throw new Error(`missing translation ${key}`);
  return value;
};

function loadResources() {
  const resources: Record<string, Record<string, Tree>> = {};
  for (const language of LANGUAGES) {
    const dir = path.join(dist, 'Locales', language);
    resources[language] = Object.fromEntries(
      fs
        .readdirSync(dir)
        .map((file) => [
          file.replace(/\.json$/, ''),
          JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Tree,
        ]),
    );
  }
  return resources;
}

/**
 * The fonts the top of a page paints with, so text appears in its real face at once instead of
 * reflowing when a weight arrives late. Bangla pages mix Bengali and Latin glyphs (the brand,
 * figures) in body text (400), buttons and links (600) and headings (700); English pages need
 * the regular Latin face only (their heavier weights are small and reflow no lines).
 */
const ABOVE_THE_FOLD: Record<Language, readonly (readonly [string, number])[]> = {
  en: [['latin', 400]],
  bn: [
    ['bengali', 400],
    ['bengali', 600],
    ['bengali', 700],
    ['latin', 400],
    ['latin', 600],
    ['latin', 700],
  ],
  // Chinese and Arabic glyphs come in many small subsets loaded as the page shows them
  // (lib/script-fonts.ts); their Latin letters are Hind Siliguri's, as on English pages.
  zh: [['latin', 400]],
  ar: [['latin', 400]],
  it: [['latin', 400]],
  es: [['latin', 400]],
  fr: [['latin', 400]],
};

function fontPreload(language: Language): string {
  const files = fs.readdirSync(path.join(dist, 'assets'));
  return ABOVE_THE_FOLD[language]
    .map(([subset, weight]) =>
      files.find(
        (name) => name.startsWith(`hind-siliguri-${subset}-${weight}-normal-`) && name.endsWith('.woff2'),
      ),
    )
    .filter((file) => file !== undefined)
    .map((file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>`)
    .join('');
}

const { setUp, render, renderLatestNews, renderPricingPlans, renderLanding } = (await import(
  pathToFileURL(ssrEntry).href
)) as {
  setUp: (resources: unknown) => Promise<void>;
  render: (url: string, language: Language) => Promise<string>;
  renderLatestNews: (items: undefined, language: Language) => string;
  renderPricingPlans: (plans: undefined, language: Language) => string;
  renderLanding: (part: string, config: undefined, language: Language) => string;
};

/** The landing page's parts staff may change (`/config-landing-page`), filled by the server. */
const LANDING_PARTS = ['hero', 'testimonials', 'caseStudy'] as const;

/**
 * Wraps each live part of a page in markers the server fills per request (the landing page's
 * news, rendered by the same components in the server: apps/server/src/modules/public-site).
 * The part is found by rendering its loading state alone, which must appear verbatim.
 */
function markSlots(markup: string, language: Language): string {
  const slots: Record<string, (data: undefined, language: Language) => string> = {
    'latest-news': renderLatestNews,
    'pricing-plans': renderPricingPlans,
    ...Object.fromEntries(
      LANDING_PARTS.map((part) => [
        `landing-${part}`,
        (_: undefined, lng: Language) => renderLanding(part, undefined, lng),
      ]),
    ),
  };
  let marked = markup;
  for (const [name, renderPending] of Object.entries(slots)) {
    const pending = renderPending(undefined, language);
    if (marked.includes(pending))
      marked = marked.replace(pending, () => `<!--bw-slot:${name}-->${pending}<!--/bw-slot-->`);
  }
  return marked;
}

const resources = loadResources();
await setUp(resources);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

let count = 0;
for (const language of LANGUAGES) {
  fs.mkdirSync(path.join(dist, 'prerender', language), { recursive: true });
  const texts = resources[language]!.public;
  for (const [pagePath, { id, static: isStatic }] of Object.entries(PAGES)) {
    const markup = markSlots(await render(`http://localhost${pagePath}`, language), language);
    if (pagePath === '/welcome' && !markup.includes('<!--bw-slot:latest-news-->'))
      throw new Error('the landing page has no news slot to fill');
    if (
      pagePath === '/welcome' &&
      LANDING_PARTS.some((part) => !markup.includes(`<!--bw-slot:landing-${part}-->`))
    )
      throw new Error('the landing page has no slot for a part staff may change');
    if (pagePath === '/pricing' && !markup.includes('<!--bw-slot:pricing-plans-->'))
      throw new Error('the pricing page has no plans slot to fill');
    const title = `${lookup(texts, id === 'welcome' ? 'welcome.documentTitle' : `pages.${id}`)} · Batchwise`;
    const description = lookup(texts, `seo.${id}`);
    // __BW_ORIGIN__ becomes the site's address when served (PUBLIC_URL or the request's host).
    const url = `__BW_ORIGIN__${pagePath}`;
    const meta = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}">`,
      `<link rel="canonical" href="${url}">`,
      '<meta property="og:type" content="website">',
      '<meta property="og:site_name" content="Batchwise">',
      `<meta property="og:title" content="${escapeHtml(title)}">`,
      `<meta property="og:description" content="${escapeHtml(description)}">`,
      `<meta property="og:url" content="${url}">`,
      `<meta property="og:locale" content="${OG_LOCALES[language]}">`,
      '<meta name="twitter:card" content="summary">',
    ].join('');
    const html = template
      .replace('<html lang="en" dir="ltr"', `<html lang="${language}" dir="${languageDirection(language)}"`)
      .replace(/<title>[\s\S]*?<\/title>/, () => `<!--bw-meta-->${meta}<!--/bw-meta-->`)
      .replace(/<meta name="description"[^>]*>\s*/, '')
      .replace('</head>', () => `${fontPreload(language)}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root" data-prerendered="${language}"${isStatic ? ' data-static-page' : ''}>${markup}</div>`,
      );
    if (!html.includes('data-prerendered')) throw new Error('index.html has no empty <div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'prerender', language, `${slug(pagePath)}.html`), html);
    count++;
  }
}
// dist-ssr stays: the server renders the static pages' live parts with it.
process.stdout.write(`pre-rendered ${count} pages\n`);
