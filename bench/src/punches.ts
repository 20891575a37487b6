import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DAY_NAMES, DEVICE_KEY_HEADER } from '@batchwise/domain';
import autocannon from 'autocannon';
import {
  classroomWithStudents,
  insertKiosk,
} from '../../apps/server/src/modules/attendance/attendance-fixture';
import { type Figure, inServerDatabase, startServer } from './lib';
import { signUpTeacher } from './students';

// The punch figures (`punches_*`; BENCH_ONLY=punches): punches through the HTTP path as
// devices send them, one scan a request, on SQLite with synchronous FULL. 50 devices: kiosks
// (`POST /api/kiosk/punches`, QR or RFID codes) and ZKTeco devices (`POST /iclock/cdata` ATTLOG
// lines), each device one connection sending its next punch as soon as the last is answered, for
// 30 s, across many accounts. Goals: ≥ 1,000 punches/s, p99 ≤ 100 ms; and the time from a punch
// to its `attendance.alert` job being queued (written in the punch's own transaction).

const ACCOUNTS = Number(process.env.BENCH_PUNCH_ACCOUNTS ?? 20);
const STUDENTS_PER_ACCOUNT = Number(process.env.BENCH_PUNCH_STUDENTS ?? 250);
const KIOSKS = 40;
const ZKTECOS = 10;
const SECONDS = Number(process.env.BENCH_PUNCH_SECONDS ?? 30);
const WARM_UP_SECONDS = 5;
const GOAL_PER_SECOND = 1_000;
const GOAL_P99_MS = 100;

