import {
  type BillingMonth,
  type DuesListQuery,
  type feeAdjustmentInputSchema,
  type feeChargeInputSchema,
  monthOf,
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
import { DuesSummary } from './dues-summary';
import { requireDuesListOf, requireFeesManager } from './fees.policy';
import { FeesRepository } from './fees.repository';
import { requireStudentCollectorOf } from './fees-access';
import { accountDues, accountStudent, duesOf } from './fees-dues';
import { publishFees } from './fees-events';

export interface FeesDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
}

type AdjustmentSave = z.output<typeof feeAdjustmentInputSchema>;
type ChargeSave = z.output<typeof feeChargeInputSchema>;

/**
 * Dues: a student's dues computed from their enrolments and the rows below,
 * the waivers, discounts and not-billable months that change one month, and the special payments
 * (exam fee, admission fee, books) of a classroom or a student. Withdrawn rows stay on record.
 */
export class FeesService {
  private readonly summary: DuesSummary;

  constructor(private readonly deps: FeesDeps) {
    this.summary = new DuesSummary(deps.db);
  }

  async studentDues(principal: Principal, accountId: string, studentId: string, through?: BillingMonth) {
    const db = this.deps.db.kysely;
    await requireStudentCollectorOf(this.deps, db, principal, accountId, studentId);
    const student = await accountStudent(db, accountId, studentId);
    return duesOf(new FeesRepository(db), accountId, student, through ?? monthOf(this.deps.clock.now()));
  }

  /**
   * A student's dues for the family portal, whose guardian-of / self policy has already checked
   * the caller (modules/portal/portal.policy.ts).
   */
  async familyDues(accountId: string, studentId: string, through?: BillingMonth) {
    const db = this.deps.db.kysely;
    const student = await accountStudent(db, accountId, studentId);
    return duesOf(new FeesRepository(db), accountId, student, through ?? monthOf(this.deps.clock.now()));
  }

  /**
   * Children's totals this month for the family portal's home (policy checked there), from the
   * dues list's summary, by student; null for one without a row yet (never enrolled).
   */
  familyDueTotals(children: readonly { accountId: string; studentId: string }[]) {
    return this.summary.studentTotals(children, monthOf(this.deps.clock.now()));
  }

  /**
   * Brings the account's dues list summary up to date for this month (the month-start job,
   * dues-month-start.ts), so its first dues list and family homes of the month read rows ready.
   */
  refreshSummary(accountId: string): Promise<void> {
    return this.summary.refresh(accountId, monthOf(this.deps.clock.now()));
  }

  /**
   * The dues list: defaulters first, searched and paged. This month's comes from
   * the summary the database keeps stale-marked (dues-summary.ts); another
   * month's is computed for the request.
   */
  async duesList(principal: Principal, accountId: string, query: DuesListQuery) {
    // Collectors too: an assistant limited to some classrooms names one of them (fees.policy.ts).
    requireDuesListOf(await this.deps.access.requireAccount(principal, accountId), query.classroomId);
    const thisMonth = monthOf(this.deps.clock.now());
    const through = query.through ?? thisMonth;
    const q = query.q?.toLowerCase();
    const page = { page: query.page, pageSize: query.pageSize };
    if (through === thisMonth && DuesSummary.answers(q)) {
      const filter = { accountId, classroomId: query.classroomId, onlyDue: query.onlyDue, q };
      const listed = await this.summary.page(filter, through, { number: query.page, size: query.pageSize });
      return { throughMonth: through, ...listed, ...page };
    }
    const all = await accountDues(
      new FeesRepository(this.deps.db.kysely),
      accountId,
      through,
      query.classroomId,
    );
    const listed = all.filter(
      (row) =>
        (!query.onlyDue || row.totals.duePaisa > 0) &&
        (!q || [row.name, row.phone, row.customId ?? ''].some((text) => text.toLowerCase().includes(q))),
    );
    const start = (query.page - 1) * query.pageSize;
    return {
      throughMonth: through,
      items: listed.slice(start, start + query.pageSize),
      total: listed.length,
      sumDuePaisa: listed.reduce((sum, row) => sum + row.totals.duePaisa, 0),
      ...page,
    };
  }

  async adjustments(principal: Principal, accountId: string, studentId: string) {
    await this.requireManager(principal, accountId);
    const db = this.deps.db.kysely;
    await accountStudent(db, accountId, studentId);
    const rows = await new FeesRepository(db).adjustments(accountId, studentId);
    return { adjustments: rows.map(adjustmentView) };
  }

