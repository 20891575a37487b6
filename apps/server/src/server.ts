import { buildApp } from './app';
import { loadConfigOrExit } from './config/load-or-exit';
import { migrateToLatest } from './db/database';
import { createDeps } from './deps';
import { createLogger } from './lib/logger';
import { scheduleRecurringJobs } from './modules/jobs/recurring-jobs';
import { seedDemoOnce } from './seed/seed';

const config = loadConfigOrExit();
const log = createLogger(config);
const deps = await createDeps(config, log);
const applied = await migrateToLatest(deps.db.kysely);
if (applied.length) log.info({ applied }, 'database migrated');
const signIns = config.seedDemo ? await seedDemoOnce(deps) : [];
await scheduleRecurringJobs(config, deps.jobs, deps.clock);
const app = await buildApp(deps);
const worker = config.worker.enabled ? deps.createWorker() : undefined;

await app.listen({ host: config.host, port: config.port });
worker?.start();

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const lines = [
  `Batchwise ${config.version} is running on http://localhost:${port} (database: ${deps.db.dialect})`,
  ...(signIns.length
    ? ['Demo sign-ins:', ...signIns.map((s) => `  ${s.role.padEnd(18)} ${s.login}  ${s.secret}`)]
    : []),
];
process.stdout.write(`\n${lines.join('\n')}\n\n`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: finishing requests in flight');
  const force = setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  // Stop accepting and finish requests in flight (handlers whose client hung up too:
  // plugins/in-flight.ts), then let the job in hand finish, then close the database.
  await app.close();
  await worker?.stop();
  await deps.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
