import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Writes dist/prerender/{en,bn}/{slug}.html: each marketing page rendered at build time into the
 * built index.html, with its own title, description, canonical URL and Open Graph tags, so the
 * first paint needs no JavaScript and link previews and crawlers see real content. The server
 * serves these by the reader's language cookie (apps/server/src/modules/public-site).
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const ssrEntry = path.join(webRoot, 'dist-ssr', 'entry-server.js');

/** Page id (locale key) by path; must match the server's PRERENDERED_PATHS. */
const PAGES: Record<string, string> = {
  '/welcome': 'welcome',
  '/pricing': 'pricing',
  '/ai': 'ai',
  '/blog': 'blog',
  '/news': 'news',
  '/OpenNews': 'openNews',
  '/casestudy': 'caseStudy',
  '/contact': 'contact',
  '/careers': 'careers',
  '/sentinel': 'sentinel',
  '/ex/sms': 'bulkSms',
  '/Terms': 'terms',
  '/Privacy': 'privacy',
  '/aboutus': 'aboutUs',
  '/Support': 'support',
  '/under-maintenance': 'underMaintenance',
};
const LANGUAGES = ['en', 'bn'] as const;
const OG_LOCALES = { en: 'en_GB', bn: 'bn_BD' };

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

/** The regular-weight font of the page's script, so text paints in its real face at once. */
function fontPreload(language: 'en' | 'bn'): string {
  const subset = language === 'bn' ? 'bengali' : 'latin';
  const file = fs
    .readdirSync(path.join(dist, 'assets'))
    .find((name) => name.startsWith(`hind-siliguri-${subset}-400-normal-`) && name.endsWith('.woff2'));
  return file ? `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>` : '';
}

const { setUp, render } = (await import(pathToFileURL(ssrEntry).href)) as {
  setUp: (resources: unknown) => Promise<void>;
  render: (url: string, language: 'en' | 'bn') => Promise<string>;
};
const resources = loadResources();
await setUp(resources);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

let count = 0;
for (const language of LANGUAGES) {
  fs.mkdirSync(path.join(dist, 'prerender', language), { recursive: true });
  const texts = resources[language]!.public;
  for (const [pagePath, id] of Object.entries(PAGES)) {
    const markup = await render(`http://localhost${pagePath}`, language);
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
      .replace('<html lang="en"', `<html lang="${language}"`)
      .replace(/<title>[\s\S]*?<\/title>/, () => `<!--bw-meta-->${meta}<!--/bw-meta-->`)
      .replace(/<meta name="description"[^>]*>\s*/, '')
      .replace('</head>', () => `${fontPreload(language)}</head>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root" data-prerendered="${language}">${markup}</div>`,
      );
    if (!html.includes('data-prerendered')) throw new Error('index.html has no empty <div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'prerender', language, `${slug(pagePath)}.html`), html);
    count++;
  }
}
fs.rmSync(path.join(webRoot, 'dist-ssr'), { recursive: true, force: true });
process.stdout.write(`pre-rendered ${count} pages\n`);
