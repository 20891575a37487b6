import {
  addDays,
  dayOf,
  isDefaultMoneyCategory,
  type MoneyEntryInput,
  type MoneyEntryKind,
  type MoneyTransaction,
  type MoneyTransactionsQuery,
  moneyEndpoints,
} from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { call, endpointQuery, refresh } from '../../lib/api-client';

export type { MoneyTransaction };

/** Today, Yesterday or a custom range of Bangladesh days (spec part 2 §2 "daily breakdown"). */
export type RangeChoice = 'today' | 'yesterday' | 'custom';
export interface DayRange {
  from: string;
  to: string;
}

/** The range a choice names, counted in Bangladesh days whatever the browser's time zone. */
export function rangeOf(choice: RangeChoice, custom: DayRange, now = Date.now()): DayRange {
  const today = dayOf(now);
  if (choice === 'today') return { from: today, to: today };
  if (choice === 'yesterday') {
    const yesterday = addDays(today, -1);
    return { from: yesterday, to: yesterday };
  }
  return custom;
}

const account = (accountId: string) => ({ params: { accountId } });

export function reportQuery(accountId: string, range: DayRange) {
  return queryOptions({
    ...endpointQuery(moneyEndpoints.report, { ...account(accountId), query: range }),
    placeholderData: (previous) => previous,
  });
}

export function seriesQuery(accountId: string, range: DayRange) {
  return queryOptions({
    ...endpointQuery(moneyEndpoints.series, { ...account(accountId), query: range }),
    placeholderData: (previous) => previous,
  });
}

export function transactionsQuery(accountId: string, query: MoneyTransactionsQuery) {
  return queryOptions({
    ...endpointQuery(moneyEndpoints.transactions, { ...account(accountId), query }),
    placeholderData: (previous) => previous,
  });
}

export function overviewQuery(accountId: string) {
  return endpointQuery(moneyEndpoints.overview, account(accountId));
}

export function collectionQuery(accountId: string, month: string) {
  return queryOptions({
    ...endpointQuery(moneyEndpoints.collection, { ...account(accountId), query: { month } }),
    placeholderData: (previous) => previous,
  });
}

export function categoriesQuery(accountId: string) {
  return endpointQuery(moneyEndpoints.categories, account(accountId));
}

export const moneyApi = {
  add: (accountId: string, body: MoneyEntryInput) =>
    call(moneyEndpoints.addEntry, { ...account(accountId), body }),
  update: (accountId: string, entryId: string, body: MoneyEntryInput) =>
    call(moneyEndpoints.updateEntry, { params: { accountId, entryId }, body }),
  remove: (accountId: string, entryId: string) =>
    call(moneyEndpoints.removeEntry, { params: { accountId, entryId } }),
  /** Every transaction of a range, page by page, for an export (at most 10,000 rows). */
  async allTransactions(accountId: string, query: Omit<MoneyTransactionsQuery, 'page' | 'pageSize'>) {
    const items: MoneyTransaction[] = [];
    for (let page = 1; page <= 100; page++) {
      const answer = await call(moneyEndpoints.transactions, {
        ...account(accountId),
        query: { ...query, page, pageSize: 100 },
      });
      items.push(...answer.items);
      if (items.length >= answer.total || answer.items.length === 0) break;
    }
    return items;
  },
};

/** Payments and entries share the fees resource (endpoints/money.ts): every view refreshes. */
export function refreshMoney(queryClient: QueryClient, accountId: string): Promise<void> {
  return refresh(queryClient, 'fees', { accountId });
}

/** A built-in category in the reader's language; the account's own as written. */
export function categoryLabel(t: TFunction, kind: MoneyEntryKind, category: string): string {
  return isDefaultMoneyCategory(kind, category) ? t(`money:categories.${category}`) : category;
}

/** "2026-11-25" as "25 Nov 2026" / "২৫ নভে, ২০২৬" in the reader's locale. */
export function formatDay(day: string, locale: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(time);
}

/** "2026-11" as "Nov 2026"; a day as "25 Nov" (chart axes). */
export function formatBucket(key: string, unit: 'day' | 'month', locale: string): string {
  const [year, month, day] = key.split('-').map(Number);
  if (!year || !month) return key;
  const time = Date.UTC(year, month - 1, day ?? 1);
  const options: Intl.DateTimeFormatOptions =
    unit === 'day'
      ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
      : { month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(time);
}
