import { describe, expect, it } from 'vitest';
import { startStandInGateway } from '../../drivers/sms/stand-in-gateway';
import { signUp, uniquePhone } from '../../test/factories';
import { standInDispatcher } from '../../test/stand-in-dispatcher';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// When the dispatcher asks again for messages the gateway put off (sms-dispatcher.ts
// retryDelayOf): a message turned away alone, while the gateway took the rest of its request,
// rides along with the next batches at the base delay a few times; a request turned away whole
// backs off doubling.

const BASE_MS = 1_000;

describe.each(DIALECTS)('SMS dispatch retries [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function run(failShare: number, rounds: number) {
    const t = await signUp(ctx.app, ctx.deps);
    const gateway = await startStandInGateway({ apiKey: 'k' });
    try {
      gateway.setFaults({ failShare, seed: 7 });
      const dispatcher = standInDispatcher(ctx.deps, gateway.urls.sslwireless, {
        retryBaseMs: BASE_MS,
        maxAttempts: 10,
        requestsPerSecond: 1_000,
      });
      const numbers = Array.from({ length: 12 }, () => uniquePhone()).join(' ');
      const { sendId } = (
        await t.client.post(`/api/accounts/${t.accountId}/sms/sends`, {
          text: 'Exam at 9',
          numbers,
          urgent: true,
        })
      ).json();
      ctx.deps.clock.set(Date.parse('2026-11-24T06:00:00Z'));
      // Each round sends what is due, then moves the clock to when the next retry falls due.
      const waits: number[][] = [];
      for (let round = 0; round < rounds; round++) {
        await dispatcher.dispatch(sendId);
        const queued = await ctx.deps.db.kysely
          .selectFrom('sms_messages')
          .select(['lease_until', 'attempts'])
          .where('send_id', '=', sendId)
          .where('status', '=', 'queued')
          .execute();
        const now = ctx.deps.clock.now();
        waits.push(queued.map((m) => Number(m.lease_until) - now));
        if (queued.length === 0) break;
        ctx.deps.clock.set(Math.max(...queued.map((m) => Number(m.lease_until))));
      }
      const sent = await ctx.deps.db.kysely
        .selectFrom('sms_messages')
        .select('id')
        .where('send_id', '=', sendId)
        .where('status', '=', 'sent')
        .execute();
      return { waits, sent: sent.length };
    } finally {
      ctx.deps.clock.release();
      await gateway.close();
    }
  }

  it('asks again at the base delay for messages put off while the rest went through', async () => {
    const { waits } = await run(0.3, 3);
    // Some were put off each round, and every one waits the base delay, not a doubling one.
    expect(waits[0]!.length).toBeGreaterThan(0);
    expect(waits[0]!.length).toBeLessThan(12);
    expect(new Set(waits.flat())).toEqual(new Set([BASE_MS]));
  });

  it('backs off doubling when the gateway turns the whole request away', async () => {
    const { waits, sent } = await run(1, 3);
    expect(sent).toBe(0);
    expect(waits.map((round) => new Set(round))).toEqual([
      new Set([BASE_MS]),
      new Set([BASE_MS * 2]),
      new Set([BASE_MS * 4]),
    ]);
  });
});
