import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { ActivitySummaryService } from './modules/activity-summary/activity-summary.service';
import { InsightService } from './modules/insight/insight.service';
import type { MoneyService } from './modules/money/money.service';

/** Running the platform's reading side, part of `Deps`. */
export interface InsightServices {
  /** `/activity-log-summary`: activity counts and suspicious-traffic flags. */
  activitySummary: ActivitySummaryService;
  /** `/business-insight`: the platform's and an institution's monthly figures. */
  insight: InsightService;
}

/** The activity summary and business insight (composition root part). */
export function createInsightServices(base: {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  money: MoneyService;
}): InsightServices {
  const { db, clock, access } = base;
  return {
    activitySummary: new ActivitySummaryService({ db, access }),
    insight: new InsightService({ db, clock, access, money: base.money }),
  };
}
