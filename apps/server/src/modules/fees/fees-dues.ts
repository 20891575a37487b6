import {
  type BillingMonth,
  type DuesAdjustment,
  type DuesAllocation,
  type DuesCharge,
  type DuesEnrolment,
  type DuesListRow,
  type DuesTotals,
  defaultersFirst,
  firstBilledMonth,
  type StudentDuesView,
  studentDues,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { StudentsRepository } from '../students/students.repository';
import type { FeesRepository } from './fees.repository';

// Dues as the domain computes them (packages/domain/src/fees/dues.ts), from the rows the
// repository reads: enrolments with their fees, adjustments and charges in force, and the
// allocations of payments that stand. Nothing is stored here (the dues list's summary caches
// studentTotals, see dues-summary.ts); everything is read in the caller's transaction when it has one.

export interface DuesStudent {
  id: string;
  name: string;
  custom_id: string | null;
}

type EnrolmentRow = Pick<
  Awaited<ReturnType<FeesRepository['enrolments']>>[number],
  'classroom_id' | 'fee_override' | 'classroom_fee' | 'accepted_at' | 'applied_at' | 'collection_month'
>;
type AdjustmentRow = Pick<
  Awaited<ReturnType<FeesRepository['adjustments']>>[number],
  'classroom_id' | 'month' | 'kind' | 'amount'
>;
type ChargeRow = Awaited<ReturnType<FeesRepository['charges']>>[number];
type AllocationRow = Awaited<ReturnType<FeesRepository['standingAllocations']>>[number];

/** What one student's totals in an account are computed from (the dues list and its summary). */
export interface StudentRows {
  studentId: string;
  /** Accepted enrolments in the account's classrooms. */
  enrolments: readonly EnrolmentRow[];
  adjustments: readonly AdjustmentRow[];
  /** Every charge in force in the account: the student owes their own and their classrooms'. */
  charges: readonly ChargeRow[];
  allocations: readonly AllocationRow[];
}

/** A student's dues totals, as studentDues computes them from these rows. */
export function studentTotals(rows: StudentRows, throughMonth: BillingMonth): DuesTotals {
  const classroomIds = new Set(rows.enrolments.map((e) => e.classroom_id));
  return studentDues({
    enrolments: rows.enrolments.map(enrolmentOf),
    adjustments: rows.adjustments.map(adjustmentOf),
    charges: rows.charges
      .filter(
        (c) =>
          c.student_id === rows.studentId ||
          (c.student_id === null && classroomIds.has(c.classroom_id ?? '')),
      )
      .map(chargeOf),
    allocations: rows.allocations.flatMap(allocationOf),
    throughMonth,
  }).totals;
}

const enrolmentOf = (e: EnrolmentRow): DuesEnrolment => ({
  classroomId: e.classroom_id,
  monthlyFeePaisa: Number(e.fee_override ?? e.classroom_fee),
  firstMonth: firstBilledMonth(Number(e.accepted_at ?? e.applied_at), e.collection_month),
  lastMonth: null,
});

const adjustmentOf = (a: AdjustmentRow): DuesAdjustment => ({
  classroomId: a.classroom_id,
  month: a.month,
  kind: a.kind,
  amountPaisa: Number(a.amount),
});

const chargeOf = (c: ChargeRow): DuesCharge => ({
  chargeId: c.id,
  label: c.label,
  amountPaisa: Number(c.amount),
  month: c.due_month,
  classroomId: c.classroom_id,
});

function allocationOf(a: AllocationRow): DuesAllocation[] {
  if (a.charge_id) return [{ kind: 'charge', chargeId: a.charge_id, amountPaisa: Number(a.amount) }];
  if (a.classroom_id && a.month)
    return [{ kind: 'month', classroomId: a.classroom_id, month: a.month, amountPaisa: Number(a.amount) }];
  return [];
}

/** A student's dues line by line. */
export async function duesOf(
  repo: FeesRepository,
  accountId: string,
  student: DuesStudent,
  throughMonth: BillingMonth,
): Promise<StudentDuesView> {
  const enrolments = (await repo.enrolments(accountId, student.id)).map(enrolmentOf);
  // One after another: inside a transaction they share one connection.
  const adjustments = await repo.adjustments(accountId, student.id);
  const classroomIds = enrolments.map((e) => e.classroomId);
  const charges = await repo.chargesFor(accountId, student.id, classroomIds);
  const allocations = await repo.standingAllocations(accountId, student.id);
  const names = await repo.classroomNames(accountId);
  const computed = studentDues({
    enrolments,
    adjustments: adjustments.map(adjustmentOf),
    charges: charges.map(chargeOf),
    allocations: allocations.flatMap(allocationOf),
    throughMonth,
  });
  return {
    studentId: student.id,
    name: student.name,
    customId: student.custom_id,
    throughMonth,
    lines: computed.lines.map((l) => ({
      ...l,
      classroomName: l.classroomId ? (names.get(l.classroomId) ?? null) : null,
    })),
    totals: computed.totals,
  };
}

export interface AccountDuesRow extends DuesListRow {
  customId: string | null;
  phone: string;
}

/**
 * Every enrolled student's dues totals in the account (or one classroom of it), defaulters first:
 * four reads of the whole account, grouped by student in memory, instead of four per student.
 * The dues list of this month reads its summary instead (dues-summary.ts); this serves other
 * months and is what the summary must always equal.
 */
export async function accountDues(
  repo: FeesRepository,
  accountId: string,
  throughMonth: BillingMonth,
  classroomId?: string,
): Promise<AccountDuesRow[]> {
  const enrolmentRows = await repo.accountEnrolments(accountId);
  const adjustments = group(await repo.accountAdjustments(accountId), (a) => a.student_id);
  const allocations = group(await repo.accountAllocations(accountId), (a) => a.student_id);
  const charges = await repo.charges(accountId);
  const byStudent = group(enrolmentRows, (e) => e.student_id);
  const rows: AccountDuesRow[] = [];
  for (const [studentId, enrolled] of byStudent) {
    if (classroomId && !enrolled.some((e) => e.classroom_id === classroomId)) continue;
    const totals = studentTotals(
      {
        studentId,
        enrolments: enrolled,
        adjustments: adjustments.get(studentId) ?? [],
        charges,
        allocations: allocations.get(studentId) ?? [],
      },
      throughMonth,
    );
    const first = enrolled[0]!;
    rows.push({ studentId, name: first.student_name, customId: first.custom_id, phone: first.phone, totals });
  }
  return defaultersFirst(rows);
}

export function group<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** A student of this account (archived ones too: their payments stay theirs), or 404. */
export async function accountStudent(db: Kysely<Database>, accountId: string, studentId: string) {
  const student = await new StudentsRepository(db).find(studentId);
  if (student?.account_id !== accountId) throw notFound();
  return student;
}
