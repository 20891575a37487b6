import fs from 'node:fs/promises';
import path from 'node:path';
import { dayOf, type InterfaceLanguage, type NewsItem } from '@batchwise/domain';
import { escapeHtml, pageSlug } from './public-pages';

const ORIGIN_TOKEN = /__BW_ORIGIN__/g;
const META_BLOCK = /<!--bw-meta-->[\s\S]*?<!--\/bw-meta-->/;

/**
 * Reads pre-rendered pages and keeps them while their file is unchanged (a rebuild while the
 * server runs is picked up). Falls back to the plain index.html when the build has no
 * pre-rendered page.
 */
export class PageHtml {
  private readonly cache = new Map<string, { mtimeMs: number; html: string }>();

  constructor(private readonly webDist: string) {}

  private async read(file: string): Promise<string | undefined> {
    const full = path.join(this.webDist, file);
    const stat = await fs.stat(full).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    const cached = this.cache.get(full);
    if (cached?.mtimeMs === stat.mtimeMs) return cached.html;
    const html = await fs.readFile(full, 'utf8');
    this.cache.set(full, { mtimeMs: stat.mtimeMs, html });
    return html;
  }

  /** Any other file of the build (locale JSON, small scripts), with the same caching. */
  file(file: string): Promise<string | undefined> {
    return this.read(file);
  }

  async page(pagePath: string, language: InterfaceLanguage, origin: string): Promise<string | undefined> {
    const html =
      (await this.read(path.join('prerender', language, `${pageSlug(pagePath)}.html`))) ??
      (await this.read('index.html'));
    return html?.replace(ORIGIN_TOKEN, origin);
  }
}

/** Link previews and search results for one news item: its own title, summary and picture. */
export function newsItemMeta(item: NewsItem, origin: string): string {
  const url = `${origin}/OpenNews?key=${encodeURIComponent(item.key)}`;
  const title = escapeHtml(`${item.title} · Batchwise`);
  const description = escapeHtml(item.summary);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:site_name" content="Batchwise">`,
    `<meta property="og:title" content="${escapeHtml(item.title)}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="article:published_time" content="${new Date(item.date).toISOString()}">`,
    `<meta name="twitter:card" content="${item.image ? 'summary_large_image' : 'summary'}">`,
  ];
  if (item.image)
    tags.push(`<meta property="og:image" content="${escapeHtml(`${origin}${item.image}-960.jpg`)}">`);
  return `<!--bw-meta-->${tags.join('')}<!--/bw-meta-->`;
}

/** The article as plain HTML for readers and crawlers without JavaScript. */
export function newsItemNoscript(item: NewsItem): string {
  const date = dayOf(item.date);
  return `<noscript><article class="bw-noscript-article"><h1>${escapeHtml(item.title)}</h1><p>${escapeHtml(item.author)} · <time datetime="${date}">${date}</time></p>${item.description}</article></noscript>`;
}

/** Puts one news item's meta tags and readable article into the OpenNews page. */
export function withNewsItem(html: string, item: NewsItem, origin: string): string {
  const meta = newsItemMeta(item, origin);
  const withMeta = META_BLOCK.test(html)
    ? html.replace(META_BLOCK, () => meta)
    : html.replace(/<title>[\s\S]*?<\/title>/, () => meta);
  return withMeta.replace('</body>', () => `${newsItemNoscript(item)}</body>`);
}
