import type { BillingMonth } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { ComputedRow } from './dues-summary';
import { type DuesFilter, DuesSummaryRepository } from './dues-summary.repository';
import type { AccountDuesRow } from './fees-dues';

// The dues list's summary held in memory on SQLite (one process sees every write; the change
// tracker, db/change-tracker.ts, knows when the summary table last changed, the triggers' writes
// included). While the table is unchanged a list is served with no query at all. When it changes,
// the kept list catches up by the rows' versions: only rows whose version moved are read again
// (computed, when stale) and put back in place, so a payment costs a few rows, not the whole
// account, and no wait for the disk: computed rows are stored later (dues-summary.ts).

const TABLES = ['dues_summaries'] as const;
/** Past this many changed rows, the whole account is read again. */
const PATCH_MAX = 200;
const NO_DUES = '9999-12';

/** Names compared as String.prototype.localeCompare compares them (defaultersFirst), faster. */
const byName = new Intl.Collator().compare;

export interface Paging {
  number: number;
  size: number;
}

export interface DuesPage {
  items: AccountDuesRow[];
  total: number;
  sumDuePaisa: number;
}

interface KeptRow {
  item: AccountDuesRow;
  oldestKey: string;
  searchText: string;
  /** The classrooms of the accepted enrolments. */
  rooms: readonly string[];
}

/** Rows in list order, with what a page without search needs, made when first asked for. */
interface Ordered {
  rows: KeptRow[];
  /** How many owe something (they come first). */
  owing?: number;
  /** sums[i]: what the first i rows owe together. */
  sums?: Float64Array;
}

/**
 * An account's whole list for one month, defaulters first: each row as the table held it fresh,
 * or as computed from the sources read after its version.
 */
interface KeptList {
  all: Ordered;
  /** Each classroom's rows, made when first asked for and kept up as rows move. */
  byRoom: Map<string, Ordered>;
  /** The rows a search finds (in a classroom or all), made when first asked for. */
  searches?: Map<string, Ordered>;
  /** Every row of the account (listed or not) by student, with its version when read. */
  versions: Map<string, number>;
}

type SummaryRowRead = Awaited<ReturnType<DuesSummaryRepository['rows']>>[number];

/**
 * defaultersFirst's order (most owed, owed longest, name), then the student id, so that a list
 * patched row by row is in the same order as one sorted whole.
 */
function compare(a: KeptRow, b: KeptRow): number {
  const due = b.item.totals.duePaisa - a.item.totals.duePaisa;
  if (due !== 0) return due;
  if (a.oldestKey !== b.oldestKey) return a.oldestKey < b.oldestKey ? -1 : 1;
  const name = byName(a.item.name, b.item.name);
  if (name !== 0) return name;
  return a.item.studentId < b.item.studentId ? -1 : a.item.studentId > b.item.studentId ? 1 : 0;
}

export function itemOf(
  r: Omit<SummaryRowRead, 'version' | 'fresh_for' | 'listed' | 'search_text' | 'classroom_ids'>,
) {
  const item: AccountDuesRow = {
    studentId: r.student_id,
    name: r.name,
    customId: r.custom_id,
    phone: r.phone,
    totals: {
      chargedPaisa: Number(r.charged),
      reducedPaisa: Number(r.reduced),
      paidPaisa: Number(r.paid),
      duePaisa: Number(r.due),
      creditPaisa: Number(r.credit),
      oldestDueMonth: r.oldest_due_month,
    },
  };
  return item;
}

const roomsOf = (ids: string) => ids.split(' ').filter((id) => id !== '');

function computedRow(c: ComputedRow): KeptRow {
  return {
    item: {
      studentId: c.studentId,
      name: c.name,
      customId: c.customId,
      phone: c.phone,
      totals: c.totals,
    },
    oldestKey: c.totals.oldestDueMonth ?? NO_DUES,
    searchText: c.searchText,
    rooms: roomsOf(c.classroomIds),
  };
}

function keptRow(r: SummaryRowRead): KeptRow {
  const item = itemOf(r);
  return {
    item,
    oldestKey: item.totals.oldestDueMonth ?? NO_DUES,
    searchText: r.search_text,
    rooms: roomsOf(r.classroom_ids),
  };
}

/** Computes stale rows (the versions given were read before the call). */
export type ComputeRows = (
  stale: readonly { student_id: string; version: number }[],
) => Promise<ComputedRow[]>;

export class KeptLists {
  private readonly lists = new Map<string, { stamp: string; list: KeptList }>();
  /** Catch-ups under way, with the stamp they began at. */
  private readonly syncing = new Map<string, { stamp: string; done: Promise<KeptList> }>();

  constructor(
    private readonly db: Db,
    private readonly maxLists = 200,
  ) {}

  /** Whether lists are kept at all (SQLite). */
  get enabled(): boolean {
    return this.db.changes !== undefined;
  }

  /** The page from a list kept while nothing changed, without waiting; undefined if there is none. */
  peek(accountId: string, month: BillingMonth, filter: DuesFilter, page: Paging): DuesPage | undefined {
    const entry = this.db.changes && this.lists.get(`${accountId} ${month}`);
    if (!entry || entry.stamp !== this.db.changes!.stamp(TABLES)) return undefined;
    return pageOf(entry.list, filter, page);
  }

