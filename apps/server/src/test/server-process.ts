import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { createDeps } from '../deps';
import { createLogger } from '../lib/logger';

// The real app in a process of its own, for tests that kill the server mid-request
// (onboarding-crash.test) on PostgreSQL, where server.ts cannot be pointed at the test's schema.
// Like server.ts, but in TEST_SCHEMA and without migrating, seeding or scheduling: the test has
// set the database up. It prints server.ts's "running on" line once it listens.
const config = loadConfig(process.env);
const deps = await createDeps(config, createLogger(config), { schema: process.env.TEST_SCHEMA || undefined });
const app = await buildApp(deps);
await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
process.stdout.write(`running on http://localhost:${port}\n`);
