import { monthOf } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../../apps/server/src/db/schema';
import { FeesRepository } from '../../../../apps/server/src/modules/fees/fees.repository';
import { duesOf } from '../../../../apps/server/src/modules/fees/fees-dues';
import type { Findings } from '../write-path';

/** What a payment pays for, as a receipt lists it (negative on a refund). */
export interface Allocation {
  classroomId: string | null;
  month: string | null;
  chargeId: string | null;
  amountPaisa: number;
}

interface Entry {
  studentId: string;
  state: 'pending' | 'acked';
  /** Sent again after the restart until answered (a gateway's IPN): kept while not stored. */
  retried: boolean;
  id?: string;
  receiptNo?: number;
  /** Known from the request or the answer; else read from the database once the payment is found. */
  allocations?: Allocation[];
  /** The token of the payment a refund gives money back from. */
  refundOf?: string;
  voided: boolean;
  /** A void sent whose answer never came: the database tells whether it happened. */
  voidInFlight: boolean;
}

const lineKey = (a: { classroomId: string | null; month: string | null; chargeId: string | null }) =>
  a.chargeId ? `charge ${a.chargeId}` : `month ${a.classroomId} ${a.month}`;

const sameAllocations = (a: readonly Allocation[], b: readonly Allocation[]) => {
  const sums = (list: readonly Allocation[]) => {
    const m = new Map<string, number>();
    for (const x of list) m.set(lineKey(x), (m.get(lineKey(x)) ?? 0) + x.amountPaisa);
    return JSON.stringify([...m].sort());
  };
  return sums(a) === sums(b);
};

/**
 * The money of one drill account as its clients know it from their requests and the answers:
 * every payment by a token of its own (its note), voids and refunds. `verify` compares it with
 * the database after a kill: each acknowledged payment stored once with its receipt number,
 * receipt numbers 1…N without gaps or repeats, allocations adding up to each payment, and each
 * student's dues, computed fresh by the domain from the rows, equal to what the
 * acknowledged payments paid.
 */
export class MoneyLedger {
  private readonly entries = new Map<string, Entry>();
  private readonly students = new Set<string>();
  /** Payments sent again whose answer named another payment than the one stored (or refused it). */
  private readonly wrongReplays: string[] = [];
  acknowledged = 0;
  inFlightAtKill = 0;
  /** Payments sent again after a restart (a collect's retry, a gateway's IPN). */
  sentAgain = 0;

  constructor(private readonly accountId: () => string) {}

  /** A payment about to be sent under `token` (its note). */
  sending(
    token: string,
    studentId: string,
    options: { allocations?: Allocation[]; refundOf?: string; retried?: boolean } = {},
  ) {
    this.students.add(studentId);
    this.entries.set(token, {
      studentId,
      state: 'pending',
      retried: options.retried ?? false,
      allocations: options.allocations,
      refundOf: options.refundOf,
      voided: false,
      voidInFlight: false,
    });
  }

  /** The answer came: acknowledged with the receipt it gave (null: refused, nothing was stored). */
  answered(token: string, receipt: { id?: string; receiptNo?: number; allocations?: Allocation[] } | null) {
    const entry = this.entries.get(token);
    // A gateway's replay of a notification already taken changes nothing here.
    if (!entry || entry.state === 'acked') return;
    if (!receipt) {
      this.entries.delete(token);
      return;
    }
    entry.state = 'acked';
    Object.assign(entry, Object.fromEntries(Object.entries(receipt).filter(([, v]) => v !== undefined)));
    this.acknowledged++;
  }

  /**
   * The answer to a payment sent again with its request key after a restart: a payment found
   * stored after the kill must be the one answered; one not stored is taken now, or refused as
   * more than is due (400), never failed.
   */
  answeredAgain(token: string, receipt: { id: string; receiptNo: number } | null, status: number) {
    this.sentAgain++;
    const entry = this.entries.get(token);
    const answer = receipt ? `receipt ${receipt.receiptNo} (${receipt.id})` : status;
    if (entry?.state === 'acked' && receipt?.id !== entry.id)
      this.wrongReplays.push(
        `payment "${token}" sent again: answered ${answer}, stored as receipt ${entry.receiptNo} (${entry.id})`,
      );
    else if (!receipt && status !== 400)
      this.wrongReplays.push(`payment "${token}" sent again: answered ${answer}`);
    else this.answered(token, receipt);
  }

  /** A void sent for the payment under `token`, its answer not yet come. */
  voiding(token: string) {
    const entry = this.entries.get(token);
    if (entry) entry.voidInFlight = true;
  }

