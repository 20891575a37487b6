import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { type Db, openDatabase } from '../../apps/server/src/db/database';

export interface Figure {
  figure: string;
  value: number;
  unit: string;
  goal?: string;
  met?: boolean;
}

/** One JSON line per figure, the bench's whole output contract. */
export function report(figure: Figure): void {
  process.stdout.write(`${JSON.stringify(figure)}\n`);
}

/** With `BENCH_PROFILE=dir`, the arguments that make a server write its V8 CPU profile there. */
export function profileArgs(): string[] {
  const dir = process.env.BENCH_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

/**
 * The production server (apps/server/src/server.ts) in a process of its own on a free loopback
 * port, on SQLite in `dataDir` or on `DATABASE_URL` when `env` names one; `url` is its address.
 */
export async function startServer(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const root = path.resolve(import.meta.dirname, '../..');
  const server = await startProcess(
    process.execPath,
    ['--import', 'tsx', ...profileArgs(), path.join(root, 'apps/server/src/server.ts')],
    {
      NODE_ENV: 'production',
      // Required in production; the bench reaches the server by its own address anyway.
      PUBLIC_URL: 'http://127.0.0.1',
      // Loopback without TLS: plain http allowed for this private address.
      ALLOW_HTTP_PUBLIC_URL: 'true',
      // Sign-ups finish with the link they mail (signUpBenchTeacher reads it from here).
      DEV_OUTBOX: 'true',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    /running on http:\/\/localhost:(\d+)/,
  );
  return { ...server, url: `http://127.0.0.1:${server.match[1]}` };
}

export function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    // Generous: tsx compiles the server as it starts, which takes minutes on a shared busy machine.
    const timer = setTimeout(() => reject(new Error(`process did not start: ${out}`)), 180_000);
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    });
    child.once('exit', (code) => reject(new Error(`process exited with ${code}: ${out}`)));
  });
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export async function load(
  url: string,
  options: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string>;
    next?: () => NextRequest;
  } = {},
): Promise<LoadResult> {
  const { next } = options;
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 8,
    headers: options.headers,
    // Each request made anew (autocannon repeats one request otherwise).
    requests: next ? [{ setupRequest: (request) => ({ ...request, ...next() }) }] : undefined,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** One request of a varied load: what differs from the target's URL and headers. */
export interface NextRequest {
  method?: 'GET' | 'PUT' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
  /** Varied traffic: called for every request (random teachers, pages, searches, saves). */
  next?: () => NextRequest;
  connections?: number;
}

export interface Comparison {
  /** Medians over the rounds. */
  target: LoadResult;
  hello: LoadResult;
  /** The median of each round's target/hello ratio (three decimals: a goal of 0.05 is not met by 0.046). */
  ratio: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Loads a target and the bare hello route in turn, round after round, after warming both up. Each
 * round's ratio compares two runs seconds apart, so a burst of other work on the machine (which
 * moves both alike) moves the ratio less than either figure; the median round is reported.
 */
export async function compareWithHello(
  target: LoadTarget,
  helloUrl: string,
  options: { rounds?: number; seconds?: number; warmUpSeconds?: number } = {},
): Promise<Comparison> {
  const { rounds = 5, seconds = 4, warmUpSeconds = 5 } = options;
  const run = async ({ url, ...options }: LoadTarget, duration: number) => {
    const result = await load(url, { ...options, seconds: duration });
    if (result.errors || result.non2xx) {
      throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
    }
    return result;
  };
  const bare = { url: helloUrl, connections: target.connections };
  await run(target, warmUpSeconds);
  await run(bare, warmUpSeconds);
  const targets: LoadResult[] = [];
  const hellos: LoadResult[] = [];
  for (let round = 0; round < rounds; round++) {
    targets.push(await run(target, seconds));
    hellos.push(await run(bare, seconds));
  }
  const summary = (results: LoadResult[]): LoadResult => ({
    requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
    p50Ms: median(results.map((r) => r.p50Ms)),
    p99Ms: median(results.map((r) => r.p99Ms)),
    errors: 0,
    non2xx: 0,
  });
  const ratios = targets.map((t, i) => t.requestsPerSecond / hellos[i]!.requestsPerSecond);
  return {
    target: summary(targets),
    hello: summary(hellos),
    ratio: Math.round(median(ratios) * 1000) / 1000,
  };
}

/** Resident memory of a process in MiB, from /proc. */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Works straight in the bench server's SQLite file (seeding, reading outcomes), then closes it. */
export async function inServerDatabase<T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase({
    kind: 'sqlite',
    file: path.join(dataDir, 'batchwise.db'),
    synchronous: 'NORMAL',
  });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

export interface BenchSignUp {
  name: string;
  email: string;
  phone: string;
  /** The sign-up's own client address, through the server's trusted loopback proxy. */
  forwardedFor?: string;
}

/**
 * The token of the sign-up link mailed to an address, from the development outbox (startServer
 * turns it on); the server's job worker sends the mail, so it must run (RUN_WORKER).
 */
export async function mailedSignUpToken(appUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${appUrl}/api/dev/outbox?kind=mail&limit=200`);
    if (!res.ok) throw new Error(`the outbox answered ${res.status}: ${await res.text()}`);
    const { items } = (await res.json()) as { items: { to: string; body: string }[] };
    for (const item of items) {
      const token = /\/signup\?token=([\w-]+)/.exec(item.body)?.[1];
      if (item.to === email.toLowerCase() && token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-up link was mailed to ${email} (is the job worker running?)`);
}

/**
 * A teacher signed up through the API as a new user would (the form, then the mailed link), with
 * the session cookie and account.
 */
export async function signUpBenchTeacher(
  appUrl: string,
  who: BenchSignUp,
): Promise<{ cookie: string; accountId: string }> {
  const headers = {
    'content-type': 'application/json',
    'x-batchwise-csrf': '1',
    ...(who.forwardedFor ? { 'x-forwarded-for': who.forwardedFor } : {}),
  };
  const asked = await fetch(`${appUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      accountType: 'Teacher',
      name: who.name,
      email: who.email,
      password: 'a long bench passphrase',
      phone: who.phone,
      institution: 'Bench Coaching Centre',
    }),
  });
  if (asked.status !== 200) throw new Error(`sign-up of ${who.email}: ${asked.status} ${await asked.text()}`);
  const res = await fetch(`${appUrl}/api/auth/sign-up/confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token: await mailedSignUpToken(appUrl, who.email) }),
  });
  if (res.status !== 200) throw new Error(`sign-up link of ${who.email}: ${res.status} ${await res.text()}`);
  const cookie = `bw_session=${/bw_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]}`;
  const session = (await (await fetch(`${appUrl}/api/session`, { headers: { cookie } })).json()) as {
    activeAccountId: string;
  };
  return { cookie, accountId: session.activeAccountId };
}
