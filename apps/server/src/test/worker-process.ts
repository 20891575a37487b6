import { loadConfig } from '../config/config';
import { createDeps } from '../deps';
import { createLogger } from '../lib/logger';

// A job worker in a process of its own, for tests that kill one mid-job (sms-dispatch-crash.test).
// Like cli/worker.ts, but in the test's PostgreSQL schema (TEST_SCHEMA) and without migrating:
// the test has done that. It says "ready" on stdout once it polls.
const config = loadConfig(process.env);
const deps = await createDeps(config, createLogger(config), { schema: process.env.TEST_SCHEMA || undefined });
const worker = deps.createWorker();
worker.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void worker
    .stop()
    .then(() => deps.close())
    .then(() => process.exit(0));
});
