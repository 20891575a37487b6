import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newId } from '../../apps/server/src/lib/ids';
import { DEMO } from '../../apps/server/src/seed/demo-accounts';
import { familySession } from './family-session';
import { type Figure, inServerDatabase, startServer } from './lib';
import { gzipBytes, lighthouseMobile, type PageRun } from './web';

const WRITE = { 'content-type': 'application/json', 'x-batchwise-csrf': '1' };
const DEMO_PASSWORD = 'Batchwise demo 2026';
const kB = (bytes: number) => Math.round(bytes / 100) / 10;
/** Quiet needed before a load counts as done (web.ts `lighthouseMobile`): every chunk is counted. */
const QUIET_MS = 5000;

/** A page of the first-load figures and its goals (spec part 1 §2.3 "Loading by role"). */
interface LoadedPage {
  id: string;
  path: string;
  session: string;
  goals: { jsKb: number; requests?: number; performance?: number };
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The demo teacher signed in through the API, as the sign-in page does. */
async function signInTeacher(appUrl: string): Promise<{ cookie: string; accountId: string }> {
  const res = await fetch(`${appUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: WRITE,
    body: JSON.stringify({ email: DEMO.teacher.email, password: DEMO_PASSWORD }),
  });
  await json(res, 'teacher sign-in');
  const cookie = `bw_session=${/bw_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]}`;
  const session = await json<{ activeAccountId: string }>(
    await fetch(`${appUrl}/api/session`, { headers: { cookie } }),
    'teacher session',
  );
  return { cookie, accountId: session.activeAccountId };
}

/**
 * A signed-in session for the demo parent, written as the phone sign-in writes it (the user made
 * at the first sign-in, only the token's digest stored): the code itself goes by SMS, which the
 * bench cannot read in production.
 */
async function signInParent(dataDir: string): Promise<string> {
  return inServerDatabase(dataDir, async (db) => {
    const now = Date.now();
    const phone = DEMO.parent.phone;
    const existing = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirst();
    const userId = existing?.id ?? newId(now);
    if (!existing) {
      await db.kysely
        .insertInto('users')
        .values({
          id: userId,
          name: phone,
          email: null,
          phone,
          password_hash: null,
          profession: 'Parent',
          is_staff: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const session = familySession(userId, now);
    await db.kysely.insertInto('sessions').values(session.row).execute();
    return session.cookie;
  });
}

/** The three links a family opens from an SMS, with real keys of the demo teacher's data. */
async function familyLinks(appUrl: string, dataDir: string, teacher: { cookie: string; accountId: string }) {
  const base = `${appUrl}/api/accounts/${teacher.accountId}`;
  const { receiptKey, physics, term, studentId } = await inServerDatabase(dataDir, async (db) => {
    const receipt = await db.kysely
      .selectFrom('payments')
      .select('receipt_key')
      .where('account_id', '=', teacher.accountId)
      .where('voided_at', 'is', null)
      .where('receipt_key', 'is not', null)
      .orderBy('receipt_no')
      .executeTakeFirstOrThrow();
    const assessment = await db.kysely
      .selectFrom('assessments as a')
      .innerJoin('classrooms as c', 'c.id', 'a.classroom_id')
      .select(['a.classroom_id', 'a.term'])
      .where('c.account_id', '=', teacher.accountId)
      .where('c.name', '=', 'Physics Morning Batch')
      .executeTakeFirstOrThrow();
    const student = await db.kysely
      .selectFrom('students')
      .select('id')
      .where('account_id', '=', teacher.accountId)
      .where('parent1_phone', '=', DEMO.parent.phone)
      .executeTakeFirstOrThrow();
    return {
      receiptKey: receipt.receipt_key!,
      physics: assessment.classroom_id,
      term: assessment.term,
      studentId: student.id,
    };
  });
  const headers = { ...WRITE, cookie: teacher.cookie };
  const payLink = await json<{ url: string }>(
    await fetch(`${base}/students/${studentId}/pay-link`, { method: 'POST', headers }),
    'pay link',
  );
  const cards = await json<{ links: { url: string }[] }>(
    await fetch(`${base}/classrooms/${physics}/report-cards/links`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ term }),
    }),
    'report card links',
  );
  const pathOf = (url: string) => {
    const u = new URL(url, appUrl);
    return `${u.pathname}${u.search}`;
  };
  return {
    viewReport: pathOf(cards.links[0]!.url),
    pay: pathOf(payLink.url),
    receipt: `/student-payment-receipt?key=${encodeURIComponent(receiptKey)}`,
  };
}

function pageFigures(page: LoadedPage, run: PageRun, dist: string): Figure[] {
  const js = kB(run.scriptTransferBytes);
  const { goals } = page;
  const figures: Figure[] = [
    {
      figure: `${page.id}_first_load_js_transferred`,
      value: js,
      unit: 'kB',
      goal: `<= ${goals.jsKb}`,
      met: js <= goals.jsKb,
    },
    // The same scripts gzipped at level 9 from the build: what the check in the browser tests reads.
    { figure: `${page.id}_first_load_js_gzip`, value: kB(gzipBytes(dist, run.scripts)), unit: 'kB' },
    { figure: `${page.id}_first_load_scripts`, value: run.scripts.length, unit: 'files' },
    {
      figure: `${page.id}_first_load_requests`,
      value: run.requests,
      unit: 'requests',
      ...(goals.requests ? { goal: `<= ${goals.requests}`, met: run.requests <= goals.requests } : {}),
    },
    {
      figure: `${page.id}_lighthouse_mobile_performance`,
      value: run.performance,
      unit: 'score',
      ...(goals.performance
        ? { goal: `>= ${goals.performance}`, met: run.performance >= goals.performance }
        : {}),
    },
    { figure: `${page.id}_largest_contentful_paint`, value: run.lcpMs, unit: 'ms' },
    { figure: `${page.id}_total_blocking_time`, value: run.tbtMs, unit: 'ms' },
  ];
  return figures;
}

/** One line per page: what it loads next to its goals, for reading at a glance (on stderr). */
function printTable(rows: { page: LoadedPage; run: PageRun }[]): void {
  const cell = (value: string | number, goal?: string) => `${value}${goal ? ` (${goal})` : ''}`.padEnd(18);
  const lines = [
    `${'page'.padEnd(28)}${cell('JS kB')}${cell('requests')}${cell('Lighthouse')}`,
    ...rows.map(({ page, run }) =>
      [
        page.path.split('?')[0]!.padEnd(28),
        cell(kB(run.scriptTransferBytes), `≤ ${page.goals.jsKb}`),
        cell(run.requests, page.goals.requests ? `≤ ${page.goals.requests}` : undefined),
        cell(run.performance, page.goals.performance ? `≥ ${page.goals.performance}` : undefined),
      ].join(''),
    ),
  ];
  process.stderr.write(`\n${lines.join('\n')}\n\n`);
}

/**
 * The first load of the pages people open most on a phone, on a cold cache with Lighthouse's
 * mobile run (simulated slow 4G, 4× CPU slowdown): the teacher's dashboard (signed in), the
 * parent's home (signed in by phone), and the receipt, pay and report card links a family opens
 * from an SMS, with real keys of the demo data (a server of its own seeds it).
 */
export async function loadFigures(dist: string, chromePath: string): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-bench-loads-'));
  // As the browser tests run it: the demo seeded, and its centre paying online through the
  // loopback stand-in gateways (refused in production), so the pay link has something to pay.
  const server = await startServer(dataDir, {
    NODE_ENV: 'test',
    SEED_DEMO: 'true',
    PAYMENT_DRIVER: 'stand-in',
  });
  try {
    const appUrl = server.url;
    const teacher = await signInTeacher(appUrl);
    const parent = await signInParent(dataDir);
    const links = await familyLinks(appUrl, dataDir, teacher);
    // The family's pages (the parent home and the SMS links): a light first load on a phone.
    const family = { jsKb: 150, performance: 90 };
    const pages: LoadedPage[] = [
      {
        id: 'teacher_dashboard',
        path: '/teacher/dashboard',
        session: teacher.cookie,
        goals: { jsKb: 300, requests: 30, performance: 80 },
      },
      {
        id: 'parent_home',
        path: '/parent/dashboard',
        session: parent,
        goals: family,
      },
      { id: 'view_report', path: links.viewReport, session: '', goals: family },
      { id: 'pay_link', path: links.pay, session: '', goals: family },
      { id: 'payment_receipt', path: links.receipt, session: '', goals: family },
    ];
    const rows: { page: LoadedPage; run: PageRun }[] = [];
    for (const page of pages) {
      rows.push({
        page,
        run: await lighthouseMobile(`${appUrl}${page.path}`, chromePath, 'en', page.session, QUIET_MS),
      });
    }
    printTable(rows);
    return rows.flatMap(({ page, run }) => pageFigures(page, run, dist));
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
