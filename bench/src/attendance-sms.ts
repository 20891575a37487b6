import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ATTENDANCE_ALERT_TEMPLATES, DAY_NAMES, DEVICE_KEY_HEADER } from '@batchwise/domain';
import { sql } from 'kysely';
import {
  classroomWithStudents,
  insertKiosk,
} from '../../apps/server/src/modules/attendance/attendance-fixture';
import { SmsQuotaRepository } from '../../apps/server/src/modules/sms/sms-quota.repository';
import { type Figure, inServerDatabase, startServer } from './lib';
import { signUpTeacher } from './students';

/** Students of the classroom whose parents are texted; each punches once per phase. */
const ALERT_STUDENTS = 300;
/** Students of a classroom with SMS off, whose punches are the background traffic of phase two. */
const QUIET_STUDENTS = 2_000;
const ALERT_KIOSKS = 5;
const BACKGROUND_KIOSKS = 5;
/** The measured punches' pace: 20 a second (a busy gate at the start of a shift). */
const ALERT_PUNCHES_PER_SECOND = 20;
/** Background: each kiosk sends 10 punches 10 times a second (500 punches a second together). */
const BACKGROUND_BATCH = 10;
const BACKGROUND_EVERY_MS = 100;
const GOAL_P95_MS = 1_000;

