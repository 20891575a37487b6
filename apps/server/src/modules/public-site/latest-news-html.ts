import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NewsItem } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';

export type PageLanguage = 'en' | 'bn';

/** What apps/web/src/prerender/entry-server.tsx exports (built to dist-ssr/entry-server.js). */
interface SsrBundle {
  setUp(resources: Record<string, Record<string, unknown>>): Promise<void>;
  renderLatestNews(items: readonly NewsItem[] | undefined, language: PageLanguage): string;
}

/** The markers scripts/prerender.ts puts around the landing page's news cards. */
const SLOT = /<!--bw-slot:latest-news-->[\s\S]*?<!--\/bw-slot-->/;
const NAMESPACES = ['common', 'public'];

export interface LatestNewsHtmlDeps {
  webDist: string;
  /** The web build's server-side rendering bundle directory (config.webSsr). */
  webSsr: string;
  /** The newest published items the landing page shows. */
  latest: () => Promise<NewsItem[]>;
  log: FastifyBaseLogger;
}

/**
 * The landing page's news cards rendered in the server, by the web app's own components from
 * its build (so the markup is never written twice), once per language and news change. The
 * static /welcome page then needs no JavaScript to show them. When the bundle is missing or
 * fails, the page keeps its loading state and the browser starts the app, which fetches them.
 */
export class LatestNewsHtml {
  private bundle?: { mtimeMs: number; ready: Promise<SsrBundle> };
  private readonly cache = new Map<PageLanguage, Promise<string>>();
  private generation = 0;
  private warned = false;

  constructor(private readonly deps: LatestNewsHtmlDeps) {}

  /** News changed: the next page renders the cards afresh. */
  invalidate(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /** The page with its news slot filled; unchanged when it has none or rendering fails. */
  async fill(html: string, language: PageLanguage): Promise<string> {
    if (!SLOT.test(html)) return html;
    try {
      const fragment = await this.fragment(language);
      return html.replace(SLOT, () => fragment);
    } catch (err) {
      if (!this.warned)
        this.deps.log.warn({ err }, 'could not render the landing page news; the browser will');
      this.warned = true;
      return html;
    }
  }

  /** The cards alone (the static page's live updates fetch them). */
  async fragment(language: PageLanguage): Promise<string> {
    const bundle = await this.loadBundle();
    const cached = this.cache.get(language);
    if (cached) return cached;
    const generation = this.generation;
    const rendering = this.deps.latest().then((items) => bundle.renderLatestNews(items, language));
    this.cache.set(language, rendering);
    // A failed render is not kept, nor one that news changed under while it ran.
    rendering.then(
      () => {
        if (generation !== this.generation) this.cache.delete(language);
      },
      () => this.cache.delete(language),
    );
    return rendering;
  }

  /** Loads the bundle, again after a rebuild (its CSS class names may have changed). */
  private async loadBundle(): Promise<SsrBundle> {
    const entry = path.join(this.deps.webSsr, 'entry-server.js');
    const { mtimeMs } = await fs.stat(entry);
    if (this.bundle?.mtimeMs !== mtimeMs) {
      this.cache.clear();
      const ready = this.importBundle(entry, mtimeMs);
      this.bundle = { mtimeMs, ready };
      ready.catch(() => {
        if (this.bundle?.ready === ready) this.bundle = undefined;
      });
    }
    return this.bundle.ready;
  }

  private async importBundle(entry: string, mtimeMs: number): Promise<SsrBundle> {
    // The query string makes a rebuilt file a new module; Node caches modules by URL.
    const bundle = (await import(`${pathToFileURL(entry).href}?v=${mtimeMs}`)) as SsrBundle;
    const resources: Record<string, Record<string, unknown>> = {};
    for (const language of ['en', 'bn']) {
      resources[language] = {};
      for (const namespace of NAMESPACES) {
        const file = path.join(this.deps.webDist, 'Locales', language, `${namespace}.json`);
        resources[language][namespace] = JSON.parse(await fs.readFile(file, 'utf8'));
      }
    }
    await bundle.setUp(resources);
    return bundle;
  }
}
