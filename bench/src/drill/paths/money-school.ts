import { COUNTER_METHODS, monthOf } from '@batchwise/domain';
import type { DrillContext } from '../write-path';
import type { Allocation, MoneyLedger } from './money-ledger';
import { addStudent, type School } from './school';

/** A month's tuition in the drill's fee classrooms, and each special payment added when dues run out. */
const TUITION_PAISA = 100_000;
const CHARGE_PAISA = 30_000;

/** A counter payment whose answer the kill cut off: the cashier taps "Collect" again after the restart. */
interface CutOff {
  token: string;
  studentId: string;
  body: Record<string, unknown>;
}

/** A teacher with a fee-paying classroom and students enrolled in it (money paths' set-up). */
export interface MoneySchool extends School {
  students: string[];
  /** Counter payments sent whose answer never came, to send again with their request key. */
  cutOff: CutOff[];
}

export async function moneySchool(ctx: DrillContext, students: number): Promise<MoneySchool> {
  const teacher = await ctx.signUpTeacher();
  const classroom = await ctx.api.must(
    'POST',
    `/api/accounts/${teacher.accountId}/classrooms`,
    {
      grade: 'Class 10',
      subject: 'Math',
      name: `Drill fee batch ${ctx.unique()}`,
      tuitionFeePaisa: TUITION_PAISA,
    },
    teacher.cookie,
  );
  const school: MoneySchool = { ...teacher, classroomId: classroom.body.id, students: [], cutOff: [] };
  for (let i = 0; i < students; i++)
    school.students.push((await addStudent(ctx.api, school, ctx.unique())).id);
  return school;
}

/**
 * A special payment for the whole classroom, due this month (the fee-charges screen): once a
 * student has paid everything, the drill makes them owe again.
 */
export async function addCharge(ctx: DrillContext, school: MoneySchool): Promise<void> {
  await ctx.api.send('POST', `/api/accounts/${school.accountId}/fee-charges`, {
    body: {
      classroomId: school.classroomId,
      label: `Drill charge ${ctx.unique()}`,
      amountPaisa: CHARGE_PAISA,
      dueMonth: monthOf(Date.now()),
    },
    cookie: school.cookie,
  });
}

/** Whole taka from 1 up to `max` paisa (at least 1 ৳). */
const someOf = (ctx: DrillContext, max: number) =>
  Math.max(100, Math.floor((ctx.random.next() * max) / 100) * 100);

const allocationsOf = (body: { allocations: Allocation[] }): Allocation[] =>
  body.allocations.map(({ classroomId, month, chargeId, amountPaisa }) => ({
    classroomId,
    month,
    chargeId,
    amountPaisa,
  }));

/**
 * One payment at the counter as the collect drawer takes it: the student's dues read first, then
 * some of one to three lines that still owe, under a note of its own that the ledger tracks.
 */
export async function collectOnce(
  ctx: DrillContext,
  school: MoneySchool,
  ledger: MoneyLedger,
  studentId: string,
): Promise<void> {
  // Now and then from the dues list, as the fees page opens a student (it keeps the list's cache).
  if (ctx.random.next() < 0.2)
    await ctx.api.send('GET', `/api/accounts/${school.accountId}/dues`, { cookie: school.cookie });
  const base = `/api/accounts/${school.accountId}/students/${studentId}`;
  const dues = await ctx.api.send('GET', `${base}/dues`, { cookie: school.cookie });
  if (dues.status !== 200) throw new Error(`dues: ${dues.status} ${JSON.stringify(dues.body)}`);
  const owing = (
    dues.body.lines as {
      kind: string;
      classroomId: string | null;
      month: string;
      chargeId: string | null;
      duePaisa: number;
    }[]
  ).filter((l) => l.duePaisa >= 100);
  if (owing.length === 0) return addCharge(ctx, school);
  const lines = owing.slice(0, ctx.random.int(1, 3));
  const allocations = lines.map((l) =>
    l.kind === 'month'
      ? {
          kind: 'month' as const,
          classroomId: l.classroomId!,
          month: l.month,
          amountPaisa: someOf(ctx, l.duePaisa),
        }
      : { kind: 'charge' as const, chargeId: l.chargeId!, amountPaisa: someOf(ctx, l.duePaisa) },
  );
  const n = ctx.unique();
  const token = `Drill payment ${n}`;
  // The collect drawer makes one request key per payment and sends it again on a retry (its
  // answer names the payment the first send recorded), so a cut-off collect is retried as-is.
  ledger.sending(token, studentId, {
    retried: true,
    allocations: allocations.map((a) => ({
      classroomId: a.kind === 'month' ? a.classroomId : null,
      month: a.kind === 'month' ? a.month : null,
      chargeId: a.kind === 'charge' ? a.chargeId : null,
      amountPaisa: a.amountPaisa,
    })),
  });
  const cut: CutOff = {
    token,
    studentId,
    body: {
      method: ctx.random.pick(COUNTER_METHODS),
      reference: '',
      note: token,
      requestKey: `drill-collect-${n}`,
      allocations,
    },
  };
  const reply = await sendCollect(ctx, school, cut);
  if (!reply) {
    school.cutOff.push(cut);
    return;
  }
  ledger.answered(token, reply.status === 201 ? receiptOf(reply.body) : null);
  if (reply.status !== 201 && reply.status !== 400)
    throw new Error(`collect: ${reply.status} ${JSON.stringify(reply.body)}`);
}

/**
 * After a restart, before the clients start: each collect the kill cut off is sent again with its
 * request key. Stored before the kill, the answer must name that payment; not stored, it is
 * taken now (or refused, when a later collect of the same client paid those lines meanwhile).
 */
export async function collectAgain(ctx: DrillContext, school: MoneySchool, ledger: MoneyLedger) {
  const queue = school.cutOff;
  school.cutOff = [];
  for (const cut of queue) {
    const reply = await sendCollect(ctx, school, cut);
    if (!reply) school.cutOff.push(cut);
    else ledger.answeredAgain(cut.token, reply.status === 201 ? receiptOf(reply.body) : null, reply.status);
  }
}

const sendCollect = (ctx: DrillContext, school: MoneySchool, cut: CutOff) =>
  ctx.api
    .send('POST', `/api/accounts/${school.accountId}/students/${cut.studentId}/payments`, {
      body: cut.body,
      cookie: school.cookie,
    })
    .catch(() => undefined);

export const receiptOf = (body: { id: string; receiptNo: number; allocations: Allocation[] }) => ({
  id: body.id,
  receiptNo: body.receiptNo,
  allocations: allocationsOf(body),
});
