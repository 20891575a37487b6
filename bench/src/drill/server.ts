import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** SMS each drill teacher starts with (SMS_SIGNUP_GRANT). */
export const DRILL_SMS_GRANT = 1000;

const root = path.resolve(import.meta.dirname, '../../..');

export interface Target {
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  /** PostgreSQL only: the drill's own database. */
  databaseUrl?: string;
}

/**
 * What runs: `server` is `npm start`'s entry (API, and the job worker with RUN_WORKER), `worker`
 * is `npm run worker`'s (the job worker alone, beside API processes run with RUN_WORKER=false).
 */
export type ProcessRole = 'server' | 'worker';

const ENTRY: Record<ProcessRole, string> = {
  server: 'apps/server/src/server.ts',
  worker: 'apps/server/src/cli/worker.ts',
};

/** The real server as a child process, started on a free port and killed without warning. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private tail: string[] = [];

  constructor(
    private readonly target: Target,
    /** Settings the write paths add (write-path.ts `environment`). */
    private readonly extraEnv: Record<string, string> = {},
    readonly role: ProcessRole = 'server',
  ) {}

  /** The running process's id (to name it in a report), if it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Starts the process and resolves once it is ready: a server with its address once it listens,
   * a worker with '' once it polls for jobs.
   */
  start(): Promise<string> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, ENTRY[this.role])], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://127.0.0.1',
        // Loopback without TLS: plain http allowed for this private address.
        ALLOW_HTTP_PUBLIC_URL: 'true',
        // Sign-ups finish with the link they mail (paths/sign-up.ts reads it from here).
        DEV_OUTBOX: 'true',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: this.target.dataDir,
        DATABASE_URL: this.target.databaseUrl ?? '',
        SQLITE_SYNCHRONOUS: process.env.DRILL_SQLITE_SYNCHRONOUS ?? 'FULL',
        LOG_LEVEL: 'warn',
        LOG_PRETTY: 'false',
        SEED_DEMO: 'false',
        // Production grants no SMS at sign-up; the drill's teachers need some to text links.
        SMS_SIGNUP_GRANT: String(DRILL_SMS_GRANT),
        RUN_WORKER: 'true',
        // Jobs start within 50 ms, and a job a kill interrupted is taken up again soon after restart.
        JOB_POLL_MS: '50',
        JOB_LEASE_MS: '1500',
        JOB_BACKOFF_MS: '100',
        PASSWORD_SCRYPT_LOG2N: '10',
        // Each sign-up comes from an address of its own, so the per-address limits do not refuse them.
        TRUST_PROXY: 'loopback',
        ...this.extraEnv,
        // The worker says it is ready only in its log, at info level.
        ...(this.role === 'worker' ? { LOG_LEVEL: 'info' } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.tail = [];
    return new Promise((resolve, reject) => {
      let out = '';
      let ready = false;
      const keep = (chunk: Buffer) => {
        this.tail.push(...chunk.toString().split('\n').filter(Boolean));
        this.tail.splice(0, Math.max(0, this.tail.length - 30));
      };
      const timer = setTimeout(
        () => reject(new Error(`${this.role} did not start:\n${this.tail.join('\n')}`)),
        // Generous: a first start migrates, and a busy machine may take a minute or more.
        180_000,
      );
      child.stderr?.on('data', keep);
      child.stdout?.on('data', (chunk: Buffer) => {
        keep(chunk);
        if (ready) return;
        out += chunk;
        const match = /running on http:\/\/localhost:(\d+)|job worker started/.exec(out);
        if (match) {
          ready = true;
          clearTimeout(timer);
          resolve(match[1] ? `http://127.0.0.1:${match[1]}` : '');
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(
          new Error(`${this.role} exited (${code ?? signal}) before it was ready:\n${this.tail.join('\n')}`),
        );
      });
    });
  }

  /** SIGKILL: no shutdown hook, no flush, no goodbye. Resolves once the process is gone. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  /** The server's last lines of output, for a report of what went wrong. */
  lastLines(): string {
    return this.tail.join('\n');
  }
}
