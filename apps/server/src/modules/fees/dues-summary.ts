import { type BillingMonth, type DuesTotals, defaultersFirst } from '@batchwise/domain';
import type { Db } from '../../db/database';
import { type DuesPage, itemOf, KeptLists, type Paging } from './dues-kept-list';
import { type DuesFilter, DuesSummaryRepository, type SummaryRow } from './dues-summary.repository';
import { FeesRepository } from './fees.repository';
import { group, studentTotals } from './fees-dues';

// The dues list of this month from its summary (migration 0020), the fees and payments capability: "dues are
// computed from enrolments, fees and payments — never a stored running balance that can drift —
// with an index so a 2,000-student account's dues list is fast". Each row is studentTotals of one
// student, kept until the database marks it stale (any write to what it is computed from, or a
// new billing month); a list first recomputes the stale rows, then pages, sorts, filters and sums
// them: in SQL over the summary's index on PostgreSQL, over a copy kept in memory on SQLite
// (dues-kept-list.ts). What it shows always equals accountDues (fees-dues.ts) over the same data.

/** A row to compute, with the version read before its sources. */
export interface Stale {
  student_id: string;
  version: number;
}

export type ComputedRow = SummaryRow & { version: number };

/** Computed rows are stored once this many wait, or this long after the first. */
const STORE_AFTER_ROWS = 500;
const STORE_AFTER_MS = 2_000;
/** Students recomputed per round of reads. */
const BATCH = 400;
/** Apart name, phone and custom ID in the search text: typed text never holds it. */
const SEARCH_SEPARATOR = '\u001f';

export class DuesSummary {
  /** Refreshes under way, per account and month: requests that arrive meanwhile wait for it. */
  private readonly refreshing = new Map<string, Promise<void>>();
  /** Rows computed for kept lists, not stored yet, per account and month. */
  private readonly unstored = new Map<string, ComputedRow[]>();
  /** On SQLite, each account's list held in memory (dues-kept-list.ts). */
  private readonly kept: KeptLists;

  constructor(private readonly db: Db) {
    this.kept = new KeptLists(db);
  }

  /** Whether the summary can answer this search (else the caller computes the list directly). */
  static answers(q: string | undefined): boolean {
    return !q?.includes(SEARCH_SEPARATOR);
  }

  /** One page of the list, defaulters first, with the count and sum of every listed student. */
  async page(filter: DuesFilter, month: BillingMonth, page: Paging): Promise<DuesPage> {
    if (this.kept.enabled) {
      return (
        this.kept.peek(filter.accountId, month, filter, page) ??
        (await this.kept.page(filter.accountId, month, filter, page, (stale) =>
          this.computeAndStore(filter.accountId, month, stale),
        ))
      );
    }
    await this.refresh(filter.accountId, month);
    return this.pageInSql(filter, page);
  }

  /**
   * Rows computed for a kept list (SQLite), stored later and together: storing waits for the disk
   * and moves the table on (every kept list then catches up once), while the list needs the values
   * only. Rows not stored yet stay stale in the table, which costs only a recomputation elsewhere
   * (after a restart); a row written to meanwhile is not stored at all (its version moved).
   */
  private async computeAndStore(accountId: string, month: BillingMonth, stale: readonly Stale[]) {
    const rows = await this.compute(accountId, month, stale);
    const key = `${accountId} ${month}`;
    const pending = this.unstored.get(key) ?? [];
    pending.push(...rows);
    this.unstored.set(key, pending);
    if (pending.length >= STORE_AFTER_ROWS) this.store(key, accountId, month);
    else if (pending.length === rows.length)
      setTimeout(() => this.store(key, accountId, month), STORE_AFTER_MS).unref();
    return rows;
  }

  /**
   * Students' totals this month (each in its own account), as their dues list rows hold them: read
   * from the rows at once when fresh, else computed now (and stored with the lists' rows). The
   * family portal's home shows each child's total this way instead of computing every line of
   * their dues on each visit. By student; null for one without a row (never enrolled).
   */
  async studentTotals(
    asks: readonly { accountId: string; studentId: string }[],
    month: BillingMonth,
  ): Promise<Map<string, { totals: DuesTotals; classroomIds: string[] } | null>> {
    const rows =
      asks.length > 0
        ? await new DuesSummaryRepository(this.db.kysely).rowsOfStudents(asks.map((a) => a.studentId))
        : [];
    const rooms = (ids: string) => ids.split(' ').filter((id) => id !== '');
    const found = new Map<string, { totals: DuesTotals; classroomIds: string[] } | null>();
    // Stale rows (after a write, or on the first of a month) are computed together per account:
    // brothers and sisters at one centre cost one set of reads, not one each.
    const stale = new Map<string, Stale[]>();
    for (const { accountId, studentId } of asks) {
      const row = rows.find((r) => r.student_id === studentId && r.account_id === accountId);
      if (!row) found.set(studentId, null);
      else if (row.fresh_for === month)
        found.set(studentId, { totals: itemOf(row).totals, classroomIds: rooms(row.classroom_ids) });
      else
        stale.set(accountId, [
          ...(stale.get(accountId) ?? []),
          { student_id: studentId, version: Number(row.version) },
        ]);
    }
    for (const [accountId, students] of stale) {
      const computed = await this.computeAndStore(accountId, month, students);
      for (const { student_id: studentId } of students) {
        const row = computed.find((c) => c.studentId === studentId);
        found.set(studentId, row ? { totals: row.totals, classroomIds: rooms(row.classroomIds) } : null);
      }
    }
    return found;
  }

