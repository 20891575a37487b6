import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { admissionWizardFigures } from './admission';
import { attendanceSmsFigures } from './attendance-sms';
import { createPgDatabase } from './drill/database';
import { faceFigures } from './faces';
import { feesFigures } from './fees';
import { firebaseImportFigures } from './firebase-import';
import { ipnFigures } from './ipn';
import { compareWithHello, report, rssMiB, startProcess, startServer } from './lib';
import { loadFigures } from './loads';
import { marksFigures } from './marks';
import { onboardingFigures } from './onboarding';
import { portalFigures } from './portal';
import { punchFigures } from './punches';
import { reportCardFigures } from './report-cards';
import { smsFigures } from './sms';
import { studentListFigures } from './students';
import { type TrafficOptions, trafficFigures } from './traffic';
import { uploadFigures } from './uploads';
import { videoFigures } from './video';
import { publicSiteFigures } from './web';

/**
 * `npm run bench`: starts the production server and a bare Fastify hello server side by side and
 * prints one JSON line per figure. Compare ratios within one run, never absolute numbers across
 * machines.
 *
 * - `BENCH_DATABASE_URL`: also run the realistic traffic and the bulk onboarding on PostgreSQL (a
 *   database of the bench's own is created on that server and dropped after); the traffic's mix
 *   also through a balancer to one API process and to two.
 * - `BENCH_ONLY=traffic`: only the realistic traffic figures; `BENCH_ONLY=sms`: only the SMS
 *   broadcast's; `BENCH_ONLY=onboarding`: only the bulk onboarding's;
 *   `BENCH_ONLY=admission`: only the admission wizard's first load and Lighthouse run;
 *   `BENCH_ONLY=fees`: only the dues list of a 2,000-student account;
 *   `BENCH_ONLY=marks`: only saving a 200-student × 6-subject marks grid;
 *   `BENCH_ONLY=ipn`: only the 1,000 SSLCommerz IPNs with replays and tampered ones;
 *   `BENCH_ONLY=attendance-sms`: only punch → parent SMS queued, alone and under load;
 *   `BENCH_ONLY=punches`: only 50 devices punching through the kiosk and iclock routes;
 *   `BENCH_ONLY=faces`: only matching one face against 5,000 registered ones on the kiosk's side;
 *   `BENCH_ONLY=report-cards`: only 200 report cards rendered to PDF, as a class and one by one;
 *   `BENCH_ONLY=portal`: only the family portal's home and a child's attendance month, 500 parents
 *   with a child in each of 3 accounts, two years of attendance, payments and results each, and a
 *   kiosk's punch until the parent's open page shows it (with BENCH_DATABASE_URL on PostgreSQL too);
 *   `BENCH_ONLY=loads`: only the first load (JS, requests, Lighthouse) of the teacher's dashboard,
 *   the parent's home and the family's SMS links, on a demo-seeded server of its own;
 *   `BENCH_ONLY=video`: only transcoding a 10-minute 720p lesson (BENCH_VIDEO_SECONDS), the API's p99
 *   while it runs, and 200 viewers fetching one video's segments;
 *   `BENCH_ONLY=firebase-import`: only the import of a generated Firebase export (500 teachers and
 *   100,000 students; BENCH_FIREBASE_TEACHERS, BENCH_FIREBASE_STUDENTS), run twice, on SQLite and
 *   with BENCH_DATABASE_URL on PostgreSQL;
 *   `BENCH_ONLY=uploads`: only a 1 GB resumable upload (tus) against a plain file copy, and one
 *   cut at 50 % and resumed (BENCH_UPLOAD_BYTES for another size).
 * - `BENCH_TEACHERS`, `BENCH_STUDENTS`, `BENCH_LARGE_ACCOUNT`: its size (50, 200, 2000).
 * - `BENCH_PROFILE=dir`: the servers write V8 CPU profiles there (node --cpu-prof) when they stop.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-bench-'));
const tsx = ['--import', 'tsx'];
const only = process.env.BENCH_ONLY;
/** Whether a section of the bench runs: all of them, or the one BENCH_ONLY names ("base": the rest). */
const wants = (
  section:
    | 'base'
    | 'sms'
    | 'traffic'
    | 'onboarding'
    | 'admission'
    | 'fees'
    | 'marks'
    | 'ipn'
    | 'attendance-sms'
    | 'punches'
    | 'faces'
    | 'report-cards'
    | 'portal'
    | 'loads'
    | 'firebase-import'
    | 'uploads'
    | 'video',
) => !only || only === section;
const traffic: TrafficOptions = {
  teachers: Number(process.env.BENCH_TEACHERS ?? 50),
  studentsEach: Number(process.env.BENCH_STUDENTS ?? 200),
  largeAccount: Number(process.env.BENCH_LARGE_ACCOUNT ?? 2000),
};

