import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sslCsmsId } from '../../drivers/sms/ssl-wireless';
import { type StandInGateway, startStandInGateway } from '../../drivers/sms/stand-in-gateway';
import { signUp } from '../../test/factories';
import { smsQuotaOf } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

const WORKER = fileURLToPath(new URL('../../test/worker-process.ts', import.meta.url));
const API_KEY = 'crash-test-token';
const RECIPIENTS = 600;

/** Resolves once `check` holds, polling; fails the test after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The SMS capability's "Dispatch, exactly once": workers in processes of their own send a 600-message send
 * through the SSL Wireless protocol to the loopback stand-in. One is killed (SIGKILL) while a
 * request it made was taken by the gateway but never answered; others take over once its
 * claims run out, through 5 % passing gateway failures. Every message must reach the gateway
 * exactly once, end `sent`, and the quota must be debited exactly once with nothing refunded.
 */
describe.each(DIALECTS)('SMS dispatch survives a killed worker [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  let gateway: StandInGateway;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    gateway = await startStandInGateway({ apiKey: API_KEY });
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await gateway.close();
  });

  async function startWorker(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: {
        ...process.env,
        ...ctx.database.env,
        TEST_SCHEMA: ctx.database.schema ?? '',
        SMS_DRIVER: 'sslwireless',
        SMS_API_URL: gateway.urls.sslwireless,
        SMS_API_KEY: API_KEY,
        SMS_SENDER_ID: '8809617000000',
        JOB_POLL_MS: '50',
        JOB_LEASE_MS: '1500',
        JOB_BACKOFF_MS: '50',
        JOB_MAX_ATTEMPTS: '20',
        SMS_LEASE_MS: '1500',
        SMS_REQUESTS_PER_SECOND: '100',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    workers.push(child);
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    expect(line.toString()).toContain('ready');
    return child;
  }

  it('sends every message exactly once and debits the quota once', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const before = await smsQuotaOf(ctx.deps, t.accountId);
    const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({
      phone: `+88017${String(10_000_000 + i).padStart(8, '0')}`,
      source: 'typed' as const,
      studentId: null,
    }));
    // Slow answers, so the worker is killed with a request in flight.
    gateway.setFaults({ delayMs: 150 });
    const { sendId, parts } = await ctx.deps.smsSends.queue({
      accountId: t.accountId,
      userId: t.userId,
      text: 'আগামীকাল ক্লাস বন্ধ থাকবে।',
      recipients,
      urgent: true,
    });
    expect(parts).toBe(RECIPIENTS);

    const first = await startWorker();
    await until(() => gateway.accepted().length >= 100);
    // The gateway now takes messages and never answers: the worker waits on a request whose
    // messages were sent, and dies there.
    gateway.setFaults({ timeout: 'accept' });
    await until(() => gateway.accepted().length >= 200);
    first.kill('SIGKILL');
    await once(first, 'exit');

    gateway.setFaults({ failShare: 0.05, seed: 7, delayMs: 10 });
    // On PostgreSQL two workers share the rest (SQLite has one writer; one worker takes over).
    await startWorker();
    if (dialect === 'postgres') await startWorker();

    const statuses = async () =>
      ctx.deps.db.kysely
        .selectFrom('sms_messages')
        .select(['id', 'status', 'attempts'])
        .where('send_id', '=', sendId)
        .execute();
    await until(async () => (await statuses()).every((m) => m.status === 'sent'), 90_000);

    const messages = await statuses();
    expect(messages).toHaveLength(RECIPIENTS);
    const taken = new Map<string, number>();
    for (const m of gateway.accepted()) taken.set(m.key!, (taken.get(m.key!) ?? 0) + 1);
    // Exactly the send's messages, each once: no duplicate, none lost.
    expect(taken.size).toBe(RECIPIENTS);
    expect(messages.every((m) => taken.get(sslCsmsId(m.id)) === 1)).toBe(true);
    expect(gateway.accepted()).toHaveLength(RECIPIENTS);
    // The batch the gateway took without answering was sent again after the crash (and dropped
    // there as a repeat), and the failures were retried: the paths under test really ran.
    expect(messages.filter((m) => m.attempts >= 2).length).toBeGreaterThanOrEqual(100);

    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(before - RECIPIENTS);
    const ledger = await ctx.deps.db.kysely
      .selectFrom('sms_ledger')
      .select(['delta', 'reason'])
      .where('send_id', '=', sendId)
      .execute();
    expect(ledger).toEqual([{ delta: -RECIPIENTS, reason: 'send' }]);
    const sendStatus = async () =>
      (
        await ctx.deps.db.kysely
          .selectFrom('sms_sends')
          .select('status')
          .where('id', '=', sendId)
          .executeTakeFirstOrThrow()
      ).status;
    await until(async () => (await sendStatus()) === 'done');
  }, 150_000);
});
