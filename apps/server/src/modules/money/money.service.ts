import {
  bucketOf,
  type CollectionInput,
  classroomCollection,
  DEFAULT_MONEY_CATEGORIES,
  dayFromNumber,
  dayOf,
  dayStartMs,
  daysFrom,
  firstBilledMonth,
  formatMoney,
  type MoneyBucketSum,
  type MoneyCollection,
  type MoneyEntrySave,
  type MoneyEntryView,
  type MoneyRangeQuery,
  type MoneyReport,
  type MoneySeries,
  moneyBuckets,
  moneySummary,
  type moneyTransactionsQuerySchema,
  rangeBounds,
  seriesBuckets,
  waivedValuePaisa,
} from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import { requireMoneyManager } from './money.policy';
import { MoneyRepository, type Range } from './money.repository';
import { entryView, transactionView } from './money-view';

export interface MoneyDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
}

type TransactionsQuery = z.output<typeof moneyTransactionsQuerySchema>;

const HOUR = 3_600_000;

/**
 * The money manager (spec part 2 §2 "Money manager", §3 "Financial summary"):
 * income from payments plus manual income and expense entries, summed per range of Bangladesh
 * days by the domain's definitions (packages/domain/src/money/ledger.ts).
 */
export class MoneyService {
  constructor(private readonly deps: MoneyDeps) {}

  /** The summary cards and the daily breakdown (Today, Yesterday or a custom range). */
  async report(principal: Principal, accountId: string, query: MoneyRangeQuery): Promise<MoneyReport> {
    await this.requireManager(principal, accountId);
    const repo = new MoneyRepository(this.deps.db.kysely);
    const range = rangeBounds(query.from, query.to);
    const sums = await this.sumsByDay(repo, accountId, range);
    const split = await repo.allocationSplit(accountId, range);
    const reductions = await repo.reductionsGranted(accountId, range);
    const total = (kind: MoneyBucketSum['kind']) =>
      sums.filter((s) => s.kind === kind).reduce((sum, s) => sum + s.paisa, 0);
    const part = (tuition: boolean) =>
      split
        .filter((s) => Number(s.is_tuition) === (tuition ? 1 : 0))
        .reduce((sum, s) => sum + Number(s.paisa), 0);
    const summary = moneySummary({
      collectedPaisa: total('collected'),
      refundedPaisa: total('refunded'),
      manualIncomePaisa: total('income'),
      expensePaisa: total('expense'),
      waivedPaisa: reductions.reduce(
        (sum, r) =>
          sum +
          waivedValuePaisa({
            kind: r.kind,
            amountPaisa: Number(r.amount),
            monthlyFeePaisa: Number(r.fee_override ?? r.classroom_fee),
          }),
        0,
      ),
      tuitionPaisa: part(true),
      otherFeesPaisa: part(false),
    });
    const days = moneyBuckets(daysFrom(query.from, query.to), sums);
    const categories = (await repo.entrySumsByCategory(accountId, range))
      .map((c) => ({ kind: c.kind, category: c.category, paisa: Number(c.paisa) }))
      .sort((a, b) => b.paisa - a.paisa || a.category.localeCompare(b.category));
    return { from: query.from, to: query.to, summary, days, categories };
  }

  /** Income and expense over time for the charts. */
  async series(principal: Principal, accountId: string, query: MoneyRangeQuery): Promise<MoneySeries> {
    await this.requireManager(principal, accountId);
    const repo = new MoneyRepository(this.deps.db.kysely);
    const { unit, keys } = seriesBuckets(query.from, query.to);
    const sums = await this.sumsByDay(repo, accountId, rangeBounds(query.from, query.to));
    return {
      unit,
      points: moneyBuckets(
        keys,
        sums.map((s) => ({ ...s, key: bucketOf(s.key, unit) })),
      ),
    };
  }

