import {
  ACTIVITY_SUMMARY_TOP_ACCOUNTS,
  type ActivitySummary,
  type ActivitySummaryQuery,
  dayFromNumber,
  daysFrom,
  rangeBounds,
  SUSPICIOUS_LIMITS,
  suspiciousFlags,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { AccessPolicy } from '../access/access.policy';
import { ownerAccountIds } from '../insight/insight.policy';
import { type AccountFilter, ActivitySummaryRepository } from './activity-summary.repository';

/**
 * The activity summary (`/activity-log-summary`): the activity log (spec part 2 §3) counted by
 * event and Bangladesh day over a range, the busiest accounts, and the suspicious-traffic flags
 * (part 2 §7: staff flags, and days whose activity or downloads passed domain SUSPICIOUS_LIMITS).
 * Staff see every account (or one); an owner sees their account, an admin their teachers too.
 */
export class ActivitySummaryService {
  constructor(private readonly deps: { db: Db; access: AccessPolicy }) {}

  forStaff(query: ActivitySummaryQuery): Promise<ActivitySummary> {
    return this.summary(query.accountId ? [query.accountId] : null, query);
  }

  async forAccount(principal: Principal, accountId: string, query: ActivitySummaryQuery) {
    return this.summary(await ownerAccountIds(this.deps.access, principal, accountId), query);
  }

  private async summary(accounts: AccountFilter, query: ActivitySummaryQuery): Promise<ActivitySummary> {
    const repo = new ActivitySummaryRepository(this.deps.db.kysely);
    const range = rangeBounds(query.from, query.to);
    const rows = (await repo.countsByDayAndEvent(accounts, range)).map((r) => ({
      day: dayFromNumber(Number(r.day_no)),
      eventName: r.event_name,
      count: Number(r.n),
    }));
    const cells = rows
      .filter((r) => !query.event || r.eventName === query.event)
      .sort((a, b) => a.day.localeCompare(b.day) || a.eventName.localeCompare(b.eventName));
    const byDay = new Map<string, number>();
    const byEvent = new Map<string, number>();
    for (const cell of cells) {
      byDay.set(cell.day, (byDay.get(cell.day) ?? 0) + cell.count);
      byEvent.set(cell.eventName, (byEvent.get(cell.eventName) ?? 0) + cell.count);
    }
    const top = await repo.topAccounts(accounts, range, query.event, ACTIVITY_SUMMARY_TOP_ACCOUNTS);
    return {
      from: query.from,
      to: query.to,
      total: cells.reduce((sum, c) => sum + c.count, 0),
      days: daysFrom(query.from, query.to).map((day) => ({ day, count: byDay.get(day) ?? 0 })),
      events: [...byEvent]
        .map(([eventName, count]) => ({ eventName, count }))
        .sort((a, b) => b.count - a.count || a.eventName.localeCompare(b.eventName)),
      cells,
      eventNames: [...new Set(rows.map((r) => r.eventName))].sort(),
      accounts: top.map((a) => ({ accountId: a.account_id, institution: a.institution, count: Number(a.n) })),
      flags: await this.flags(repo, accounts, range),
    };
  }

  private async flags(
    repo: ActivitySummaryRepository,
    accounts: AccountFilter,
    range: { startMs: number; endMs: number },
  ) {
    const flagged = await repo.flagged(accounts);
    const events = await repo.eventBursts(accounts, range, SUSPICIOUS_LIMITS.eventsPerDay);
    const downloads = await repo.downloadBursts(accounts, range, {
      count: SUSPICIOUS_LIMITS.downloadsPerDay,
      bytes: SUSPICIOUS_LIMITS.downloadBytesPerDay,
    });
    const flags = suspiciousFlags({
      flagged: flagged.map((f) => ({ accountId: f.id, at: Number(f.suspicious_at) })),
      eventDays: events.map((e) => ({
        accountId: e.account_id!,
        day: dayFromNumber(Number(e.day_no)),
        count: Number(e.n),
      })),
      downloadDays: downloads.map((d) => ({
        accountId: d.account_id!,
        day: dayFromNumber(Number(d.day_no)),
        count: Number(d.n),
        bytes: Number(d.bytes),
      })),
    });
    const names = new Map(
      (await repo.institutions([...new Set(flags.map((f) => f.accountId))])).map((a) => [
        a.id,
        a.institution,
      ]),
    );
    return flags.map((f) => ({ ...f, institution: names.get(f.accountId) ?? '' }));
  }
}
