import { COUNTER_METHODS, monthOf } from '@batchwise/domain';
import type { DrillContext } from '../write-path';
import type { Allocation, MoneyLedger } from './money-ledger';
import { addStudent, type School } from './school';

/** A month's tuition in the drill's fee classrooms, and each special payment added when dues run out. */
const TUITION_PAISA = 100_000;
const CHARGE_PAISA = 30_000;

/** A teacher with a fee-paying classroom and students enrolled in it (money paths' set-up). */
export interface MoneySchool extends School {
  students: string[];
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
  const school: MoneySchool = { ...teacher, classroomId: classroom.body.id, students: [] };
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

export const allocationsOf = (body: { allocations: Allocation[] }): Allocation[] =>
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
  const token = `Drill payment ${ctx.unique()}`;
  ledger.sending(token, studentId, {
    allocations: allocations.map((a) => ({
      classroomId: a.kind === 'month' ? a.classroomId : null,
      month: a.kind === 'month' ? a.month : null,
      chargeId: a.kind === 'charge' ? a.chargeId : null,
      amountPaisa: a.amountPaisa,
    })),
  });
  const reply = await ctx.api
    .send('POST', `${base}/payments`, {
      body: { method: ctx.random.pick(COUNTER_METHODS), reference: '', note: token, allocations },
      cookie: school.cookie,
    })
    .catch(() => undefined);
  if (!reply) return;
  ledger.answered(
    token,
    reply.status === 201
      ? { id: reply.body.id, receiptNo: reply.body.receiptNo, allocations: allocationsOf(reply.body) }
      : null,
  );
  if (reply.status !== 201 && reply.status !== 400)
    throw new Error(`collect: ${reply.status} ${JSON.stringify(reply.body)}`);
}
