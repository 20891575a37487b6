import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Api, type Reply } from '../drill/api';
import { createPgDatabase, openTarget } from '../drill/database';
import { authLinkSmsPath } from '../drill/paths/auth-link-sms';
import { counterCollectPath } from '../drill/paths/counter-collect';
import { kioskPunchesPath } from '../drill/paths/kiosk-punches';
import { signUpTeacher } from '../drill/paths/sign-up';
import { smsDispatchPath } from '../drill/paths/sms-dispatch';
import { studentCreatePath } from '../drill/paths/student-create';
import { studentSavePath } from '../drill/paths/student-save';
import { Random, sleep } from '../drill/random';
import { ServerProcess, type Target } from '../drill/server';
import type { DrillContext, WritePath } from '../drill/write-path';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy';
import { checkSharedLimits } from './shared-limits';
import { signedInReadsPath } from './signed-in-reads';

/**
 * The scale-out configuration under a realistic mix (README, "Several API processes behind a load
 * balancer"): two API processes (RUN_WORKER=false) and one job worker (`npm run worker`) on one
 * PostgreSQL database, behind a round-robin balancer. Clients sign up, read their pages, add and
 * save students, take counter payments, send sign-in links by SMS and punch at kiosks, each request
 * landing on either process. Then, after the worker has drained the queue: every acknowledged
 * write stored once (the crash drills' own checks, with no kill), every SMS job sent exactly once,
 * and limits counted once across both processes.
 */
export interface SoakOptions {
  /** A PostgreSQL URL whose user may create databases: the soak works in a database of its own. */
  adminUrl: string;
  /** How long the mix runs. */
  seconds: number;
  seed: number;
  /** Progress lines, for a long soak. */
  progress?: (line: string) => void;
}

export interface SoakReport {
  /** Nothing lost or duplicated, no failed request, every limit held. */
  clean: boolean;
  /** One JSON-ready line per path and limit, and a last line for the whole soak. */
  figures: Record<string, unknown>[];
  /** What went wrong, one line each. */
  problems: string[];
}

/** A mix round: paths' `prepare` runs between rounds (a spent SMS quota gets a fresh teacher). */
const ROUND_SECONDS = 10;

function soakPaths(): WritePath[] {
  return [
    signedInReadsPath(),
    studentCreatePath(),
    studentSavePath(),
    counterCollectPath(),
    authLinkSmsPath(),
    smsDispatchPath(),
    kioskPunchesPath(),
  ];
}

/** The drill's client, counting every answer: with no kill, none may fail, be a 5xx or a 429. */
class CountingApi extends Api {
  answers = 0;
  readonly unexpected: string[] = [];

  override async send(...args: Parameters<Api['send']>): Promise<Reply> {
    const [method, where] = args;
    try {
      const reply = await super.send(...args);
      this.answers++;
      if (reply.status >= 500 || reply.status === 429)
        this.unexpected.push(`${method} ${where.split('?')[0]}: ${reply.status}`);
      return reply;
    } catch (error) {
      this.unexpected.push(`${method} ${where.split('?')[0]}: ${String(error)}`);
      throw error;
    }
  }
}

