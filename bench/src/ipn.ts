import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addMonths, monthOf } from '@batchwise/domain';
import { startBkashStandIn } from '../../apps/server/src/drivers/payments/bkash-stand-in';
import {
  type SslTamper,
  startSslCommerzStandIn,
} from '../../apps/server/src/drivers/payments/sslcommerz-stand-in';
import { type Figure, inServerDatabase, profileArgs, startProcess } from './lib';
import { signUpTeacher } from './students';

// The IPN figures (`ipn_*`; BENCH_ONLY=ipn): 1,000 SSLCommerz notifications through the
// HTTP path (10 % replays, 1 % tampered) against the loopback stand-in's validation API. Every
// valid transaction must be recorded exactly once, no tampered one at all; goal ≥ 300 IPN/s.

const STUDENTS = 90;
const MONTHS = 10;
const TOTAL = 1_000;
const REPLAYS = 100;
const TAMPERED = 10;
const CONNECTIONS = 20;
const WRITE = { 'content-type': 'application/json', 'x-batchwise-csrf': '1' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const TAMPER_KINDS: SslTamper[] = ['amount', 'currency', 'signature', 'unknown-tran'];

/** Runs `work` over `items` with at most `width` at once. */
async function pool<T>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

async function json(res: Response) {
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${body}`);
  return JSON.parse(body);
}

export async function ipnFigures(): Promise<Figure[]> {
  const ssl = await startSslCommerzStandIn(0, { postIpn: false });
  const bkash = await startBkashStandIn(0);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-bench-ipn-'));
  // Stand-in gateways are refused in production, so this server runs as development with the
  // production's quiet settings; everything else (SQLite file, HTTP path) is the same.
  const root = path.resolve(import.meta.dirname, '../..');
  const server = await startProcess(
    process.execPath,
    ['--import', 'tsx', ...profileArgs(), path.join(root, 'apps/server/src/server.ts')],
    {
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://127.0.0.1',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      SEED_DEMO: 'false',
      DEV_OUTBOX: 'false',
      DATABASE_URL: '',
      PASSWORD_SCRYPT_LOG2N: '10',
      TRUST_PROXY: '127.0.0.1',
      PAYMENT_DRIVER: 'stand-in',
      PAYMENT_SSLCOMMERZ_URL: ssl.url,
      PAYMENT_BKASH_URL: bkash.url,
    },
    /running on http:\/\/localhost:(\d+)/,
  );
  const appUrl = `http://127.0.0.1:${server.match[1]}`;
  try {
    const teacher = await signUpTeacher(appUrl);
    const base = `${appUrl}/api/accounts/${teacher.accountId}`;
    const staff = { ...WRITE, cookie: teacher.cookie };
    const classroom = await json(
      await fetch(`${base}/classrooms`, {
        method: 'POST',
        headers: staff,
        body: JSON.stringify({
          grade: 'Class 9',
          subject: 'Physics',
          name: 'IPN Batch',
          tuitionFeePaisa: 120_000,
        }),
      }),
    );
    const students: { id: string; key: string }[] = [];
    await pool(
      Array.from({ length: STUDENTS }, (_, i) => i),
      4,
      async (i) => {
        const added = await json(
          await fetch(`${base}/students`, {
            method: 'POST',
            headers: staff,
            body: JSON.stringify({
              name: `Payer ${i}`,
              phone: `+88018${String(10_000_000 + i).padStart(8, '0')}`,
              institution: 'Udoy School',
              enrolments: [{ classroomId: classroom.id, tuitionFeePaisa: null }],
            }),
          }),
        );
        const link = await json(
          await fetch(`${base}/students/${added.student.id}/pay-link`, { method: 'POST', headers: staff }),
        );
        students.push({ id: added.student.id, key: link.key });
      },
    );
    const thisMonth = monthOf(Date.now());
    const since = Date.parse(`${addMonths(thisMonth, -(MONTHS - 1))}-05T00:00:00Z`);
    await inServerDatabase(dataDir, (db) =>
      db.kysely
        .updateTable('enrolments')
        .set({ accepted_at: since, applied_at: since })
        .where('classroom_id', '=', classroom.id)
        .execute(),
    );
    await json(
      await fetch(`${base}/merchant-settings`, {
        method: 'PUT',
        headers: staff,
        body: JSON.stringify({
          onlinePayment: true,
          sslcommerz: {
            enabled: true,
            mode: 'sandbox',
            storeId: 'benchstore01',
            storePassword: 'bench-pass',
          },
        }),
      }),
    );

    // One attempt per student and month, each from an address of its own (the start route's limit).
    const valid = TOTAL - REPLAYS - TAMPERED;
    const wanted = valid + TAMPERED;
    const jobs = Array.from({ length: wanted }, (_, i) => ({
      student: students[i % STUDENTS]!,
      month: addMonths(thisMonth, -Math.floor(i / STUDENTS)),
    }));
    const tranIds: string[] = [];
    await pool(jobs, 8, async (job, i) => {
      const started = await json(
        await fetch(`${appUrl}/api/public/pay/start`, {
          method: 'POST',
          headers: { ...WRITE, 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
          body: JSON.stringify({
            key: job.student.key,
            suid: job.student.id,
            gateway: 'sslcommerz',
            items: [{ kind: 'month', classroomId: classroom.id, month: job.month }],
          }),
        }),
      );
      tranIds[i] = started.tranId;
    });
    const forms = [];
    for (const tranId of tranIds)
      forms.push((await ssl.complete(ssl.session(tranId)!.sessionkey, 'VALID')).form);
    const genuine = forms.slice(0, valid);
    const forged = forms.slice(valid).map((f, i) => ssl.tamper(f, TAMPER_KINDS[i % TAMPER_KINDS.length]!));
    const replays = Array.from({ length: REPLAYS }, (_, i) => genuine[(i * 7919) % valid]!);
    const notifications = [...genuine, ...replays, ...forged].sort(() => Math.random() - 0.5);

    const started = performance.now();
    let refusedHttp = 0;
    await pool(notifications, CONNECTIONS, async (form) => {
      const res = await fetch(`${appUrl}/api/public/pay/sslcommerz/ipn`, {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams(form).toString(),
      });
      if (res.status !== 200) refusedHttp++;
      await res.arrayBuffer();
    });
    const seconds = (performance.now() - started) / 1000;

    const counts = await inServerDatabase(dataDir, async (db) => {
      const payments = await db.kysely
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', teacher.accountId)
        .where('method', '=', 'sslcommerz')
        .executeTakeFirstOrThrow();
      const tampered = await db.kysely
        .selectFrom('online_payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tran_id', 'in', tranIds.slice(valid))
        .where('status', '=', 'paid')
        .executeTakeFirstOrThrow();
      const alerts = await db.kysely
        .selectFrom('activity_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_name', '=', 'Online Payment Alert')
        .executeTakeFirstOrThrow();
      return { recorded: Number(payments.n), tampered: Number(tampered.n), alerts: Number(alerts.n) };
    });
    const rate = Math.round(TOTAL / seconds);
    return [
      { figure: 'ipn_valid_unique', value: valid, unit: 'transactions' },
      {
        figure: 'ipn_recorded',
        value: counts.recorded,
        unit: 'payments',
        goal: `== ${valid}`,
        met: counts.recorded === valid,
      },
      {
        figure: 'ipn_tampered_recorded',
        value: counts.tampered,
        unit: 'payments',
        goal: '== 0',
        met: counts.tampered === 0,
      },
      {
        figure: 'ipn_alerts',
        value: counts.alerts,
        unit: 'alerts',
        goal: `>= ${TAMPERED}`,
        met: counts.alerts >= TAMPERED,
      },
      {
        figure: 'ipn_http_errors',
        value: refusedHttp,
        unit: 'responses',
        goal: '== 0',
        met: refusedHttp === 0,
      },
      { figure: 'ipn_per_second', value: rate, unit: 'IPN/s', goal: '>= 300', met: rate >= 300 },
    ];
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    await Promise.all([ssl.close(), bkash.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
