import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  INTERFACE_LANGUAGES,
  type InterfaceLanguage,
  type LandingConfig,
  type NewsItem,
  type PlanView,
} from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';

export type PageLanguage = InterfaceLanguage;

/** What apps/web/src/prerender/entry-server.tsx exports (built to dist-ssr/entry-server.js). */
export interface SsrBundle {
  setUp(resources: Record<string, Record<string, unknown>>): Promise<void>;
  renderLatestNews(items: readonly NewsItem[] | undefined, language: PageLanguage): string;
  renderPricingPlans(plans: readonly PlanView[] | undefined, language: PageLanguage): string;
  renderLanding(part: LandingPart, config: LandingConfig | undefined, language: PageLanguage): string;
}

/** The landing page's parts staff may change (modules/landing-config), each a slot `landing-{part}`. */
export const LANDING_PARTS = ['hero', 'testimonials', 'caseStudy'] as const;
export type LandingPart = (typeof LANDING_PARTS)[number];

const NAMESPACES = ['common', 'public', 'pricing'];

export interface SsrSlotDeps {
  webDist: string;
  /** The web build's server-side rendering bundle directory (config.webSsr). */
  webSsr: string;
  /** The slot's name in the markers scripts/prerender.ts puts around it (`<!--bw-slot:NAME-->`). */
  name: string;
  /** Renders the slot's data in a language, by the bundle's component. */
  render: (bundle: SsrBundle, language: PageLanguage) => Promise<string>;
  log: FastifyBaseLogger;
}

/**
 * A live part of a static page (the landing page's news cards, the pricing page's plans)
 * rendered in the server, by the web app's own components from its build (so the markup is
 * never written twice), once per language and data change. The static page then needs no
 * JavaScript to show it. When the bundle is missing or fails, the page keeps its loading state
 * and the browser starts the app, which fetches the data.
 */
export class SsrSlot {
  private readonly slot: RegExp;
  private bundle?: { mtimeMs: number; ready: Promise<SsrBundle> };
  private readonly cache = new Map<PageLanguage, Promise<string>>();
  private generation = 0;
  private warned = false;

  constructor(private readonly deps: SsrSlotDeps) {
    this.slot = new RegExp(`<!--bw-slot:${deps.name}-->[\\s\\S]*?<!--\\/bw-slot-->`);
  }

  /** The data changed: the next page renders the slot afresh. */
  invalidate(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /** The page with its slot filled; unchanged when it has none or rendering fails. */
  async fill(html: string, language: PageLanguage): Promise<string> {
    if (!this.slot.test(html)) return html;
    try {
      const fragment = await this.fragment(language);
      return html.replace(this.slot, () => fragment);
    } catch (err) {
      if (!this.warned)
        this.deps.log.warn({ err, slot: this.deps.name }, 'could not render a page part; the browser will');
      this.warned = true;
      return html;
    }
  }

  /** The part alone (the static page's live updates fetch it). */
  async fragment(language: PageLanguage): Promise<string> {
    const bundle = await this.loadBundle();
    const cached = this.cache.get(language);
    if (cached) return cached;
    const generation = this.generation;
    const rendering = this.deps.render(bundle, language);
    this.cache.set(language, rendering);
    // A failed render is not kept, nor one that the data changed under while it ran.
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
    for (const language of INTERFACE_LANGUAGES) {
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
