import { randomUUID } from 'node:crypto';
import { DAY_NAMES, DEVICE_KEY_HEADER, type KioskPunch } from '@batchwise/domain';
import { insertKiosk } from '../../../../apps/server/src/modules/attendance/attendance-fixture';
import { sleep } from '../random';
import type { DrillContext, Findings, WritePath } from '../write-path';
import { addStudent, newSchool } from './school';

const STUDENTS = 20;
/** Kiosks at the gates, each sending pages of 1–5 scans every 20–40 ms (within its rate limit). */
const CLIENTS = 6;

/**
 * Kiosk punches: a burst from several kiosks while the server is killed. Every punch
 * an answer acknowledged (recorded or duplicate) must be stored exactly once under its client id,
 * with exactly one `attendance.alert` job naming it (the job is written in the punch's
 * transaction). As a kiosk's offline queue does, scans whose answer never came are sent again
 * after the restart: they too must end up stored once.
 */
export function kioskPunchesPath(): WritePath {
  let school: { accountId: string; kiosks: { key: string; id: string }[]; studentIds: string[] };
  const acked = new Set<string>();
  /** Scans sent whose answer did not come (the kill): resent after the restart. */
  let unanswered: { key: string; punch: KioskPunch }[] = [];
  let inFlight = new Set<string>();
  let inFlightAtKill = 0;

  const send = async (ctx: DrillContext, key: string, punches: KioskPunch[]) => {
    for (const p of punches) inFlight.add(p.clientId);
    const reply = await ctx.api
      .send('POST', '/api/kiosk/punches', { body: { punches }, headers: { [DEVICE_KEY_HEADER]: key } })
      .catch(() => undefined);
    if (!reply) return;
    for (const p of punches) inFlight.delete(p.clientId);
    if (reply.status !== 200) throw new Error(`kiosk punches: ${reply.status} ${JSON.stringify(reply.body)}`);
    for (const result of reply.body.results as { clientId: string; outcome: string }[]) {
      if (result.outcome === 'recorded' || result.outcome === 'duplicate') acked.add(result.clientId);
      else throw new Error(`kiosk punch ${result.clientId}: ${result.outcome}`);
    }
  };

  return {
    name: 'kiosk-punches',
    clients: CLIENTS,
    async setup(ctx) {
      const teacher = await newSchool(ctx);
      // Every day, all day: each punch marks a session, so marks and history are written too.
      await ctx.api.must(
        'PUT',
        `/api/accounts/${teacher.accountId}/classrooms/${teacher.classroomId}`,
        {
          grade: 'Class 9',
          subject: 'Physics',
          name: `Drill gate batch ${ctx.unique()}`,
          timings: DAY_NAMES.map((day) => ({ day, start: '00:00', end: '23:59' })),
        },
        teacher.cookie,
      );
      const studentIds: string[] = [];
      for (let i = 0; i < STUDENTS; i++)
        studentIds.push((await addStudent(ctx.api, teacher, ctx.unique())).id);
      const db = ctx.openDatabase();
      try {
        const kiosks = [];
        for (let i = 0; i < CLIENTS; i++) {
          kiosks.push(
            await insertKiosk({ db, clock: { now: () => Date.now() } }, teacher.accountId, {
              name: `Gate ${i}`,
            }),
          );
        }
        school = { accountId: teacher.accountId, kiosks, studentIds };
      } finally {
        await db.close();
      }
    },
    async prepare(ctx) {
      // The kiosk's offline queue: what the kill left unanswered goes again, in pages.
      const queue = unanswered;
      unanswered = [];
      for (const { key } of school.kiosks) {
        const mine = queue.filter((q) => q.key === key).map((q) => q.punch);
        for (let i = 0; i < mine.length; i += 50) await send(ctx, key, mine.slice(i, i + 50));
      }
    },
    async write(ctx, client) {
      const { key } = school.kiosks[client]!;
      await sleep(ctx.random.int(20, 40));
      const count = ctx.random.int(1, 5);
      const punches = Array.from({ length: count }, () => ({
        clientId: randomUUID(),
        code: `BW1:S:${ctx.random.pick(school.studentIds)}`,
        via: 'qr' as const,
        at: Date.now(),
      }));
      await send(ctx, key, punches);
      // Now and then the kiosk resends a page it already got an answer for (a flaky network).
      if (ctx.random.int(0, 9) === 0) await send(ctx, key, punches);
      const lost = punches.filter((p) => inFlight.has(p.clientId));
      for (const punch of lost) unanswered.push({ key, punch });
    },
    async verify(db) {
      inFlightAtKill += inFlight.size;
      inFlight = new Set();
      const findings: Findings = { losses: [], duplicates: [] };
      const rows = await db
        .selectFrom('attendance_punches')
        .select(['id', 'dedupe_key'])
        .where(
          'device_id',
          'in',
          school.kiosks.map((k) => k.id),
        )
        .execute();
      const stored = new Map<string, string[]>();
      for (const r of rows) stored.set(r.dedupe_key, [...(stored.get(r.dedupe_key) ?? []), r.id]);
      for (const clientId of acked) {
        const ids = stored.get(clientId);
        if (!ids) findings.losses.push(`punch ${clientId}: acknowledged, missing`);
        else if (ids.length > 1) findings.duplicates.push(`punch ${clientId}: stored ${ids.length} times`);
      }
      const jobs = await db
        .selectFrom('jobs')
        .select('payload')
        .where('type', '=', 'attendance.alert')
        .execute();
      const alerts = new Map<string, number>();
      for (const job of jobs) {
        for (const id of (JSON.parse(job.payload) as { punchIds: string[] }).punchIds) {
          alerts.set(id, (alerts.get(id) ?? 0) + 1);
        }
      }
      for (const r of rows) {
        const count = alerts.get(r.id) ?? 0;
        if (count === 0) findings.losses.push(`punch ${r.dedupe_key}: stored without its alert job`);
        if (count > 1) findings.duplicates.push(`punch ${r.dedupe_key}: ${count} alert jobs`);
      }
      return findings;
    },
    figures: () => ({ acknowledged: acked.size, inFlightAtKill }),
  };
}