const clock = { now: () => Date.now() };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The attendance capability's "time from punch to the parent SMS being queued" (goal p95 ≤ 1 s), through the real
 * path: a kiosk posts the punch over HTTP, the punch's transaction queues the `attendance.alert`
 * job, the worker (in the server process, default poll) renders the template and queues the SMS.
 * Measured from the punch's moment (the kiosk's clock, this process) to its SMS send's creation
 * (the server's clock, the same machine), read from the alert log afterwards. Phase one: the
 * measured punches alone; phase two: the same while other kiosks punch 500 students a second in a
 * classroom with SMS off (their alert jobs are in the same queue). SQLite, synchronous FULL.
 */
export async function attendanceSmsFigures(): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-bench-attendance-sms-'));
  const server = await startServer(dataDir, { SQLITE_SYNCHRONOUS: process.env.BENCH_SYNC ?? 'FULL' });
  try {
    const appUrl = server.url;
    const teacher = await signUpTeacher(appUrl);
    const allDay = DAY_NAMES.map((day) => ({ day, start: '00:00', end: '23:59' }));
    const phone = (i: number) => `+88019${String(10_000_000 + i).padStart(8, '0')}`;
    const school = await inServerDatabase(dataDir, async (db) => {
      const deps = { db, clock };
      const alerts = await classroomWithStudents(
        deps,
        teacher.accountId,
        allDay,
        Array.from({ length: ALERT_STUDENTS }, (_, i) => ({ name: `Alert pupil ${i}`, phone: phone(i) })),
      );
      const quiet = await classroomWithStudents(
        deps,
        teacher.accountId,
        allDay,
        Array.from({ length: QUIET_STUDENTS }, (_, i) => ({
          name: `Quiet pupil ${i}`,
          phone: phone(50_000 + i),
        })),
      );
      const kiosks = [];
      for (let i = 0; i < ALERT_KIOSKS + BACKGROUND_KIOSKS; i++)
        kiosks.push(await insertKiosk(deps, teacher.accountId));
      await new SmsQuotaRepository(db.kysely).apply({
        account_id: teacher.accountId,
        delta: 100_000,
        reason: 'correction',
        send_id: null,
        actor_user_id: null,
        note: 'bench',
        created_at: Date.now(),
      });
      return { alerts, quiet, kiosks };
    });
    const settings = await fetch(
      `${appUrl}/api/accounts/${teacher.accountId}/classrooms/${school.alerts.classroomId}/attendance-alerts`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-batchwise-csrf': '1', cookie: teacher.cookie },
        body: JSON.stringify({
          smsMode: 'both',
          smsWindowMinutes: 1,
          absenceSms: false,
          lateAfterMinutes: 10,
          language: 'bn',
          templates: ATTENDANCE_ALERT_TEMPLATES,
        }),
      },
    );
    if (settings.status !== 200)
      throw new Error(`alert settings: ${settings.status} ${await settings.text()}`);

    const roundTrips: number[] = [];
    const punch = async (key: string, studentIds: readonly string[]) => {
      const at = Date.now();
      const res = await fetch(`${appUrl}/api/kiosk/punches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [DEVICE_KEY_HEADER]: key },
        body: JSON.stringify({
          punches: studentIds.map((id) => ({ clientId: randomUUID(), code: `BW1:S:${id}`, via: 'qr', at })),
        }),
      });
      if (res.status !== 200) throw new Error(`kiosk punches: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      roundTrips.push(Date.now() - at);
    };
    const alertKeys = school.kiosks.slice(0, ALERT_KIOSKS).map((k) => k.key);
    const backgroundKeys = school.kiosks.slice(ALERT_KIOSKS).map((k) => k.key);

    /** Every alert student punches once (entry in phase one, exit in phase two), at the gate's pace. */
    const measuredPhase = async () => {
      const from = Date.now();
      const sending: Promise<void>[] = [];
      for (const [i, id] of school.alerts.studentIds.entries()) {
        sending.push(punch(alertKeys[i % ALERT_KIOSKS]!, [id]));
        await sleep(1000 / ALERT_PUNCHES_PER_SECOND);
      }
      await Promise.all(sending);
      return from;
    };
    const latencies = async (from: number) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const rows = await inServerDatabase(dataDir, (db) =>
          db.kysely
            .selectFrom('attendance_alerts as a')
            .leftJoin('sms_sends as s', 's.id', 'a.send_id')
            .select(['a.outcome', 'a.at', 'a.created_at as handled_at', 's.created_at'])
            .where('a.account_id', '=', teacher.accountId)
            .where('a.at', '>=', from)
            .execute(),
        );
        if (rows.length >= ALERT_STUDENTS || Date.now() > deadline) {
          const sent = rows.filter((r) => r.outcome === 'sent' && r.created_at !== null);
          return {
            handled: rows.length,
            sent: sent.length,
            ms: sent.map((r) => Number(r.created_at) - Number(r.at)).sort((a, b) => a - b),
            startMs: rows.map((r) => Number(r.handled_at) - Number(r.at)).sort((a, b) => a - b),
          };
        }
        await sleep(250);
      }
    };
    const pct = (sorted: number[], p: number) =>
      sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

    const quietFrom = await measuredPhase();
    const quiet = await latencies(quietFrom);
    const quietRoundTrips = roundTrips.splice(0).sort((a, b) => a - b);

    let stop = false;
    let backgroundPunches = 0;
    const background = backgroundKeys.map(async (key, k) => {
      let n = k * 97;
      while (!stop) {
        const ids = Array.from(
          { length: BACKGROUND_BATCH },
          () => school.quiet.studentIds[n++ % QUIET_STUDENTS]!,
        );
        await Promise.all([punch(key, ids), sleep(BACKGROUND_EVERY_MS)]);
        backgroundPunches += ids.length;
      }
    });
    const busyStarted = Date.now();
    const busyFrom = await measuredPhase();
    const busy = await latencies(busyFrom);
    stop = true;
    await Promise.all(background);
    const backgroundRate = Math.round(backgroundPunches / ((Date.now() - busyStarted) / 1000));
    const duplicates = await inServerDatabase(dataDir, async (db) => {
      const row = await sql<{ n: number }>`
        SELECT COUNT(*) AS n FROM (
          SELECT m.student_id FROM sms_messages m JOIN sms_sends s ON s.id = m.send_id
          WHERE s.account_id = ${teacher.accountId} GROUP BY m.student_id HAVING COUNT(*) > 2
        ) d`.execute(db.kysely);
      return Number(row.rows[0]?.n ?? 0);
    });

    const goal = `<= ${GOAL_P95_MS}`;
    return [
      { figure: 'attendance_sms_queued_p50', value: pct(quiet.ms, 0.5), unit: 'ms' },
      {
        figure: 'attendance_sms_queued_p95',
        value: pct(quiet.ms, 0.95),
        unit: 'ms',
        goal,
        met: pct(quiet.ms, 0.95) <= GOAL_P95_MS,
      },
      { figure: 'attendance_sms_queued_max', value: quiet.ms.at(-1) ?? 0, unit: 'ms' },
      { figure: 'attendance_sms_alert_started_p95', value: pct(quiet.startMs, 0.95), unit: 'ms' },
      { figure: 'attendance_sms_kiosk_round_trip_p95', value: pct(quietRoundTrips, 0.95), unit: 'ms' },
      {
        figure: 'attendance_sms_sent',
        value: quiet.sent,
        unit: 'SMS',
        goal: `= ${ALERT_STUDENTS}`,
        met: quiet.sent === ALERT_STUDENTS,
      },
      { figure: 'attendance_sms_background_punches_per_second', value: backgroundRate, unit: 'punches/s' },
      {
        figure: 'attendance_sms_queued_p95_under_background',
        value: pct(busy.ms, 0.95),
        unit: 'ms',
        goal,
        met: pct(busy.ms, 0.95) <= GOAL_P95_MS,
      },
      { figure: 'attendance_sms_queued_max_under_background', value: busy.ms.at(-1) ?? 0, unit: 'ms' },
      {
        figure: 'attendance_sms_sent_under_background',
        value: busy.sent,
        unit: 'SMS',
        goal: `= ${ALERT_STUDENTS}`,
        met: busy.sent === ALERT_STUDENTS,
      },
      {
        figure: 'attendance_sms_duplicates',
        value: duplicates,
        unit: 'students',
        goal: '= 0',
        met: duplicates === 0,
      },
    ];
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