  async transactions(principal: Principal, accountId: string, query: TransactionsQuery) {
    await this.requireManager(principal, accountId);
    const repo = new MoneyRepository(this.deps.db.kysely);
    const range = rangeBounds(query.from, query.to);
    const offset = (query.page - 1) * query.pageSize;
    const rows = await repo.transactions(accountId, range, query.kind, query.pageSize, offset);
    const total = await repo.countTransactions(accountId, range, query.kind);
    const entryIds = rows.filter((r) => r.kind === 'income' || r.kind === 'expense').map((r) => r.id);
    const entries = new Map((await repo.entries(accountId, entryIds)).map((e) => [e.id, entryView(e)]));
    return {
      items: rows.map((r) => transactionView(r, entries)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async overview(principal: Principal, accountId: string) {
    await this.requireManager(principal, accountId);
    const repo = new MoneyRepository(this.deps.db.kysely);
    return { classrooms: await repo.classroomCount(accountId), students: await repo.studentCount(accountId) };
  }

  /** Each classroom's collection rate for a month, by the dues rules. */
  async collection(principal: Principal, accountId: string, month: string): Promise<MoneyCollection> {
    await this.requireManager(principal, accountId);
    const repo = new MoneyRepository(this.deps.db.kysely);
    const enrolments = await repo.enrolments(accountId);
    const adjustments = await repo.monthAdjustments(accountId, month);
    const charges = await repo.monthCharges(accountId, month);
    const allocations = await repo.monthAllocations(
      accountId,
      month,
      charges.map((c) => c.id),
    );
    const rows = classroomCollection({
      month,
      enrolments: enrolments.map((e) => ({
        studentId: e.student_id,
        classroomId: e.classroom_id,
        monthlyFeePaisa: Number(e.fee_override ?? e.classroom_fee),
        firstMonth: firstBilledMonth(Number(e.accepted_at), e.collection_month),
      })),
      adjustments: adjustments.map((a) => ({
        studentId: a.student_id,
        classroomId: a.classroom_id,
        kind: a.kind,
        amountPaisa: Number(a.amount),
      })),
      charges: charges.map((c) => ({
        chargeId: c.id,
        label: c.label,
        amountPaisa: Number(c.amount),
        month: c.due_month,
        classroomId: c.classroom_id,
      })),
      allocations: allocations.flatMap((a): CollectionInput['allocations'][number][] => {
        const amountPaisa = Number(a.amount);
        if (a.charge_id)
          return [{ studentId: a.student_id, kind: 'charge' as const, chargeId: a.charge_id, amountPaisa }];
        if (a.classroom_id && a.month)
          return [
            {
              studentId: a.student_id,
              kind: 'month' as const,
              classroomId: a.classroom_id,
              month: a.month,
              amountPaisa,
            },
          ];
        return [];
      }),
    });
    const byId = new Map(rows.map((r) => [r.classroomId, r]));
    const classrooms = (await repo.classrooms(accountId)).flatMap((c) => {
      const row = byId.get(c.id);
      return row ? [{ ...row, name: c.name }] : [];
    });
    return { month, classrooms };
  }

  /** The built-in categories, then the account's own. */
  async categories(principal: Principal, accountId: string) {
    await this.requireManager(principal, accountId);
    const used = await new MoneyRepository(this.deps.db.kysely).usedCategories(accountId);
    const list = (kind: 'income' | 'expense') => {
      const defaults = DEFAULT_MONEY_CATEGORIES[kind];
      const own = used
        .filter((u) => u.kind === kind && !defaults.includes(u.category))
        .map((u) => u.category);
      return [...defaults, ...own];
    };
    return { income: list('income'), expense: list('expense') };
  }

  async addEntry(principal: Principal, accountId: string, input: MoneyEntrySave): Promise<MoneyEntryView> {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    const occurredAt = this.occurredAt(input.day, now);
    const id = newId(now);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new MoneyRepository(trx).insertEntry({
        id,
        account_id: accountId,
        kind: input.kind,
        category: input.category,
        amount: input.amountPaisa,
        occurred_at: occurredAt,
        note: input.note,
        created_at: now,
        created_by_user_id: principal.user.id,
        updated_at: null,
        updated_by_user_id: null,
        removed_at: null,
        removed_by_user_id: null,
      });
      await this.log(trx, principal, accountId, now, 'Add Money Entry', `Recorded ${describe(input)}`, {
        entryId: id,
        ...input,
      });
    });
    await this.publish(accountId);
    return this.entry(accountId, id);
  }

  async updateEntry(principal: Principal, accountId: string, entryId: string, input: MoneyEntrySave) {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new MoneyRepository(trx);
      const [before] = await repo.entries(accountId, [entryId]);
      if (!before) throw notFound();
      // The same day keeps its time, so an edit does not move the entry among the day's others.
      const occurredAt =
        dayOf(Number(before.occurred_at)) === input.day
          ? Number(before.occurred_at)
          : this.occurredAt(input.day, now);
      await repo.updateEntry(accountId, entryId, {
        kind: input.kind,
        category: input.category,
        amount: input.amountPaisa,
        occurred_at: occurredAt,
        note: input.note,
        updated_at: now,
        updated_by_user_id: principal.user.id,
      });
      const was = entryView(before);
      await this.log(
        trx,
        principal,
        accountId,
        now,
        'Edit Money Entry',
        `Changed ${describe(was)} to ${describe(input)}`,
        {
          entryId,
          before: was,
          after: input,
        },
      );
    });
    await this.publish(accountId);
    return this.entry(accountId, entryId);
  }

  async removeEntry(principal: Principal, accountId: string, entryId: string) {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new MoneyRepository(trx);
      const [entry] = await repo.entries(accountId, [entryId]);
      if (!entry || !(await repo.removeEntry(accountId, entryId, principal.user.id, now))) throw notFound();
      const view = entryView(entry);
      await this.log(trx, principal, accountId, now, 'Delete Money Entry', `Deleted ${describe(view)}`, {
        entryId,
        entry: view,
      });
    });
    await this.publish(accountId);
    return { ok: true as const };
  }

  /** Payments, refunds and entries summed per Bangladesh day of the range. */
  private async sumsByDay(repo: MoneyRepository, accountId: string, range: Range): Promise<MoneyBucketSum[]> {
    const payments = await repo.paymentSumsByDay(accountId, range);
    const entries = await repo.entrySumsByDay(accountId, range);
    return [
      ...payments.map((p) => {
        const refund = Number(p.is_refund) === 1;
        const paisa = Number(p.paisa);
        return {
          key: dayFromNumber(Number(p.day_no)),
          kind: refund ? ('refunded' as const) : ('collected' as const),
          paisa: refund ? -paisa : paisa,
        };
      }),
      ...entries.map((e) => ({ key: dayFromNumber(Number(e.day_no)), kind: e.kind, paisa: Number(e.paisa) })),
    ];
  }

  /** Now for an entry of today, else noon of its day; never a day after today. */
  private occurredAt(day: string, now: number): number {
    const today = dayOf(now);
    if (day > today) throw failure(400, 'MONEY_ENTRY_IN_FUTURE');
    return day === today ? now : dayStartMs(day) + 12 * HOUR;
  }

  private async entry(accountId: string, entryId: string): Promise<MoneyEntryView> {
    const [row] = await new MoneyRepository(this.deps.db.kysely).entries(accountId, [entryId]);
    if (!row) throw notFound();
    return entryView(row);
  }

  private log(
    trx: Parameters<typeof logActivity>[0],
    principal: Principal,
    accountId: string,
    now: number,
    eventName: string,
    summary: string,
    data: Record<string, unknown>,
  ) {
    return logActivity(
      trx,
      principal,
      { accountId, eventName, summary, subjectType: 'money-entry', data },
      now,
    );
  }

  /** Payments and entries share the fees resource: every money view refreshes. */
  private publish(accountId: string) {
    return this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'money.changed',
      stale: [{ resource: 'fees', params: { accountId } }],
    });
  }

  private async requireManager(principal: Principal, accountId: string) {
    requireMoneyManager(await this.deps.access.requireAccount(principal, accountId));
  }
}

function describe(entry: { kind: string; category: string; amountPaisa: number; day: string }): string {
  return `${entry.kind} ${formatMoney(entry.amountPaisa / 100)} (${entry.category}) on ${entry.day}`;
}