  /** The page from the list caught up with the summary table, stale rows computed on the way. */
  async page(
    accountId: string,
    month: BillingMonth,
    filter: DuesFilter,
    page: Paging,
    compute: ComputeRows,
  ): Promise<DuesPage> {
    const key = `${accountId} ${month}`;
    // The stamp is taken before reading, so what is read is at least as new as the stamp. Another
    // request's catch-up answers this one only if nothing has changed since it began.
    const stamp = this.db.changes!.stamp(TABLES);
    let running = this.syncing.get(key);
    if (running?.stamp !== stamp) {
      const mine = { stamp, done: this.catchUp(accountId, month, this.lists.get(key)?.list, compute) };
      running = mine;
      this.syncing.set(key, mine);
      mine.done
        .then((list) => {
          if (!this.lists.has(key) && this.lists.size >= this.maxLists)
            this.lists.delete(this.lists.keys().next().value!);
          this.lists.set(key, { stamp, list });
        })
        .finally(() => {
          if (this.syncing.get(key) === mine) this.syncing.delete(key);
        })
        .catch(() => {});
    }
    return pageOf(await running.done, filter, page);
  }

  /**
   * The kept list brought up to the table: rows whose version moved since it was kept are read
   * again, or computed when they are stale; rows that came or went, or many changes, read all.
   */
  private async catchUp(
    accountId: string,
    month: BillingMonth,
    kept: KeptList | undefined,
    compute: ComputeRows,
  ): Promise<KeptList> {
    const repo = new DuesSummaryRepository(this.db.kysely);
    const versions = await repo.versions(accountId);
    const moved = kept
      ? versions.filter((v) => kept.versions.get(v.student_id) !== Number(v.version))
      : versions;
    const whole =
      !kept ||
      kept.versions.size !== versions.length ||
      moved.some((v) => !kept.versions.has(v.student_id)) ||
      moved.length > PATCH_MAX;
    if (kept && !whole && moved.length === 0) return kept;
    // Each row's version is read with it, before compute reads its sources.
    const rows = await repo.rows(accountId, whole ? undefined : moved.map((v) => v.student_id));
    const fresh = rows.filter((r) => r.fresh_for === month);
    const computed = await compute(
      rows
        .filter((r) => r.fresh_for !== month)
        .map((r) => ({ student_id: r.student_id, version: Number(r.version) })),
    );
    const read = [
      ...fresh.map((r) => ({ row: keptRow(r), listed: r.listed === 1, version: Number(r.version) })),
      ...computed.map((c) => ({ row: computedRow(c), listed: c.listed, version: c.version })),
    ];
    if (whole || !kept) {
      const list = read.filter((r) => r.listed).map((r) => r.row);
      list.sort(compare);
      return {
        all: { rows: list },
        byRoom: new Map(),
        versions: new Map(read.map((r) => [r.row.item.studentId, r.version])),
      };
    }
    // Rows read again leave their old place; a moved row not found any more is gone.
    const gone = new Set(moved.map((v) => v.student_id));
    const stays = (r: KeptRow) => !gone.has(r.item.studentId);
    const all = kept.all.rows.filter(stays);
    const byRoom = new Map([...kept.byRoom].map(([id, room]) => [id, room.rows.filter(stays)]));
    const nextVersions = new Map(kept.versions);
    for (const id of gone) nextVersions.delete(id);
    for (const r of read) {
      nextVersions.set(r.row.item.studentId, r.version);
      if (!r.listed) continue;
      insert(all, r.row);
      for (const id of r.row.rooms) {
        const room = byRoom.get(id);
        if (room) insert(room, r.row);
      }
    }
    return {
      all: { rows: all },
      byRoom: new Map([...byRoom].map(([id, rows]) => [id, { rows }])),
      versions: nextVersions,
    };
  }
}

function insert(rows: KeptRow[], row: KeptRow): void {
  rows.splice(insertionPoint(rows, row), 0, row);
}

function insertionPoint(rows: readonly KeptRow[], row: KeptRow): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(rows[mid]!, row) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The list's filters over a kept list, in its order. */
function pageOf(list: KeptList, filter: DuesFilter, page: Paging): DuesPage {
  const start = (page.number - 1) * page.size;
  let view = list.all;
  if (filter.classroomId) {
    let room = list.byRoom.get(filter.classroomId);
    if (!room) {
      const id = filter.classroomId;
      room = { rows: list.all.rows.filter((r) => r.rooms.includes(id)) };
      // Bounded: any id can be asked for.
      if (list.byRoom.size < 1000) list.byRoom.set(id, room);
    }
    view = room;
  }
  const { q } = filter;
  if (q) {
    list.searches ??= new Map();
    const key = `${filter.classroomId ?? ''} ${q}`;
    let found = list.searches.get(key);
    if (!found) {
      found = { rows: view.rows.filter((r) => r.searchText.includes(q)) };
      if (list.searches.size >= 100) list.searches.clear();
      list.searches.set(key, found);
    }
    view = found;
  }
  const { owing, sums } = totalsOf(view);
  const total = filter.onlyDue ? owing : view.rows.length;
  const items = view.rows.slice(start, Math.min(start + page.size, total)).map((r) => r.item);
  return { items, total, sumDuePaisa: sums[total]! };
}

function totalsOf(view: Ordered): { owing: number; sums: Float64Array } {
  if (view.sums === undefined || view.owing === undefined) {
    const sums = new Float64Array(view.rows.length + 1);
    let owing = 0;
    for (const [i, row] of view.rows.entries()) {
      const due = row.item.totals.duePaisa;
      if (due > 0) owing = i + 1;
      sums[i + 1] = sums[i]! + due;
    }
    view.sums = sums;
    view.owing = owing;
  }
  return { owing: view.owing, sums: view.sums };
}