  private store(key: string, accountId: string, month: BillingMonth): void {
    const rows = this.unstored.get(key);
    if (!rows?.length) return;
    this.unstored.delete(key);
    new DuesSummaryRepository(this.db.kysely).write(accountId, month, rows).catch(() => {
      // A failed store leaves the rows stale: the next reader computes them again.
    });
  }

  /**
   * The page read from the summary's index (PostgreSQL, where several servers write). SQL orders
   * by what is owed and since when; the name that breaks ties is compared as the domain compares
   * it (localeCompare), so only the rows tied with the page's first and last keys are read beyond
   * the page itself.
   */
  private async pageInSql(filter: DuesFilter, page: Paging): Promise<DuesPage> {
    const repo = new DuesSummaryRepository(this.db.kysely);
    const { total, sumDue } = await repo.count(filter);
    const start = (page.number - 1) * page.size;
    if (start >= total) return { items: [], total, sumDuePaisa: sumDue };
    const keys = await repo.keysAt(filter, start, page.size);
    const first = { due: Number(keys[0]!.due), oldestKey: keys[0]!.oldest_key };
    const lastRow = keys.at(-1)!;
    const last = { due: Number(lastRow.due), oldestKey: lastRow.oldest_key };
    const before = await repo.countBefore(filter, first);
    const rows = (await repo.between(filter, first, last)).map(itemOf);
    const from = start - before;
    return { items: defaultersFirst(rows).slice(from, from + page.size), total, sumDuePaisa: sumDue };
  }

  /**
   * Recomputes the account's rows not fresh for this month, once each, in batches. A request that
   * finds a refresh under way waits for it and looks again (a write may have come meanwhile); a
   * row written to during its recomputation stays stale for the next request.
   */
  async refresh(accountId: string, month: BillingMonth): Promise<void> {
    const key = `${accountId} ${month}`;
    for (let round = 0; round < 5; round++) {
      const running = this.refreshing.get(key);
      if (running) {
        await running;
        continue;
      }
      const stale = await new DuesSummaryRepository(this.db.kysely).stale(accountId, month, '', BATCH);
      if (stale.length === 0) return;
      const done = this.recompute(accountId, month, stale).finally(() => this.refreshing.delete(key));
      this.refreshing.set(key, done);
      await done;
    }
  }

  private async recompute(accountId: string, month: BillingMonth, first: Stale[]): Promise<void> {
    const repo = new DuesSummaryRepository(this.db.kysely);
    let stale = first;
    while (stale.length > 0) {
      await repo.write(accountId, month, await this.compute(accountId, month, stale));
      if (stale.length < BATCH) return;
      stale = await repo.stale(accountId, month, stale.at(-1)!.student_id, BATCH);
    }
  }

  /**
   * These students' rows as studentTotals computes them now, in batches, with the versions read
   * before their sources were (the caller read them first).
   */
  async compute(accountId: string, month: BillingMonth, stale: readonly Stale[]): Promise<ComputedRow[]> {
    const repo = new DuesSummaryRepository(this.db.kysely);
    // Read once: an account has a handful of charges.
    const charges = await new FeesRepository(this.db.kysely).charges(accountId);
    const computed: ComputedRow[] = [];
    for (let start = 0; start < stale.length; start += BATCH) {
      const batch = stale.slice(start, start + BATCH);
      const ids = batch.map((s) => s.student_id);
      // One after another: the versions were read first, then every source.
      const enrolments = group(await repo.enrolments(accountId, ids), (r) => r.student_id);
      const adjustments = group(await repo.adjustments(accountId, ids), (r) => r.student_id);
      const allocations = group(await repo.allocations(accountId, ids), (r) => r.student_id);
      const students = new Map((await repo.students(ids)).map((s) => [s.id, s]));
      for (const { student_id: studentId, version } of batch) {
        const enrolled = enrolments.get(studentId) ?? [];
        const totals = studentTotals(
          {
            studentId,
            enrolments: enrolled,
            adjustments: adjustments.get(studentId) ?? [],
            charges,
            allocations: allocations.get(studentId) ?? [],
          },
          month,
        );
        const classroomIds = enrolled.map((e) => e.classroom_id);
        computed.push({
          ...summaryRow(studentId, students.get(studentId), classroomIds, totals),
          version: Number(version),
        });
      }
    }
    return computed;
  }
}

function summaryRow(
  studentId: string,
  student: { name: string; phone: string; custom_id: string | null } | undefined,
  classroomIds: readonly string[],
  totals: DuesTotals,
): SummaryRow {
  const name = student?.name ?? '';
  const phone = student?.phone ?? '';
  const customId = student?.custom_id ?? null;
  return {
    studentId,
    // A student deleted meanwhile takes the row with them; nothing to list.
    listed: classroomIds.length > 0 && student !== undefined,
    name,
    phone,
    customId,
    // Lower-cased one by one, as the list's search compares them (fees.service.ts before 0020).
    searchText: [name, phone, customId ?? ''].map((t) => t.toLowerCase()).join(SEARCH_SEPARATOR),
    classroomIds: ` ${classroomIds.join(' ')} `,
    totals,
  };
}
