import type { DrillContext, WritePath } from '../write-path';
import { MoneyLedger } from './money-ledger';
import { collectAgain, collectOnce, type MoneySchool, moneySchool, receiptOf } from './money-school';

const STUDENTS = 3;

/**
 * Voids and refunds (the payments list's menu): one client collects, gives part of a payment
 * back and voids payments (with the refunds given from them) in turn. A void whose answer never
 * came is read back from the database; a refund is a receipt of its own, checked as a payment.
 */
export function voidRefundPath(): WritePath {
  let school: MoneySchool;
  const ledger = new MoneyLedger(() => school.accountId);

  const refund = async (
    ctx: DrillContext,
    payment: { token: string; id: string; studentId: string; holdsPaisa: number },
  ) => {
    const token = `Drill refund ${ctx.unique()}`;
    const amountPaisa = Math.max(100, Math.floor((ctx.random.next() * payment.holdsPaisa) / 100) * 100);
    ledger.sending(token, payment.studentId, { refundOf: payment.token });
    const reply = await ctx.api
      .send('POST', `/api/accounts/${school.accountId}/payments/${payment.id}/refund`, {
        body: { amountPaisa, method: 'cash', reason: token },
        cookie: school.cookie,
      })
      .catch(() => undefined);
    if (!reply) return;
    ledger.answered(token, reply.status === 201 ? receiptOf(reply.body) : null);
    if (reply.status !== 201) throw new Error(`refund: ${reply.status} ${JSON.stringify(reply.body)}`);
  };

  const voidOne = async (ctx: DrillContext, payment: { token: string; id: string }) => {
    ledger.voiding(payment.token);
    const reply = await ctx.api
      .send('POST', `/api/accounts/${school.accountId}/payments/${payment.id}/void`, {
        body: { reason: `Drill void ${ctx.unique()}` },
        cookie: school.cookie,
      })
      .catch(() => undefined);
    if (!reply) return;
    ledger.voidAnswered(payment.token, reply.status === 200);
    if (reply.status !== 200) throw new Error(`void: ${reply.status} ${JSON.stringify(reply.body)}`);
  };

  return {
    name: 'void-refund',
    clients: 1,
    async setup(ctx) {
      school = await moneySchool(ctx, STUDENTS);
    },
    prepare: (ctx) => collectAgain(ctx, school, ledger),
    async write(ctx) {
      const standing = ledger.standing();
      const choice = ctx.random.next();
      if (standing.length < 3 || choice < 0.4)
        return collectOnce(ctx, school, ledger, ctx.random.pick(school.students));
      const holding = standing.filter((p) => p.holdsPaisa >= 100);
      if (choice < 0.75 && holding.length > 0) return refund(ctx, ctx.random.pick(holding));
      return voidOne(ctx, ctx.random.pick(standing));
    },
    verify: (db, stage) => ledger.verify(db, stage),
    figures: () => ledger.figures(),
  };
}