  /** The void's answer: done (`true`) or refused; `adopted`: found done in the database after a kill. */
  voidAnswered(token: string, done: boolean, adopted = false) {
    const entry = this.entries.get(token);
    if (!entry) return;
    entry.voidInFlight = false;
    if (!done) return;
    entry.voided = true;
    // Refunds given from a payment are voided with it (payments.service.ts).
    for (const e of this.entries.values()) if (e.refundOf === token) e.voided = true;
    if (!adopted) this.acknowledged++;
  }

  /** Acknowledged payments that still stand and the money each still holds (for refunds and voids). */
  standing(): { token: string; id: string; studentId: string; holdsPaisa: number }[] {
    const out = [];
    for (const [token, e] of this.entries) {
      if (e.state !== 'acked' || e.voided || e.refundOf || !e.id) continue;
      let holds = (e.allocations ?? []).reduce((sum, a) => sum + a.amountPaisa, 0);
      for (const r of this.entries.values())
        if (r.refundOf === token && !r.voided)
          holds += (r.allocations ?? []).reduce((s, a) => s + a.amountPaisa, 0);
      out.push({ token, id: e.id, studentId: e.studentId, holdsPaisa: holds });
    }
    return out;
  }

  figures() {
    return {
      acknowledged: this.acknowledged,
      inFlightAtKill: this.inFlightAtKill,
      sentAgain: this.sentAgain,
    };
  }

  tokenOf(paymentId: string): string | undefined {
    for (const [token, e] of this.entries) if (e.id === paymentId) return token;
    return undefined;
  }

  async verify(db: Kysely<Database>, stage: 'kill' | 'final'): Promise<Findings> {
    const findings: Findings = { losses: [], duplicates: this.wrongReplays.splice(0) };
    const accountId = this.accountId();
    const rows = await db
      .selectFrom('payments')
      .select(['id', 'receipt_no', 'amount', 'note', 'voided_at', 'refund_of', 'student_id'])
      .where('account_id', '=', accountId)
      .execute();
    const allocationRows = await db
      .selectFrom('payment_allocations')
      .select(['payment_id', 'classroom_id', 'month', 'charge_id', 'amount'])
      .where('account_id', '=', accountId)
      .execute();
    const allocationsOf = new Map<string, Allocation[]>();
    for (const a of allocationRows) {
      const list = allocationsOf.get(a.payment_id) ?? [];
      list.push({
        classroomId: a.classroom_id,
        month: a.month,
        chargeId: a.charge_id,
        amountPaisa: Number(a.amount),
      });
      allocationsOf.set(a.payment_id, list);
    }
    this.checkReceipts(
      rows.map((r) => Number(r.receipt_no)),
      await this.counter(db),
      findings,
    );
    for (const r of rows) {
      const sum = (allocationsOf.get(r.id) ?? []).reduce((total, a) => total + a.amountPaisa, 0);
      if (sum !== Number(r.amount))
        findings.losses.push(`receipt ${r.receipt_no}: allocations add up to ${sum}, payment ${r.amount}`);
    }

    const byNote = new Map<string, typeof rows>();
    for (const r of rows) byNote.set(r.note, [...(byNote.get(r.note) ?? []), r]);
    for (const r of rows)
      if (!this.entries.has(r.note))
        findings.duplicates.push(`receipt ${r.receipt_no} ("${r.note}"): no such payment was sent`);
    for (const [token, e] of [...this.entries]) {
      const found = byNote.get(token) ?? [];
      if (found.length > 1) findings.duplicates.push(`payment "${token}": stored ${found.length} times`);
      const row = found[0];
      if (e.state === 'pending') {
        this.inFlightAtKill++;
        if (!row) {
          if (!e.retried) this.entries.delete(token);
          // Sent again after the last start: by now it must have been taken.
          else if (stage === 'final') findings.losses.push(`payment "${token}": sent again, never stored`);
          continue;
        }
        e.state = 'acked';
      }
      if (row && e.id === undefined) {
        // Found, or acknowledged without a receipt (a gateway's notification is answered "ok" only).
        e.id = row.id;
        e.receiptNo = Number(row.receipt_no);
      }
      if (!row) {
        findings.losses.push(`payment "${token}" (receipt ${e.receiptNo}): acknowledged, missing`);
        continue;
      }
      if (row.id !== e.id || Number(row.receipt_no) !== e.receiptNo)
        findings.losses.push(
          `payment "${token}": acknowledged as receipt ${e.receiptNo} (${e.id}), stored as ${row.receipt_no} (${row.id})`,
        );
      const parent = e.refundOf ? this.entries.get(e.refundOf)?.id : undefined;
      if ((row.refund_of ?? undefined) !== parent)
        findings.losses.push(
          `payment "${token}": refund of ${row.refund_of}, given from ${parent ?? 'none'}`,
        );
      const stored = allocationsOf.get(row.id) ?? [];
      if (!e.allocations) e.allocations = stored;
      else if (!sameAllocations(e.allocations, stored))
        findings.losses.push(
          `payment "${token}": acknowledged for ${JSON.stringify(e.allocations)}, stored ${JSON.stringify(stored)}`,
        );
      if (e.voidInFlight) {
        this.inFlightAtKill++;
        this.voidAnswered(token, row.voided_at !== null, true);
      }
    }
    for (const [token, e] of this.entries) {
      const row = byNote.get(token)?.[0];
      if (!row || e.state !== 'acked') continue;
      if (e.voided && row.voided_at === null)
        findings.losses.push(`payment "${token}": void acknowledged, not voided`);
      if (!e.voided && row.voided_at !== null)
        findings.duplicates.push(`payment "${token}": voided, no void was sent`);
    }
    await this.checkDues(db, accountId, findings);
    return findings;
  }