/** The production server on SQLite in `dataDir` or on `databaseUrl`. */
function startAppServer(databaseUrl = '', env: NodeJS.ProcessEnv = {}) {
  // The traffic's teachers sign up from addresses of their own, through a loopback proxy.
  return startServer(dataDir, { DATABASE_URL: databaseUrl, TRUST_PROXY: '127.0.0.1', ...env });
}

const server = await startAppServer();
const hello = await startProcess(
  process.execPath,
  [...tsx, path.join(import.meta.dirname, 'hello-server.ts')],
  { PORT: '0' },
  /listening (\d+)/,
);
const appUrl = server.url;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const helloUrl = `http://127.0.0.1:${hello.match[1]}/hello`;

try {
  if (wants('base')) await baseFigures();
  if (wants('sms')) for (const figure of await smsFigures()) report(figure);
  if (wants('onboarding')) for (const figure of await onboardingFigures()) report(figure);
  if (wants('admission'))
    for (const figure of await admissionWizardFigures(appUrl, path.join(root, 'apps/web/dist'), chromePath))
      report(figure);
  if (wants('fees')) for (const figure of await feesFigures(appUrl, dataDir)) report(figure);
  if (wants('marks')) for (const figure of await marksFigures(appUrl, dataDir)) report(figure);
  if (wants('ipn')) for (const figure of await ipnFigures()) report(figure);
  if (wants('attendance-sms')) for (const figure of await attendanceSmsFigures()) report(figure);
  if (wants('punches')) for (const figure of await punchFigures()) report(figure);
  if (wants('faces')) for (const figure of await faceFigures()) report(figure);
  if (wants('report-cards')) for (const figure of await reportCardFigures(appUrl, dataDir)) report(figure);
  if (wants('portal'))
    for (const figure of await portalFigures(appUrl, { database: 'sqlite', dataDir })) report(figure);
  if (wants('loads'))
    for (const figure of await loadFigures(path.join(root, 'apps/web/dist'), chromePath)) report(figure);
  if (wants('traffic'))
    for (const figure of await trafficFigures(appUrl, helloUrl, 'sqlite', traffic)) report(figure);
  if (wants('firebase-import')) for (const figure of await firebaseImportFigures()) report(figure);
  if (wants('uploads')) for (const figure of await uploadFigures(appUrl, dataDir)) report(figure);
  if (wants('video')) for (const figure of await videoFigures(appUrl, dataDir)) report(figure);
  if (process.env.BENCH_DATABASE_URL && wants('firebase-import')) {
    const database = await createPgDatabase(
      process.env.BENCH_DATABASE_URL,
      `batchwise_bench_fb_${process.pid}`,
    );
    try {
      for (const figure of await firebaseImportFigures(database.url)) report(figure);
    } finally {
      await database.drop();
    }
  }
  if (process.env.BENCH_DATABASE_URL && wants('portal')) {
    const database = await createPgDatabase(
      process.env.BENCH_DATABASE_URL,
      `batchwise_bench_portal_${process.pid}`,
    );
    const pgServer = await startAppServer(database.url);
    try {
      for (const figure of await portalFigures(pgServer.url, { database: 'postgres', url: database.url }))
        report(figure);
    } finally {
      pgServer.child.kill('SIGTERM');
      await new Promise((resolve) => pgServer.child.once('exit', resolve));
      await database.drop();
    }
  }
  if (process.env.BENCH_DATABASE_URL && (wants('traffic') || wants('onboarding'))) {
    const database = await createPgDatabase(process.env.BENCH_DATABASE_URL, `batchwise_bench_${process.pid}`);
    const pgServer = await startAppServer(database.url);
    // A second API process on the same database, as behind a load balancer (its jobs left to the first).
    const pgSecond = wants('traffic')
      ? await startAppServer(database.url, { RUN_WORKER: 'false' })
      : undefined;
    try {
      const pgUrl = pgServer.url;
      if (wants('traffic'))
        for (const figure of await trafficFigures(pgUrl, helloUrl, 'postgres', traffic, pgSecond?.url))
          report(figure);
      if (wants('onboarding')) for (const figure of await onboardingFigures(database.url)) report(figure);
    } finally {
      for (const { child } of [pgServer, ...(pgSecond ? [pgSecond] : [])]) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await database.drop();
    }
  }
} finally {
  server.child.kill('SIGTERM');
  hello.child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function baseFigures() {
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

  // Classrooms and students: a teacher with 5,000 students in 100 classrooms, the list's first page.
  for (const figure of await studentListFigures(appUrl, helloUrl, dataDir)) report(figure);

  // Public site: what the public site costs a phone on a slow network (needs the web build).
  for (const figure of await publicSiteFigures(appUrl, path.join(root, 'apps/web/dist'), chromePath)) {
    report(figure);
  }
}