const clock = { now: () => Date.now() };
const allDay = DAY_NAMES.map((day) => ({ day, start: '00:00', end: '23:59' }));
/** Device-local time as ZKTeco writes it: Bangladesh wall time, no offset. */
const dhakaLocal = (ms: number) => new Date(ms + 6 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

interface Device {
  /** The body and headers of this device's next punch. */
  next(): { path: string; headers: Record<string, string>; body: string };
}

export async function punchFigures(): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-bench-punches-'));
  const server = await startServer(dataDir, {
    SQLITE_SYNCHRONOUS: 'FULL',
    PASSWORD_SCRYPT_LOG2N: '10',
    TRUST_PROXY: '127.0.0.1',
    RUN_WORKER: process.env.BENCH_PUNCH_WORKER ?? 'true',
  });
  try {
    return await measure(server.url, dataDir);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(appUrl: string, dataDir: string): Promise<Figure[]> {
  const seedStart = performance.now();
  const teachers: Awaited<ReturnType<typeof signUpTeacher>>[] = [];
  for (let i = 0; i < ACCOUNTS; i++) teachers.push(await signUpTeacher(appUrl));
  const accounts = await inServerDatabase(dataDir, async (db) => {
    const deps = { db, clock };
    const seeded = [];
    for (const [a, teacher] of teachers.entries()) {
      const students = Array.from({ length: STUDENTS_PER_ACCOUNT }, (_, i) => ({
        name: `Pupil ${a}-${i}`,
        rfid: `RF${String(a).padStart(3, '0')}${String(i).padStart(6, '0')}`,
        phone: `+88019${String(a * 100_000 + i).padStart(8, '0')}`,
      }));
      // Every student in a classroom meeting all day: every punch marks a session (the full write).
      const room = await classroomWithStudents(deps, teacher.accountId, allDay, students);
      seeded.push({ teacher, studentIds: room.studentIds, rfids: students.map((s) => s.rfid) });
    }
    return seeded;
  });
  const devices: Device[] = [];
  for (let k = 0; k < KIOSKS; k++) {
    const account = accounts[k % accounts.length]!;
    const { key } = await inServerDatabase(dataDir, (db) =>
      insertKiosk({ db, clock }, account.teacher.accountId, { name: `Gate ${k}` }),
    );
    let turn = 0;
    devices.push({
      next: () => {
        const i = Math.floor(Math.random() * account.studentIds.length);
        // Seven scans in ten are student QR codes, the rest RFID cards typed by a USB reader.
        const rfid = turn++ % 10 >= 7;
        const punch = {
          clientId: randomUUID(),
          code: rfid ? account.rfids[i]! : `BW1:S:${account.studentIds[i]}`,
          via: rfid ? 'rfid' : 'qr',
          at: Date.now(),
        };
        return {
          path: '/api/kiosk/punches',
          headers: { 'content-type': 'application/json', [DEVICE_KEY_HEADER]: key },
          body: JSON.stringify({ punches: [punch] }),
        };
      },
    });
  }
  for (let z = 0; z < ZKTECOS; z++) {
    const account = accounts[(KIOSKS + z) % accounts.length]!;
    const serial = `BENCHZK${String(z).padStart(4, '0')}`;
    const added = await fetch(
      `${appUrl}/api/accounts/${account.teacher.accountId}/attendance-devices/zkteco`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-batchwise-csrf': '1',
          cookie: account.teacher.cookie,
        },
        body: JSON.stringify({ serial, name: `Turnstile ${z}` }),
      },
    );
    if (added.status !== 201) throw new Error(`ZKTeco device: ${added.status} ${await added.text()}`);
    const pins = await inServerDatabase(dataDir, (db) =>
      db.kysely
        .selectFrom('attendance_pins')
        .select('pin')
        .where('account_id', '=', account.teacher.accountId)
        .execute(),
    );
    if (pins.length === 0) throw new Error('the ZKTeco device got no PINs');
    // PINs in turn: one PIN twice within a second would be the same ATTLOG line (deduplicated).
    let turn = z * 17;
    let stamp = 1;
    devices.push({
      next: () => {
        const pin = pins[turn++ % pins.length]!.pin;
        return {
          path: `/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=${stamp++}`,
          headers: { 'content-type': 'text/plain' },
          body: `${pin}\t${dhakaLocal(Date.now())}\t0\t1\t0\t0\t0\t0\t0\t0\n`,
        };
      },
    });
  }
  const seedMs = Math.round(performance.now() - seedStart);

  const run = (seconds: number) =>
    autocannon({
      url: appUrl,
      connections: devices.length,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          // Each connection is one device for the whole run.
          setupRequest: (request, context) => {
            const c = context as { device?: Device };
            c.device ??= devices[nextDevice++ % devices.length];
            return { ...request, ...c.device!.next() };
          },
        },
      ],
    });
  let nextDevice = 0;
  await run(WARM_UP_SECONDS);
  const from = Date.now();
  const result = await run(SECONDS);
  const to = Date.now();

  // What the database holds for the measured window: punches, and each one's alert job.
  const stored = await inServerDatabase(dataDir, async (db) => {
    const punches = await db.kysely
      .selectFrom('attendance_punches')
      .select(['id', 'at', 'via', 'created_at'])
      .where('created_at', '>=', from)
      .where('created_at', '<=', to + 5_000)
      .execute();
    const jobs = await db.kysely
      .selectFrom('jobs')
      .select(['payload', 'created_at'])
      .where('type', '=', 'attendance.alert')
      // A punch early in the window may join a job the warm-up opened (appended while queued).
      .where('created_at', '>=', from - (WARM_UP_SECONDS + 5) * 1000)
      .execute();
    const marks = await db.kysely
      .selectFrom('attendance_mark_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('marked_at', '>=', from)
      .executeTakeFirstOrThrow();
    return { punches, jobs, marks: Number(marks.n) };
  });
  const queued = new Set<string>();
  for (const job of stored.jobs) {
    for (const id of (JSON.parse(job.payload) as { punchIds: string[] }).punchIds) queued.add(id);
  }
  // A punch joins its alert job (a new one, or appended to the one still queued) in the punch's own
  // transaction, so it is queued when the punch row is written. Kiosk punches carry the scan's
  // moment to the millisecond (ZKTeco lines only to the second).
  const toQueued = stored.punches
    .filter((p) => p.via !== 'zkteco' && queued.has(p.id))
    .map((p) => p.created_at - p.at)
    .sort((a, b) => a - b);
  const p95 = toQueued[Math.min(toQueued.length - 1, Math.ceil(0.95 * toQueued.length) - 1)] ?? 0;
  const perSecond = Math.round(stored.punches.length / ((to - from) / 1000));
  const p99 = result.latency.p99;
  const unqueued = stored.punches.filter((p) => !queued.has(p.id)).length;
  return [
    { figure: 'punches_seed_ms', value: seedMs, unit: 'ms' },
    {
      figure: 'punches_per_second',
      value: perSecond,
      unit: 'punches/s',
      goal: `>= ${GOAL_PER_SECOND}`,
      met: perSecond >= GOAL_PER_SECOND,
    },
    { figure: 'punches_requests_per_second', value: Math.round(result.requests.average), unit: 'req/s' },
    {
      figure: 'punches_iclock_share',
      value: stored.punches.filter((p) => p.via === 'zkteco').length,
      unit: 'punches',
    },
    { figure: 'punches_p50_latency', value: result.latency.p50, unit: 'ms' },
    {
      figure: 'punches_p99_latency',
      value: p99,
      unit: 'ms',
      goal: `<= ${GOAL_P99_MS}`,
      met: p99 <= GOAL_P99_MS,
    },
    {
      figure: 'punches_errors',
      value: result.errors + result.timeouts + result.non2xx,
      unit: 'requests',
      goal: '0',
      met: result.errors + result.timeouts + result.non2xx === 0,
    },
    { figure: 'punches_marks_written', value: stored.marks, unit: 'marks' },
    { figure: 'punches_without_alert_job', value: unqueued, unit: 'punches', goal: '0', met: unqueued === 0 },
    { figure: 'punch_to_alert_job_p95', value: p95, unit: 'ms' },
  ];
}