  private async counter(db: Kysely<Database>): Promise<number> {
    const row = await db
      .selectFrom('payment_counters')
      .select('last_receipt_no')
      .where('account_id', '=', this.accountId())
      .executeTakeFirst();
    return Number(row?.last_receipt_no ?? 0);
  }

  /** Receipt numbers 1…N, each once, and the counter at N: no gap, no repeat (spec: "without gaps"). */
  private checkReceipts(numbers: number[], counter: number, findings: Findings) {
    const seen = new Map<number, number>();
    for (const n of numbers) seen.set(n, (seen.get(n) ?? 0) + 1);
    for (const [n, count] of seen) if (count > 1) findings.duplicates.push(`receipt ${n}: ${count} payments`);
    const last = Math.max(0, ...numbers);
    for (let n = 1; n <= last; n++)
      if (!seen.has(n)) findings.losses.push(`receipt ${n}: gap (last is ${last})`);
    if (counter !== last) findings.losses.push(`receipt counter at ${counter}, last receipt ${last}`);
  }

  /** Each student's dues, computed fresh from the rows (fees-dues.ts), against what the ledger paid. */
  private async checkDues(db: Kysely<Database>, accountId: string, findings: Findings) {
    const expected = new Map<string, Map<string, number>>();
    for (const e of this.entries.values()) {
      if (e.state !== 'acked' || e.voided) continue;
      const lines = expected.get(e.studentId) ?? new Map<string, number>();
      for (const a of e.allocations ?? [])
        lines.set(lineKey(a), (lines.get(lineKey(a)) ?? 0) + a.amountPaisa);
      expected.set(e.studentId, lines);
    }
    const repo = new FeesRepository(db);
    const through = monthOf(Date.now());
    // The dues list's cache: a row still marked fresh must equal the fresh computation.
    const cached = new Map(
      (
        await db
          .selectFrom('dues_summaries')
          .select(['student_id', 'charged', 'reduced', 'paid', 'due', 'credit'])
          .where('account_id', '=', accountId)
          .where('fresh_for', '=', through)
          .execute()
      ).map((r) => [r.student_id, r]),
    );
    for (const studentId of this.students) {
      const student = await db
        .selectFrom('students')
        .select(['id', 'name', 'custom_id'])
        .where('id', '=', studentId)
        .executeTakeFirstOrThrow();
      const dues = await duesOf(repo, accountId, student, through);
      const summary = cached.get(studentId);
      const { chargedPaisa, reducedPaisa, paidPaisa, duePaisa, creditPaisa } = dues.totals;
      const totals = [chargedPaisa, reducedPaisa, paidPaisa, duePaisa, creditPaisa].join(' ');
      const kept =
        summary &&
        [summary.charged, summary.reduced, summary.paid, summary.due, summary.credit].map(Number).join(' ');
      if (kept && kept !== totals)
        findings.losses.push(`dues list of ${student.name}: ${kept} kept as fresh, ${totals} computed fresh`);
      const paid = expected.get(studentId) ?? new Map<string, number>();
      const fresh = new Map(dues.lines.map((l) => [lineKey(l), l]));
      for (const key of new Set([...paid.keys(), ...fresh.keys()])) {
        const want = paid.get(key) ?? 0;
        const line = fresh.get(key);
        const got = line?.paidPaisa ?? 0;
        if (got !== want)
          findings.losses.push(
            `dues of ${student.name}, ${key}: paid ${got} computed fresh, ${want} acknowledged`,
          );
        if (line && line.duePaisa !== Math.max(0, line.chargedPaisa - line.reducedPaisa - want))
          findings.losses.push(`dues of ${student.name}, ${key}: due ${line.duePaisa} for ${want} paid`);
      }
    }
  }
}