  async addAdjustment(principal: Principal, accountId: string, studentId: string, input: AdjustmentSave) {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    const id = newId(now);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const student = await accountStudent(trx, accountId, studentId);
      const repo = new FeesRepository(trx);
      const enrolment = (await repo.enrolments(accountId, studentId)).find(
        (e) => e.classroom_id === input.classroomId,
      );
      if (!enrolment) throw notFound();
      await repo.insertAdjustment({
        id,
        account_id: accountId,
        student_id: studentId,
        classroom_id: input.classroomId,
        month: input.month,
        kind: input.kind,
        amount: input.kind === 'discount' ? input.amountPaisa : 0,
        reason: input.reason,
        created_at: now,
        created_by_user_id: principal.user.id,
        removed_at: null,
        removed_by_user_id: null,
      });
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Fee Adjustment',
          message: {
            key: 'feeAdjusted',
            params: {
              kind: input.kind,
              student: student.name,
              classroom: enrolment.classroom_name,
              month: input.month,
              reason: input.reason,
            },
          },
          subjectType: 'student',
          subjectId: studentId,
          data: { adjustmentId: id, ...input },
        },
        now,
      );
    });
    await publishFees(this.deps.events, accountId);
    const rows = await new FeesRepository(this.deps.db.kysely).adjustments(accountId, studentId);
    return adjustmentView(rows.find((r) => r.id === id)!);
  }

  async removeAdjustment(principal: Principal, accountId: string, studentId: string, adjustmentId: string) {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    const repo = new FeesRepository(this.deps.db.kysely);
    if (!(await repo.removeAdjustment(accountId, studentId, adjustmentId, principal.user.id, now)))
      throw notFound();
    await publishFees(this.deps.events, accountId);
    return { ok: true as const };
  }

  async charges(principal: Principal, accountId: string, classroomId?: string) {
    await this.requireManager(principal, accountId);
    const rows = await new FeesRepository(this.deps.db.kysely).charges(accountId, classroomId);
    return { charges: rows.map(chargeView) };
  }

  async addCharge(principal: Principal, accountId: string, input: ChargeSave) {
    await this.requireManager(principal, accountId);
    if ((input.classroomId === null) === (input.studentId === null)) throw failure(400, 'FEE_CHARGE_TARGET');
    const db = this.deps.db.kysely;
    if (input.studentId) await accountStudent(db, accountId, input.studentId);
    if (input.classroomId) {
      const names = await new FeesRepository(db).classroomNames(accountId);
      if (!names.has(input.classroomId)) throw notFound();
    }
    const now = this.deps.clock.now();
    const row = {
      id: newId(now),
      account_id: accountId,
      classroom_id: input.classroomId,
      student_id: input.studentId,
      label: input.label,
      amount: input.amountPaisa,
      due_month: input.dueMonth,
      created_at: now,
      created_by_user_id: principal.user.id,
      removed_at: null,
    };
    await new FeesRepository(db).insertCharge(row);
    await publishFees(this.deps.events, accountId);
    return chargeView(row);
  }

  async removeCharge(principal: Principal, accountId: string, chargeId: string) {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    if (!(await new FeesRepository(this.deps.db.kysely).removeCharge(accountId, chargeId, now)))
      throw notFound();
    await publishFees(this.deps.events, accountId);
    return { ok: true as const };
  }

  private async requireManager(principal: Principal, accountId: string) {
    requireFeesManager(await this.deps.access.requireAccount(principal, accountId));
  }
}

type AdjustmentRow = Awaited<ReturnType<FeesRepository['adjustments']>>[number];
type ChargeRow = Awaited<ReturnType<FeesRepository['charges']>>[number];

function adjustmentView(row: AdjustmentRow) {
  return {
    id: row.id,
    classroomId: row.classroom_id,
    month: row.month,
    kind: row.kind,
    amountPaisa: Number(row.amount),
    reason: row.reason,
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
  };
}

function chargeView(row: ChargeRow) {
  return {
    id: row.id,
    classroomId: row.classroom_id,
    studentId: row.student_id,
    label: row.label,
    amountPaisa: Number(row.amount),
    dueMonth: row.due_month,
    createdAt: Number(row.created_at),
  };
}
