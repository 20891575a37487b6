import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Soak } from '../soak/soak';
import { Api } from './api';
import { createPgDatabase, integrityCheck, openTarget } from './database';
import { writePaths } from './paths';
import { signUpTeacher } from './paths/sign-up';
import { Random, sleep } from './random';
import { ServerProcess, type Target } from './server';
import type { DrillContext, WritePath } from './write-path';

/**
 * `npm run drill`: crash drills. The real server runs as a child process while clients write
 * through its API; it is killed with SIGKILL at a random (seeded) moment, its database is checked
 * with the server down, it is started again, and so on. One JSON line per write path and database.
 *
 * DRILL_RUNS (100), DRILL_SEED (random, printed), DRILL_DB (sqlite,postgres; postgres needs
 * DRILL_DATABASE_URL or TEST_DATABASE_URL), DRILL_SQLITE_SYNCHRONOUS (FULL), DRILL_MAX_MINUTES,
 * DRILL_ONLY (write path names, and `soak`), DRILL_SOAK_SECONDS.
 *
 * On PostgreSQL a soak follows the kills (bench/src/soak): two API processes and a worker behind a
 * round-robin balancer under the realistic mix for DRILL_SOAK_SECONDS (180; 0 skips it), then
 * nothing lost or duplicated and every limit counted once across both processes.
 */
