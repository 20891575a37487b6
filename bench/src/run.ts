import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareWithHello, report, rssMiB, startProcess } from './lib';
import { studentListFigures } from './students';
import { publicSiteFigures } from './web';

/**
 * `npm run bench`: starts the production server and a bare Fastify hello server side by side and
 * prints one JSON line per figure. Compare ratios within one run, never absolute numbers across
 * machines.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-bench-'));
const tsx = ['--import', 'tsx'];

const server = await startProcess(
  process.execPath,
  [...tsx, path.join(root, 'apps/server/src/server.ts')],
  {
    NODE_ENV: 'production',
    // Required in production; the bench reaches the server by its own address anyway.
    PUBLIC_URL: 'http://127.0.0.1',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  /running on http:\/\/localhost:(\d+)/,
);
const hello = await startProcess(
  process.execPath,
  [...tsx, path.join(import.meta.dirname, 'hello-server.ts')],
  { PORT: '0' },
  /listening (\d+)/,
);
const appUrl = `http://127.0.0.1:${server.match[1]}`;
const helloUrl = `http://127.0.0.1:${hello.match[1]}/hello`;

try {
  const {
    target: health,
    hello: bare,
    ratio,
  } = await compareWithHello({ url: `${appUrl}/api/health` }, helloUrl);

  report({ figure: 'health_requests_per_second', value: health.requestsPerSecond, unit: 'req/s' });
  report({ figure: 'health_p99_latency', value: health.p99Ms, unit: 'ms' });
  report({ figure: 'bare_hello_requests_per_second', value: bare.requestsPerSecond, unit: 'req/s' });
  report({ figure: 'health_vs_bare_hello', value: ratio, unit: 'ratio', goal: '>= 0.7', met: ratio >= 0.7 });
  report({ figure: 'server_rss_after_warmup', value: rssMiB(server.child.pid!), unit: 'MiB' });

  // Issue 5: a teacher with 5,000 students in 100 classrooms, the list's first page.
  for (const figure of await studentListFigures(appUrl, helloUrl, dataDir)) report(figure);

  // Issue 6: what the public site costs a phone on a slow network (needs the web build).
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  for (const figure of await publicSiteFigures(appUrl, path.join(root, 'apps/web/dist'), chromePath)) {
    report(figure);
  }
} finally {
  server.child.kill('SIGTERM');
  hello.child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
