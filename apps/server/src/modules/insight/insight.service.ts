import {
  type AccountInsight,
  attendanceTrendPercent,
  bucketOf,
  dayFromNumber,
  type InsightQuery,
  institutionCollection,
  monthDays,
  monthsFrom,
  type PlatformInsight,
  rangeBounds,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import type { AccessPolicy } from '../access/access.policy';
import type { MoneyService } from '../money/money.service';
import { ownerAccountIds } from './insight.policy';
import { InsightRepository, type Range } from './insight.repository';

/** Day sums folded into their months: `{ '2026-03': 12 }`. */
function byMonth<R extends { day_no: number | string }>(rows: readonly R[], value: (row: R) => unknown) {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const month = bucketOf(dayFromNumber(Number(row.day_no)), 'month');
    sums.set(month, (sums.get(month) ?? 0) + Number(value(row) ?? 0));
  }
  return (month: string) => sums.get(month) ?? 0;
}

/** A month's half-open range of instants. */
const monthRange = (month: string): Range => {
  const { from, to } = monthDays(month);
  return rangeBounds(from, to);
};

/**
 * Business insight (`/business-insight`): monthly figures, summed in SQL per day and folded into
 * months here. An owner's (an admin's with their teachers) come from their own data, and the
 * collection rate from the money manager's per-classroom collection (dues rules), added up by
 * domain `institutionCollection`. Staff's are the platform's.
 */
export class InsightService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      access: AccessPolicy;
      money: Pick<MoneyService, 'collection'>;
    },
  ) {}

  async forAccount(principal: Principal, accountId: string, query: InsightQuery): Promise<AccountInsight> {
    const accounts = await ownerAccountIds(this.deps.access, principal, accountId);
    const repo = new InsightRepository(this.deps.db.kysely);
    const months = monthsFrom(query.from, query.to);
    const range = rangeBounds(monthDays(query.from).from, monthDays(query.to).to);
    const added = byMonth(await repo.studentsAdded(accounts, range), (r) => r.n);
    const archived = byMonth(await repo.studentsArchived(accounts, range), (r) => r.n);
    const sms = await repo.smsByDay(accounts, range);
    const smsParts = byMonth(sms, (r) => r.parts);
    const smsPaisa = byMonth(sms, (r) => r.paisa);
    const marks = await repo.attendanceByMonth(accounts, monthDays(query.from).from, monthDays(query.to).to);
    const marksOf = (month: string, status: string) =>
      Number(marks.find((m) => m.month === month && m.status === status)?.n ?? 0);
    const points = [];
    const allCollection = [];
    for (const month of months) {
      const rooms = [];
      for (const account of accounts)
        rooms.push(...(await this.deps.money.collection(principal, account, month)).classrooms);
      const collection = institutionCollection(rooms);
      allCollection.push(collection);
      points.push({
        month,
        studentsIn: added(month),
        studentsOut: archived(month),
        billedPaisa: collection.billedPaisa,
        collectedPaisa: collection.collectedPaisa,
        collectionRate: collection.rate,
        attendancePercent: attendanceTrendPercent({
          present: marksOf(month, 'present'),
          late: marksOf(month, 'late'),
          absent: marksOf(month, 'absent'),
        }),
        smsSent: smsParts(month),
        smsSpendPaisa: smsPaisa(month),
      });
    }
    const collection = institutionCollection(allCollection);
    return {
      from: query.from,
      to: query.to,
      points,
      collection: {
        billedPaisa: collection.billedPaisa,
        collectedPaisa: collection.collectedPaisa,
        rate: collection.rate,
      },
      students: await repo.studentsAt(accounts, this.deps.clock.now() + 1),
    };
  }

  async forPlatform(query: InsightQuery): Promise<PlatformInsight> {
    const repo = new InsightRepository(this.deps.db.kysely);
    const now = this.deps.clock.now();
    const months = monthsFrom(query.from, query.to);
    const range = rangeBounds(monthDays(query.from).from, monthDays(query.to).to);
    const signUps = byMonth(await repo.signUpsByDay(range), (r) => r.n);
    const churn = byMonth(await repo.churnByDay(range, now), (r) => r.n);
    const sms = await repo.smsByDay(null, range);
    const smsParts = byMonth(sms, (r) => r.parts);
    const smsRevenue = byMonth(await repo.smsRevenueByDay(range), (r) => r.paisa);
    const online = await repo.onlinePaymentsByDay(range);
    const onlineVolume = byMonth(online, (r) => r.paisa);
    const onlineFee = byMonth(online, (r) => r.fee);
    // Students at each month's end: those before the range, then each month's added less archived.
    let students = await repo.studentsAt(null, range.startMs);
    const added = byMonth(await repo.studentsAdded(null, range), (r) => r.n);
    const archived = byMonth(await repo.studentsArchived(null, range), (r) => r.n);
    const points = [];
    for (const month of months) {
      const bounds = monthRange(month);
      students += added(month) - archived(month);
      points.push({
        month,
        signedUp: signUps(month),
        active: await repo.activeAccounts(bounds),
        paying: await repo.payingAccounts(bounds),
        churned: churn(month),
        students,
        smsSent: smsParts(month),
        smsRevenuePaisa: smsRevenue(month),
        onlineVolumePaisa: onlineVolume(month),
        onlineFeePaisa: onlineFee(month),
      });
    }
    const totals = await repo.platformTotals(now);
    return {
      from: query.from,
      to: query.to,
      points,
      totals: {
        accounts: totals.accounts,
        students: await repo.studentsAt(null, now + 1),
        payingAccounts: totals.paying,
      },
    };
  }
}