const runs = Number(process.env.DRILL_RUNS ?? 100);
/** Optional: start no new run after this many minutes per database (the figures say how many ran). */
const maxMinutes = Number(process.env.DRILL_MAX_MINUTES ?? 0);
const seed = Number(process.env.DRILL_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Optional: only these write paths (comma-separated names, e.g. `kiosk-punches`). */
const only = (process.env.DRILL_ONLY ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const soakSeconds = Number(process.env.DRILL_SOAK_SECONDS ?? 180);
/** `DRILL_ONLY=soak` runs the soak alone. */
const killDrills = only.length === 0 || only.some((name) => name !== 'soak');
const adminUrl = process.env.DRILL_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const dialects = (process.env.DRILL_DB ?? (adminUrl ? 'sqlite,postgres' : 'sqlite'))
  .split(',')
  .map((d) => d.trim()) as ('sqlite' | 'postgres')[];

interface PathTally {
  losses: Set<string>;
  duplicates: Set<string>;
}

function line(figure: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(figure)}\n`);
}

async function drill(dialect: 'sqlite' | 'postgres'): Promise<boolean> {
  const started = Date.now();
  const kills = new Random(seed);
  const data = new Random(seed ^ 0x5bd1e995);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-drill-'));
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  if (dialect === 'postgres') {
    if (!adminUrl) throw new Error('DRILL_DB=postgres needs DRILL_DATABASE_URL or TEST_DATABASE_URL');
    pgDb = await createPgDatabase(adminUrl, `batchwise_drill_${process.pid}_${Date.now()}`);
  }
  const target: Target = { dialect, dataDir, databaseUrl: pgDb?.url };
  const paths = writePaths().filter((p) => only.length === 0 || only.includes(p.name));
  const environment = Object.assign({}, ...(await Promise.all(paths.map((p) => p.environment?.()))));
  const server = new ServerProcess(target, environment);
  const api = new Api();
  let counter = 0;
  const ctx: DrillContext = {
    api,
    random: data,
    dialect,
    target,
    unique: () => ++counter,
    signUpTeacher: () => signUpTeacher(api, ++counter),
    openDatabase: () => openTarget(target),
  };
  const tally = new Map<WritePath, PathTally>(
    paths.map((p) => [p, { losses: new Set(), duplicates: new Set() }]),
  );
  const integrity: string[] = [];
  const clientErrors: string[] = [];
  let completed = 0;

  const verify = async (run: number | 'final') => {
    const db = openTarget(target);
    try {
      const check = await integrityCheck(db);
      if (check !== 'ok') integrity.push(`run ${run}: ${check}`);
      for (const p of paths) {
        const found = await p.verify(db.kysely, run === 'final' ? 'final' : 'kill');
        const t = tally.get(p)!;
        for (const loss of found.losses) {
          if (!t.losses.has(loss)) process.stderr.write(`drill ${dialect} run ${run}: LOSS ${loss}\n`);
          t.losses.add(loss);
        }
        for (const dup of found.duplicates) {
          if (!t.duplicates.has(dup)) process.stderr.write(`drill ${dialect} run ${run}: DUPLICATE ${dup}\n`);
          t.duplicates.add(dup);
        }
      }
    } finally {
      await db.close();
    }
  };

  try {
    api.url = await server.start();
    for (const p of paths) await p.setup?.(ctx);
    for (let run = 1; run <= runs; run++) {
      if (maxMinutes && Date.now() - started > maxMinutes * 60_000) break;
      if (run > 1) api.url = await server.start();
      for (const p of paths) await p.prepare?.(ctx);
      let stopped = false;
      const loops = paths.flatMap((p) =>
        Array.from({ length: p.clients }, async (_, client) => {
          while (!stopped) {
            await p.write?.(ctx, client).catch((error: unknown) => {
              if (!stopped && clientErrors.length < 20) clientErrors.push(`${p.name}: ${String(error)}`);
            });
            await sleep(data.int(0, 15));
          }
        }),
      );
      // The kill lands at a random moment after each path's first acknowledged write of the run (a
      // busy machine may take seconds to answer the first request, and a payment through the
      // gateway takes several), so each path has writes to lose in each run.
      const writers = paths.filter((p) => p.clients > 0);
      const before = writers.map((p) => p.figures().acknowledged);
      const waiting = () => writers.some((p, i) => p.figures().acknowledged === before[i]);
      for (let waited = 0; waiting() && waited < 30_000; waited += 20) await sleep(20);
      await sleep(kills.int(0, 2500));
      const dead = server.kill();
      stopped = true;
      await dead;
      await Promise.all(loops);
      await verify(run);
      completed = run;
      const acked = acknowledged(paths);
      const bad = [...tally.values()].reduce((sum, t) => sum + t.losses.size + t.duplicates.size, 0);
      process.stderr.write(
        `drill ${dialect} run ${run}/${runs}: ${acked} acknowledged, ${bad} losses or duplicates\n`,
      );
    }
    // A last start drains the queue: every SMS job the kills interrupted must be sent, once; and
    // what the last kill left unanswered is sent again (a kiosk's queue, a gateway's IPN).
    api.url = await server.start();
    for (const p of paths) await p.prepare?.(ctx);
    await drainSmsJobs(target);
    await server.kill('SIGTERM');
    await verify('final');
  } catch (error) {
    process.stderr.write(
      `drill ${dialect} (seed ${seed}) stopped: ${String(error)}\n${server.lastLines()}\n`,
    );
    integrity.push(`stopped: ${String(error)}`);
  } finally {
    await server.kill();
    await Promise.all(paths.map((p) => p.close?.()));
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  for (const error of clientErrors) process.stderr.write(`drill ${dialect} client error: ${error}\n`);
  let clean = integrity.length === 0 && completed > 0;
  for (const p of paths) {
    const t = tally.get(p)!;
    const figures = p.figures();
    clean &&= t.losses.size === 0 && t.duplicates.size === 0;
    line({
      drill: p.name,
      db: dialect,
      runs: completed,
      kills: completed,
      acknowledged: figures.acknowledged,
      inFlightAtKill: figures.inFlightAtKill,
      ...(figures.sentAgain === undefined ? {} : { sentAgain: figures.sentAgain }),
      losses: t.losses.size,
      duplicates: t.duplicates.size,
    });
  }
  for (const failure of integrity) process.stderr.write(`drill ${dialect}: ${failure}\n`);
  line({
    drill: 'all',
    db: dialect,
    ...(dialect === 'sqlite' ? { synchronous: process.env.DRILL_SQLITE_SYNCHRONOUS ?? 'FULL' } : {}),
    runs: completed,
    kills: completed,
    integrity: integrity.length === 0 ? 'ok' : `${integrity.length} failures`,
    clean,
    seed,
    seconds: Math.round((Date.now() - started) / 1000),
  });
  return clean;
}

const acknowledged = (paths: WritePath[]) => paths.reduce((sum, p) => sum + p.figures().acknowledged, 0);

/** Waits until no `sms.send` job is queued or running (the last start's worker sends them). */
async function drainSmsJobs(target: Target): Promise<void> {
  const db = openTarget(target);
  try {
    for (let i = 0; i < 300; i++) {
      const open = await db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', 'sms.send')
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (!open) return;
      await sleep(200);
    }
  } finally {
    await db.close();
  }
}

/** The two-process soak on PostgreSQL: one JSON line per path and limit, and one for the whole. */
async function soak(): Promise<boolean> {
  const run = new Soak({
    adminUrl: adminUrl!,
    seconds: soakSeconds,
    seed,
    progress: (text) => process.stderr.write(`${text}\n`),
  });
  try {
    const report = await run.run();
    for (const figure of report.figures) line(figure);
    for (const problem of report.problems) process.stderr.write(`soak: ${problem}\n`);
    return report.clean;
  } catch (error) {
    process.stderr.write(`soak (seed ${seed}) stopped: ${String(error)}\n${run.lastLines()}\n`);
    line({ soak: 'all', db: 'postgres', clean: false, seed });
    return false;
  } finally {
    await run.stop();
  }
}

const soaks =
  adminUrl &&
  dialects.includes('postgres') &&
  soakSeconds > 0 &&
  (only.length === 0 || only.includes('soak'));
const kills = killDrills ? `${runs} runs on ${dialects.join(', ')}` : 'no kills';
process.stderr.write(
  `drill: seed ${seed} (DRILL_SEED=${seed} repeats the kill moments), ${kills}${soaks ? `, then a ${soakSeconds} s soak on postgres` : ''}\n`,
);
let allClean = true;
if (killDrills) for (const dialect of dialects) allClean = (await drill(dialect)) && allClean;
if (soaks) allClean = (await soak()) && allClean;
process.exit(allClean ? 0 : 1);
