import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { ActivitySummaryService } from './modules/activity-summary/activity-summary.service';
import type { EventBus } from './modules/events/event-bus';
import { InsightService } from './modules/insight/insight.service';
import { LandingConfigService } from './modules/landing-config/landing-config.service';
import type { MoneyService } from './modules/money/money.service';
import type { NewsService } from './modules/news/news.service';

/** Running the platform's reading side, part of `Deps`. */
export interface InsightServices {
  /** `/activity-log-summary`: activity counts and suspicious-traffic flags. */
  activitySummary: ActivitySummaryService;
  /** `/business-insight`: the platform's and an institution's monthly figures. */
  insight: InsightService;
  /** `/config-landing-page`: the landing page's content staff edit. */
  landing: LandingConfigService;
}

/** The activity summary, business insight and the landing page's content (composition root part). */
export function createInsightServices(base: {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  money: MoneyService;
  news: NewsService;
}): InsightServices {
  const { db, clock, access, events } = base;
  return {
    activitySummary: new ActivitySummaryService({ db, access }),
    insight: new InsightService({ db, clock, access, money: base.money }),
    landing: new LandingConfigService({ db, clock, events, news: base.news }),
  };
}
