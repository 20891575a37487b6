import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSslWirelessGateway } from '../../drivers/sms/ssl-wireless';
import { startStandInGateway } from '../../drivers/sms/stand-in-gateway';
import { DIALECTS, freshDatabase, type TestDatabase, type TestDeps, testDeps } from '../../test/test-deps';
import { jobHandlers } from './handlers';
import { JobsRepository } from './jobs.repository';
import { longJob, retryDelay, Worker } from './worker';

describe('retryDelay', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [10, 512_000],
    [30, 3_600_000],
  ])('attempt %i waits %i ms', (attempt, expected) => {
    expect(retryDelay(attempt, 1000)).toBe(expected);
  });
});

describe.each(DIALECTS)('jobs [%s]', (dialect) => {
  let database: TestDatabase;
  let deps: TestDeps;
  let now = 1_700_000_000_000;

  beforeAll(async () => {
    database = await freshDatabase(dialect, { JOB_BACKOFF_MS: '1000', JOB_MAX_ATTEMPTS: '3' });
    deps = await testDeps(database);
    // A clock the test moves by hand, so backoff and scheduling are exact.
    deps.clock.now = () => now;
  });
  afterAll(async () => {
    await deps.close();
    await database.drop();
  });

  const jobRow = (id: string) =>
    deps.db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('never enqueues the same idempotency key twice', async () => {
    const first = await deps.jobs.enqueue(
      'sms.send',
      { to: '+8801712345678', text: 'a' },
      { idempotencyKey: 'k-1' },
    );
    const second = await deps.jobs.enqueue(
      'sms.send',
      { to: '+8801712345678', text: 'b' },
      { idempotencyKey: 'k-1' },
    );
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    const rows = await deps.db.kysely
      .selectFrom('jobs')
      .select('payload')
      .where('idempotency_key', '=', 'k-1')
      .execute();
    expect(rows.map((r) => JSON.parse(r.payload).text)).toEqual(['a']);
  });

  it('runs mail and SMS jobs through the drivers into the outbox', async () => {
    await deps.jobs.enqueue('mail.send', { to: 'head@school.bd', subject: 'Hello', text: 'Body' });
    await deps.createWorker().drain();
    const mail = await deps.outbox.listNewest('mail', 10);
    expect(mail.map((m) => [m.to, m.subject, m.body])).toContainEqual(['head@school.bd', 'Hello', 'Body']);
    const sms = await deps.outbox.listNewest('sms', 10);
    expect(sms.map((m) => m.to)).toContain('+8801712345678');
  });

  it.each([
    ['sms', 'sms.send', { to: '+8801712000099', text: 'sent once' }],
    ['mail', 'mail.send', { to: 'once@school.bd', subject: 'Reset', text: 'sent once' }],
  ] as const)(
    'sends an %s once when its worker died after sending, before recording completion',
    async (kind, type, payload) => {
      await deps.createWorker().drain();
      const { id } = await deps.jobs.enqueue(type, payload);
      // A worker claims the job and sends the message, then dies before it marks the job done.
      const job = await new JobsRepository(deps.db.kysely, deps.db.dialect).claimNext(
        'dead-worker',
        now,
        1000,
      );
      expect(job?.id).toBe(id);
      await jobHandlers({
        mail: deps.mail,
        sms: deps.sms,
        smsDispatcher: deps.smsDispatcher,
        signupWebhookUrl: undefined,
      })[type]!(JSON.parse(job!.payload), job!);
      // Its lease runs out; another worker takes the job up again and finishes it.
      now += 2000;
      await deps.createWorker().drain();
      expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
      const kept = (await deps.outbox.listNewest(kind, 200)).filter((m) => m.to === payload.to);
      expect(kept.map((m) => m.body)).toEqual(['sent once']);
    },
  );

  it('waits for run-at before running a scheduled job', async () => {
    const runs: number[] = [];
    const worker = deps.createWorker({ 'test.record': async () => void runs.push(now) });
    const { id } = await deps.jobs.enqueue('test.record', {}, { runAt: now + 60_000 });
    expect(await worker.drain()).toBe(0);
    now += 60_000;
    expect(await worker.drain()).toBe(1);
    expect(runs).toHaveLength(1);
    expect((await jobRow(id)).status).toBe('done');
  });

  it('retries with exponential backoff and marks the job dead after the last attempt', async () => {
    let calls = 0;
    const worker = deps.createWorker({
      'test.fail': async () => {
        calls++;
        throw new Error(`provider down (${calls})`);
      },
    });
    const { id } = await deps.jobs.enqueue('test.fail', {});
    expect(await worker.drain()).toBe(1);
    let job = await jobRow(id);
    expect(job).toMatchObject({
      status: 'queued',
      attempts: 1,
      run_at: now + 1000,
      last_error: 'provider down (1)',
    });

    now += 999;
    expect(await worker.drain()).toBe(0);
    now += 1;
    expect(await worker.drain()).toBe(1);
    job = await jobRow(id);
    expect(job).toMatchObject({ status: 'queued', attempts: 2, run_at: now + 2000 });

    now += 2000;
    expect(await worker.drain()).toBe(1);
    job = await jobRow(id);
    expect(job).toMatchObject({ status: 'dead', attempts: 3, last_error: 'provider down (3)' });
    now += 1_000_000;
    expect(await worker.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it('lets two workers share the queue without running any job twice', async () => {
    const seen: string[] = [];
    const handlers = { 'test.count': async (p: unknown) => void seen.push((p as { n: string }).n) };
    const jobs = Array.from({ length: 30 }, (_, i) => String(i));
    for (const n of jobs) await deps.jobs.enqueue('test.count', { n });
    const [w1, w2] = [deps.createWorker(handlers), deps.createWorker(handlers)];
    const [c1, c2] = await Promise.all([w1.drain(), w2.drain()]);
    expect(c1 + c2).toBe(30);
    expect([...seen].sort()).toEqual([...jobs].sort());
  });

  it('runs a job again, exactly once, after its worker process is killed mid-job', async () => {
    const fixture = path.join(import.meta.dirname, 'fixtures/crash-worker.ts');
    const env = {
      ...process.env,
      ...database.env,
      TEST_SCHEMA: database.schema ?? '',
      JOB_LEASE_MS: '400',
      JOB_POLL_MS: '100',
    };
    const start = (slowMs: number) =>
      spawn(process.execPath, ['--import', 'tsx', fixture], { env: { ...env, SLOW_MS: String(slowMs) } });
    const waitFor = (child: ChildProcess, line: string) =>
      new Promise<void>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no "${line}" from worker: ${out}`)), 20_000);
        child.stdout?.on('data', (chunk) => {
          out += chunk;
          if (out.includes(line)) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

    const realNow = Date.now();
    deps.clock.now = () => Date.now();
    const { id } = await deps.jobs.enqueue('test.slow-mail', {
      to: 'crash@school.bd',
      subject: 'Once',
      text: 'x',
    });

    const first = start(30_000);
    await waitFor(first, 'job-started');
    first.kill('SIGKILL');
    await exited(first);
    expect((await jobRow(id)).status).toBe('running');
    expect((await deps.outbox.listNewest('mail', 50)).filter((m) => m.to === 'crash@school.bd')).toHaveLength(
      0,
    );

    const second = start(0);
    await waitFor(second, 'job-finished');
    // Give the worker a moment to record completion, and a chance to (wrongly) run it again.
    await new Promise((r) => setTimeout(r, 800));
    second.kill('SIGTERM');
    await exited(second);

    const job = await jobRow(id);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect((await deps.outbox.listNewest('mail', 50)).filter((m) => m.to === 'crash@school.bd')).toHaveLength(
      1,
    );
    expect(job.finished_at).toBeGreaterThanOrEqual(realNow);
  });

  it('runs quick jobs beside a long one, not behind it', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun = () => {};
    const started = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const ran: string[] = [];
    const worker = deps.createWorker({
      'test.long': longJob(async () => {
        begun();
        await gate;
        ran.push('long');
      }),
      'test.quick': async () => void ran.push('quick'),
    });
    const long = await deps.jobs.enqueue('test.long', {});
    worker.start();
    try {
      await started;
      // A sign-in code while a video transcodes: it goes out now, not when the transcode ends.
      const quick = await deps.jobs.enqueue('test.quick', {});
      await vi.waitFor(async () => expect((await jobRow(quick.id)).status).toBe('done'), { timeout: 10_000 });
      expect(ran).toEqual(['quick']);
      expect((await jobRow(long.id)).status).toBe('running');
    } finally {
      release();
      await worker.stop();
    }
    expect(ran).toEqual(['quick', 'long']);
    expect((await jobRow(long.id)).status).toBe('done');
  });

  it('ends an SMS job the gateway refuses for good at once, and retries one it could not take', async () => {
    const gateway = await startStandInGateway({ apiKey: 'k' });
    try {
      const handlers = jobHandlers({
        mail: deps.mail,
        sms: createSslWirelessGateway({ url: gateway.urls.sslwireless, apiKey: 'k', senderId: '880' }),
        smsDispatcher: deps.smsDispatcher,
        signupWebhookUrl: undefined,
      });
      const worker = new Worker(new JobsRepository(deps.db.kysely, deps.db.dialect), handlers, deps.clock, {
        pollMs: 50,
        leaseMs: 60_000,
        backoffMs: 1000,
        log: { info() {}, error() {} },
      });
      gateway.setFaults({ failShare: 1, failAs: 'refused' });
      const refused = await deps.jobs.enqueue('sms.send', { to: '+8801712345678', text: 'refused' });
      expect(await worker.drain()).toBe(1);
      expect(await jobRow(refused.id)).toMatchObject({ status: 'dead', attempts: 1 });

      gateway.setFaults({ failShare: 1, failAs: 'retry' });
      const later = await deps.jobs.enqueue('sms.send', { to: '+8801712345679', text: 'later' });
      expect(await worker.drain()).toBe(1);
      expect(await jobRow(later.id)).toMatchObject({ status: 'queued', attempts: 1 });
    } finally {
      await gateway.close();
    }
  });
});
