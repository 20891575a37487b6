import type { Config } from './config/config';
import type { Db } from './db/database';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import { ContactRepository } from './modules/contact/contact.repository';
import { ContactService } from './modules/contact/contact.service';
import type { EventBus } from './modules/events/event-bus';
import type { JobQueue } from './modules/jobs/jobs.service';
import { LandingConfigService } from './modules/landing-config/landing-config.service';
import { NewsRepository } from './modules/news/news.repository';
import { NewsService } from './modules/news/news.service';
import type { RateLimiter } from './modules/rate-limit/rate-limit.service';

/** What the public site shows and takes in, part of `Deps` (spec part 1 marketing site). */
export interface PublicSiteServices {
  /** News items: visitors read the published ones, staff write them. */
  news: NewsService;
  /** The contact form: each message an e-mail to the site's inbox. */
  contact: ContactService;
  /** `/config-landing-page`: the landing page's content staff edit. */
  landing: LandingConfigService;
}

/** News, the contact form and the landing page's content (composition root part). */
export function createPublicSiteServices(base: {
  config: Pick<Config, 'publicSite'>;
  db: Db;
  clock: Clock;
  events: EventBus;
  jobs: JobQueue;
  limiter: RateLimiter;
  storage: Storage;
}): PublicSiteServices {
  const { config, db, clock, events, jobs, limiter, storage } = base;
  const news = new NewsService(new NewsRepository(db.kysely), storage, events, clock);
  return {
    news,
    contact: new ContactService(
      new ContactRepository(db.kysely),
      jobs,
      clock,
      limiter,
      config.publicSite.contactEmail,
    ),
    landing: new LandingConfigService({ db, clock, events, news }),
  };
}
