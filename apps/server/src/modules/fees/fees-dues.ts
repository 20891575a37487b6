import {
  type BillingMonth,
  type DuesAllocation,
  type DuesEnrolment,
  firstBilledMonth,
  type StudentDuesView,
  studentDues,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { StudentsRepository } from '../students/students.repository';
import type { FeesRepository } from './fees.repository';

export interface DuesStudent {
  id: string;
  name: string;
  custom_id: string | null;
}

/**
 * A student's dues as the domain computes them (packages/domain/src/fees/dues.ts), from the rows
 * the repository reads: enrolments with their fees, adjustments and charges in force, and the
 * allocations of payments that stand. Nothing is stored; everything is read in the caller's
 * transaction when it has one.
 */
export async function duesOf(
  repo: FeesRepository,
  accountId: string,
  student: DuesStudent,
  throughMonth: BillingMonth,
): Promise<StudentDuesView> {
  const enrolmentRows = await repo.enrolments(accountId, student.id);
  const enrolments: DuesEnrolment[] = enrolmentRows.map((e) => ({
    classroomId: e.classroom_id,
    monthlyFeePaisa: Number(e.fee_override ?? e.classroom_fee),
    firstMonth: firstBilledMonth(Number(e.accepted_at ?? e.applied_at), e.collection_month),
    lastMonth: null,
  }));
  // One after another: inside a transaction they share one connection.
  const adjustments = await repo.adjustments(accountId, student.id);
  const classroomIds = enrolments.map((e) => e.classroomId);
  const charges = await repo.chargesFor(accountId, student.id, classroomIds);
  const allocations = await repo.standingAllocations(accountId, student.id);
  const names = await repo.classroomNames(accountId);
  const computed = studentDues({
    enrolments,
    adjustments: adjustments.map((a) => ({
      classroomId: a.classroom_id,
      month: a.month,
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
    allocations: allocations.flatMap((a): DuesAllocation[] => {
      if (a.charge_id) return [{ kind: 'charge', chargeId: a.charge_id, amountPaisa: Number(a.amount) }];
      if (a.classroom_id && a.month)
        return [
          { kind: 'month', classroomId: a.classroom_id, month: a.month, amountPaisa: Number(a.amount) },
        ];
      return [];
    }),
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

/** A student of this account (archived ones too: their payments stay theirs), or 404. */
export async function accountStudent(db: Kysely<Database>, accountId: string, studentId: string) {
  const student = await new StudentsRepository(db).find(studentId);
  if (student?.account_id !== accountId) throw notFound();
  return student;
}
