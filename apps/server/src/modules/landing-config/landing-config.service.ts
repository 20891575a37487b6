import {
  DEFAULT_LANDING_CONFIG,
  type LandingConfig,
  type LandingConfigView,
  landingConfigSchema,
  type NewsItem,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import type { NewsService } from '../news/news.service';
import { LandingConfigRepository } from './landing-config.repository';

/** What the public landing page and its server rendering hear when the content changes. */
export const LANDING_CHANGED = {
  channel: 'public',
  type: 'landing.changed',
  stale: [{ resource: 'site' as const }],
};

/**
 * The landing page's editable content (`/config-landing-page`): staff change the hero,
 * testimonials, case study and featured news without a deploy. Stored as one row of JSON checked
 * by the domain contract on the way in and out, so a row from an older shape never breaks the page.
 */
export class LandingConfigService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      events: EventBus;
      news: Pick<NewsService, 'get' | 'list'>;
    },
  ) {}

  /** The content as a visitor gets it; the built-in parts when nothing (valid) was saved. */
  async current(): Promise<LandingConfig> {
    return (await this.read()).config;
  }

  async view(): Promise<LandingConfigView> {
    const { config, updatedAt, updatedBy } = await this.read();
    return { ...config, updatedAt, updatedBy };
  }

  async save(principal: Principal, config: LandingConfig): Promise<LandingConfigView> {
    for (const key of config.featuredNews) {
      const item = await this.deps.news.get(key, true).catch(() => null);
      if (!item) throw failure(400, 'LANDING_NEWS_MISSING');
    }
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new LandingConfigRepository(trx).save(JSON.stringify(config), now, principal.user.id);
      await logActivity(
        trx,
        principal,
        {
          accountId: null,
          eventName: 'Landing Page Changed',
          summary: `${principal.user.name} changed the landing page`,
          subjectType: 'landing-config',
          data: { parts: changedParts(config) },
        },
        now,
      );
    });
    await this.deps.events.publish(LANDING_CHANGED);
    return this.view();
  }

  /**
   * The news cards of the landing page: the featured items first (those still published), then
   * the latest to fill the rest.
   */
  async landingNews(count: number): Promise<NewsItem[]> {
    const { featuredNews } = await this.current();
    const featured: NewsItem[] = [];
    for (const key of featuredNews) {
      const item = await this.deps.news.get(key, true).catch(() => null);
      if (item) featured.push(item);
    }
    const latest = (await this.deps.news.list({ limit: count + featured.length }, true)).items;
    const keys = new Set(featured.map((item) => item.key));
    return [...featured, ...latest.filter((item) => !keys.has(item.key))].slice(0, count);
  }

  private async read() {
    const row = await new LandingConfigRepository(this.deps.db.kysely).get();
    const parsed = row ? landingConfigSchema.safeParse(JSON.parse(row.config)) : null;
    return {
      config: parsed?.success ? parsed.data : DEFAULT_LANDING_CONFIG,
      updatedAt: row ? Number(row.updated_at) : null,
      updatedBy: row?.updated_by_name ?? null,
    };
  }
}

function changedParts(config: LandingConfig): string[] {
  return [
    config.hero ? 'hero' : null,
    config.testimonials ? 'testimonials' : null,
    config.caseStudy ? 'caseStudy' : null,
    config.featuredNews.length > 0 ? 'featuredNews' : null,
  ].filter((part): part is string => part !== null);
}
