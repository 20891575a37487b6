import {
  type BkashStandIn,
  startBkashStandIn,
} from '../../../../apps/server/src/drivers/payments/bkash-stand-in';
import {
  type SslCommerzStandIn,
  startSslCommerzStandIn,
} from '../../../../apps/server/src/drivers/payments/sslcommerz-stand-in';
import type { DrillContext, Findings, WritePath } from '../write-path';
import { MoneyLedger } from './money-ledger';
import { addCharge, type MoneySchool, moneySchool } from './money-school';

const STORE = { storeId: 'drillstore01', storePassword: 'drill-store-pass' };

interface Portal {
  classrooms: { classroomId: string; months: { month: string; duePaisa: number }[] }[];
  charges: { chargeId: string; duePaisa: number }[];
}

/**
 * Online payment credited by the gateway's IPN (SSLCommerz, against the loopback stand-in the
 * drill runs; stand-ins are refused in production, so this server runs as development with
 * production's quiet settings). Each client is a family paying one item through the pay link:
 * the portal read, the attempt started, the payment completed at the stand-in and its IPN posted,
 * sometimes raced by the browser's return and sometimes sent twice. An IPN whose answer never came
 * is posted again after the restart until answered, as a gateway retries, and a few answered ones
 * are replayed too: each payment must be credited once, with its receipt.
 */
export function onlineIpnPath(clients = 2): WritePath {
  let ssl: SslCommerzStandIn;
  let bkash: BkashStandIn;
  let school: MoneySchool;
  const links: { key: string; studentId: string }[] = [];
  const ledger = new MoneyLedger(() => school.accountId);
  /** Notifications to post again after the restart, by their payment's token. */
  let unanswered = new Map<string, Record<string, string>>();
  const answeredForms: Record<string, string>[] = [];
  let addresses = 0;
  // Each family from an address of its own: the portal and start routes are limited per address.
  const from = () => {
    const n = ++addresses;
    return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  };

  /** Posts the IPN; answers whether the server took it, or undefined when no answer came. */
  const notify = async (ctx: DrillContext, token: string, form: Record<string, string>) => {
    const reply = await ctx.api
      .send('POST', '/api/public/pay/sslcommerz/ipn', { form, headers: from() })
      .catch(() => undefined);
    if (!reply) return undefined;
    if (reply.status !== 200) throw new Error(`IPN: ${reply.status} ${JSON.stringify(reply.body)}`);
    if (reply.body.ok) ledger.answered(token, {});
    return reply.body.ok === true;
  };

  return {
    name: 'online-ipn',
    clients,
    async environment() {
      ssl = await startSslCommerzStandIn(0, { postIpn: false });
      bkash = await startBkashStandIn(0);
      return {
        // The payment stand-ins are refused in production. The developer outbox stays on (the
        // server's default outside production): sign-ups finish with the link it holds.
        NODE_ENV: 'development',
        PAYMENT_DRIVER: 'stand-in',
        PAYMENT_SSLCOMMERZ_URL: ssl.url,
        PAYMENT_BKASH_URL: bkash.url,
      };
    },
    async close() {
      await Promise.allSettled([ssl?.close(), bkash?.close()]);
    },
    async setup(ctx) {
      school = await moneySchool(ctx, clients);
      await ctx.api.must(
        'PUT',
        `/api/accounts/${school.accountId}/merchant-settings`,
        { onlinePayment: true, sslcommerz: { enabled: true, mode: 'sandbox', ...STORE } },
        school.cookie,
      );
      for (const studentId of school.students) {
        const link = await ctx.api.must(
          'POST',
          `/api/accounts/${school.accountId}/students/${studentId}/pay-link`,
          {},
          school.cookie,
        );
        links.push({ key: link.body.key, studentId });
      }
    },
    async prepare(ctx) {
      const queue = unanswered;
      unanswered = new Map();
      for (const [token, form] of queue) {
        ledger.sentAgain++;
        if (!(await notify(ctx, token, form))) unanswered.set(token, form);
      }
      // Gateways also resend notifications that were answered.
      for (let i = 0; i < 3 && answeredForms.length > 0; i++) {
        const form = ctx.random.pick(answeredForms);
        ledger.sentAgain++;
        await notify(ctx, `Online payment ${form.tran_id}`, form);
      }
    },
    async write(ctx, client) {
      const { key, studentId } = links[client]!;
      const portal = await ctx.api.send('GET', `/api/public/pay?key=${key}&suid=${studentId}`, {
        headers: from(),
      });
      if (portal.status !== 200) throw new Error(`portal: ${portal.status} ${JSON.stringify(portal.body)}`);
      const { classrooms, charges } = portal.body as Portal;
      const month = classrooms.flatMap((c) => c.months.map((m) => ({ ...m, classroomId: c.classroomId })))[0];
      const charge = charges[0];
      if (!month && !charge) return addCharge(ctx, school);
      const item = month
        ? { kind: 'month' as const, classroomId: month.classroomId, month: month.month }
        : { kind: 'charge' as const, chargeId: charge!.chargeId };
      const started = await ctx.api.send('POST', '/api/public/pay/start', {
        body: { key, suid: studentId, gateway: 'sslcommerz', items: [item] },
        headers: from(),
      });
      if (started.status !== 200) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
      const { tranId, redirectUrl, amountPaisa } = started.body as {
        tranId: string;
        redirectUrl: string;
        amountPaisa: number;
      };
      const { form } = await ssl.complete(new URL(redirectUrl).pathname.split('/').pop()!, 'VALID');
      const token = `Online payment ${tranId}`;
      ledger.sending(token, studentId, {
        retried: true,
        allocations: [
          {
            classroomId: item.kind === 'month' ? item.classroomId : null,
            month: item.kind === 'month' ? item.month : null,
            chargeId: item.kind === 'charge' ? item.chargeId : null,
            amountPaisa,
          },
        ],
      });
      // Sometimes the payer's browser comes back at the same moment as the IPN.
      const browser =
        ctx.random.next() < 0.25
          ? ctx.api
              .send('POST', '/api/public/pay/sslcommerz/success', { form, headers: from() })
              .catch(() => undefined)
          : undefined;
      const taken = await notify(ctx, token, form);
      await browser;
      if (!taken) {
        unanswered.set(token, form);
        return;
      }
      answeredForms.push(form);
      if (ctx.random.next() < 0.1) await notify(ctx, token, form);
    },
    async verify(db, stage) {
      const findings: Findings = await ledger.verify(db, stage);
      // Every attempt credited names its one payment (settle.ts: one guarded transition).
      const attempts = await db
        .selectFrom('online_payments as o')
        .leftJoin('payments as p', 'p.id', 'o.payment_id')
        .select(['o.tran_id', 'o.status', 'o.payment_id', 'p.note'])
        .where('o.account_id', '=', school.accountId)
        .execute();
      for (const a of attempts) {
        if (a.status === 'paid' && a.note !== `Online payment ${a.tran_id}`)
          findings.losses.push(`attempt ${a.tran_id}: paid, its payment ${a.payment_id ?? 'not named'}`);
        if (a.status !== 'paid' && a.payment_id !== null)
          findings.duplicates.push(`attempt ${a.tran_id}: ${a.status} with payment ${a.payment_id}`);
      }
      return findings;
    },
    figures: () => ledger.figures(),
  };
}