/** The soak's processes and balancer; `stop` ends every process it started, by its id, at any point. */
export class Soak {
  private apis: ServerProcess[] = [];
  private worker: ServerProcess | undefined;
  private readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-soak-'));
  private database: { drop(): Promise<void> } | undefined;
  private proxy: RoundRobinProxy | undefined;
  /** Should this process end without `stop` (a test runner's timeout), its children end with it. */
  private readonly onExit = () => {
    for (const p of this.processes()) {
      try {
        if (p.pid) process.kill(p.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  };

  constructor(private readonly options: SoakOptions) {
    process.once('exit', this.onExit);
  }

  private processes(): ServerProcess[] {
    return [...this.apis, ...(this.worker ? [this.worker] : [])];
  }

  async run(): Promise<SoakReport> {
    const { adminUrl, seconds, seed, progress = () => {} } = this.options;
    const started = Date.now();
    const pg = await createPgDatabase(adminUrl, `batchwise_soak_${process.pid}_${Date.now()}`);
    this.database = pg;
    const target: Target = { dialect: 'postgres', dataDir: this.dataDir, databaseUrl: pg.url };
    this.apis = [0, 1].map(() => new ServerProcess(target, { RUN_WORKER: 'false' }));
    const worker = new ServerProcess(target, {}, 'worker');
    this.worker = worker;

    // The first API process migrates the empty database; the second and the worker find it ready.
    const first = await this.apis[0]!.start();
    const [second] = await Promise.all([this.apis[1]!.start(), worker.start()]);
    this.proxy = await startRoundRobinProxy([first, second!]);
    progress(
      `soak: 2 API processes (${this.apis.map((p) => p.pid).join(', ')}) and a worker (${worker.pid}) behind ${this.proxy.url}`,
    );

    const api = new CountingApi();
    api.url = this.proxy.url;
    let counter = 0;
    const ctx: DrillContext = {
      api,
      random: new Random(seed),
      dialect: 'postgres',
      target,
      unique: () => ++counter,
      signUpTeacher: () => signUpTeacher(api, ++counter),
      openDatabase: () => openTarget(target),
    };
    const paths = soakPaths();
    const clientErrors: string[] = [];
    // Each path sets up its own teacher: side by side, as several centres start their day.
    await Promise.all(paths.map((p) => p.setup?.(ctx)));
    progress(`soak: set up in ${Math.round((Date.now() - started) / 1000)} s; the mix runs ${seconds} s`);

    const mixStarted = Date.now();
    const answersBefore = api.answers;
    while (Date.now() - mixStarted < seconds * 1000) {
      for (const p of paths) await p.prepare?.(ctx);
      const roundEnds =
        Date.now() + Math.min(ROUND_SECONDS * 1000, seconds * 1000 - (Date.now() - mixStarted));
      await Promise.all(
        paths.flatMap((p) =>
          Array.from({ length: p.clients }, async (_, client) => {
            while (Date.now() < roundEnds) {
              await p.write?.(ctx, client).catch((error: unknown) => {
                if (clientErrors.length < 20) clientErrors.push(`${p.name}: ${String(error)}`);
              });
              await sleep(ctx.random.int(0, 15));
            }
          }),
        ),
      );
      progress(
        `soak: ${Math.round((Date.now() - mixStarted) / 1000)} s, ${api.answers - answersBefore} answers`,
      );
    }
    const mixSeconds = (Date.now() - mixStarted) / 1000;
    const mixAnswers = api.answers - answersBefore;
    const unexpected = [...api.unexpected];

    const limits = await checkSharedLimits(api, seed);
    progress('soak: limits sent; waiting for the worker to drain the queue');
    const stuck = await drainJobs(target);

    const problems = [...clientErrors, ...unexpected.slice(0, 20), ...stuck];
    const figures: Record<string, unknown>[] = [];
    const db = openTarget(target);
    try {
      for (const p of paths) {
        const found = await p.verify(db.kysely, 'final');
        const { acknowledged, inFlightAtKill } = p.figures();
        for (const loss of found.losses) problems.push(`${p.name}: LOSS ${loss}`);
        for (const dup of found.duplicates) problems.push(`${p.name}: DUPLICATE ${dup}`);
        // With no kill, every request was answered: an unanswered write is a failure too.
        if (inFlightAtKill > 0) problems.push(`${p.name}: ${inFlightAtKill} writes never answered`);
        figures.push({
          soak: p.name,
          db: 'postgres',
          acknowledged,
          losses: found.losses.length,
          duplicates: found.duplicates.length,
        });
      }
    } finally {
      await db.close();
    }
    for (const limit of limits) {
      figures.push({ soak: 'shared-limit', ...limit });
      if (!limit.held)
        problems.push(`limit ${limit.limit}: ${limit.allowed} allowed of ${limit.sent}, max ${limit.max}`);
    }
    const clean = problems.length === 0;
    figures.push({
      soak: 'all',
      db: 'postgres',
      processes: '2 api + 1 worker',
      mixSeconds: Math.round(mixSeconds),
      requests: mixAnswers,
      requestsPerSecond: Math.round(mixAnswers / mixSeconds),
      perApiProcess: this.proxy.counts,
      failedRequests: unexpected.length,
      clientErrors: clientErrors.length,
      clean,
      seed,
      seconds: Math.round((Date.now() - started) / 1000),
    });
    return { clean, figures, problems };
  }

  /** Ends every process the soak started (by its id), the balancer, the database and the files. */
  async stop(): Promise<void> {
    await Promise.all(this.processes().map((p) => p.kill()));
    process.off('exit', this.onExit);
    await this.proxy?.close();
    await this.database?.drop();
    this.database = undefined;
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** The processes' last lines, for a report of what went wrong. */
  lastLines(): string {
    return this.processes()
      .map((p) => `--- ${p.role} ${p.pid ?? '(stopped)'}\n${p.lastLines()}`)
      .join('\n');
  }
}

/**
 * Waits until the worker has run every job that is due (SMS sends, punch alerts, mail); then no
 * job may have died. Returns what is wrong.
 */
async function drainJobs(target: Target): Promise<string[]> {
  const db = openTarget(target);
  try {
    for (let waited = 0; waited < 120_000; waited += 200) {
      const open = await db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .where('run_at', '<=', Date.now())
        .executeTakeFirst();
      if (!open) break;
      await sleep(200);
    }
    const left = await db.kysely
      .selectFrom('jobs')
      .select(['id', 'type', 'status', 'last_error'])
      .where((eb) =>
        eb.or([
          eb('status', '=', 'dead'),
          eb.and([eb('status', 'in', ['queued', 'running']), eb('run_at', '<=', Date.now())]),
        ]),
      )
      .execute();
    return left.map((j) => `job ${j.type} ${j.id}: ${j.status}${j.last_error ? ` (${j.last_error})` : ''}`);
  } finally {
    await db.close();
  }
}
