import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { addStudent, createClassroom } from '../../test/school';
import { DIALECTS, type TestAppContext, useTestApp } from '../../test/test-deps';
import {
  ABSENCE_JOB,
  ABSENCE_SCAN_JOB,
  AbsenceAlerts,
  enqueueAbsenceChecks,
  nextAbsenceScan,
} from './absence-alerts';
import {
  type AlertSchool,
  alertLog,
  alertSchool,
  dhaka,
  MORNING,
  smsOf,
  THURSDAY,
} from './alerts-test-school';

// The absence SMS (optional): after a session's start plus its late time, each
// enrolled student with no present or late mark gets one SMS, once per session however often the
// scan or the job runs; a session nobody was marked in texts nobody.

async function markLeave(ctx: TestAppContext, s: AlertSchool, studentId: string) {
  await ctx.deps.db.kysely
    .insertInto('attendance_marks')
    .values({
      classroom_id: s.classroomId,
      student_id: studentId,
      session_date: THURSDAY,
      session_start: '08:00',
      status: 'leave',
      source: 'roll-call',
      marked_by: s.t.userId,
      marked_at: ctx.deps.clock.now(),
    })
    .execute();
}

const scan = (ctx: TestAppContext) =>
  enqueueAbsenceChecks({ db: ctx.deps.db, clock: ctx.deps.clock, jobs: ctx.deps.jobs });

describe.each(DIALECTS)('absence SMS [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('texts each student without a present or late mark once, after the late time', async () => {
    const s = await alertSchool(ctx);
    const nila = await addStudent(s.t.client, s.t.accountId, {
      name: 'Nila',
      parent1Phone: '+8801711999001',
      enrolments: [{ classroomId: s.classroomId }],
    });
    await s.configure({ smsMode: 'off', absenceSms: true, lateAfterMinutes: 10 });
    ctx.deps.clock.set(dhaka(8, 3));
    await s.punch(s.rahim.id, dhaka(8, 3), 'entry');
    await markLeave(ctx, s, nila.id);

    // Before the late time nothing is due; the scan queues the session for 08:10.
    expect(await scan(ctx)).toBe(1);
    expect(await scan(ctx)).toBe(0);
    await s.drain();
    expect(await smsOf(ctx, s.t.accountId)).toEqual([]);

    ctx.deps.clock.set(dhaka(8, 12));
    await s.drain();
    const sms = await smsOf(ctx, s.t.accountId);
    expect(sms.map((m) => [m.student_id, m.text, m.urgent])).toEqual([
      [
        s.karim.id,
        `Dear guardian, Karim is absent from Physics A at ${s.institution} today (12-03-2026).`,
        1,
      ],
    ]);
    expect((await alertLog(ctx, s.t.accountId)).map((l) => [l.kind, l.student_id, l.outcome])).toEqual([
      ['absence', s.karim.id, 'sent'],
    ]);

    // Again from the scan, the job, or a second job for the same session: nothing more.
    expect(await scan(ctx)).toBe(0);
    const alerts = new AbsenceAlerts({ ...ctx.deps, sends: ctx.deps.smsSends });
    const job = { classroomId: s.classroomId, date: THURSDAY, start: '08:00', due: dhaka(8, 10) };
    expect(await alerts.run(job)).toEqual({ outcome: 'already' });
    await ctx.deps.jobs.enqueue(ABSENCE_JOB, job, { idempotencyKey: 'again' });
    await s.drain();
    expect(await smsOf(ctx, s.t.accountId)).toHaveLength(1);
  });

  it('skips a session nobody was marked in, and a job whose late time changed', async () => {
    const s = await alertSchool(ctx);
    await s.configure({ smsMode: 'off', absenceSms: true, lateAfterMinutes: 10 });
    ctx.deps.clock.set(dhaka(8, 12));
    expect(await scan(ctx)).toBe(1);
    await s.drain();
    expect(await smsOf(ctx, s.t.accountId)).toEqual([]);
    expect((await alertLog(ctx, s.t.accountId)).map((l) => [l.kind, l.student_id, l.reason])).toEqual([
      ['absence', null, 'no-marks'],
    ]);

    await s.configure({ smsMode: 'off', absenceSms: true, lateAfterMinutes: 20 });
    const alerts = new AbsenceAlerts({ ...ctx.deps, sends: ctx.deps.smsSends });
    expect(
      await alerts.run({ classroomId: s.classroomId, date: THURSDAY, start: '08:00', due: dhaka(8, 10) }),
    ).toEqual({ outcome: 'moot' });
    await s.configure({ smsMode: 'off', absenceSms: false, lateAfterMinutes: 20 });
    expect(
      await alerts.run({ classroomId: s.classroomId, date: THURSDAY, start: '08:00', due: dhaka(8, 20) }),
    ).toEqual({ outcome: 'off' });
  });

  it('logs every absence as skipped when the quota cannot pay, and sends none', async () => {
    const s = await alertSchool(ctx, 0);
    await s.configure({ smsMode: 'off', absenceSms: true, lateAfterMinutes: 10, language: 'bn' });
    ctx.deps.clock.set(dhaka(8, 3));
    await s.punch(s.rahim.id, dhaka(8, 3), 'entry');
    ctx.deps.clock.set(dhaka(8, 15));
    await scan(ctx);
    await s.drain();
    expect(await smsOf(ctx, s.t.accountId)).toEqual([]);
    const [karim] = await alertLog(ctx, s.t.accountId);
    expect(karim).toMatchObject({ student_id: s.karim.id, outcome: 'skipped', reason: 'no-quota' });
    expect(karim?.text).toBe(`Karim আজ ${s.institution}-এর Physics A ক্লাসে অনুপস্থিত।`);
  });

  it('runs the scan on the worker every ten minutes, only for classrooms with absence SMS on', async () => {
    const s = await alertSchool(ctx);
    const other = await createClassroom(s.t.client, s.t.accountId, { name: 'Chemistry', timings: MORNING });
    await s.configure({ smsMode: 'entry', absenceSms: true });
    ctx.deps.clock.set(dhaka(8, 0));
    await ctx.deps.jobs.enqueue(ABSENCE_SCAN_JOB, {}, { idempotencyKey: `test-scan-${newId()}` });
    await s.drain();
    const jobs = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .select(['type', 'payload', 'run_at', 'status'])
      .where('type', 'in', [ABSENCE_JOB, ABSENCE_SCAN_JOB])
      .where('status', '=', 'queued')
      .execute();
    expect(jobs.map((j) => [j.type, Number(j.run_at)]).sort()).toEqual(
      [
        [ABSENCE_JOB, dhaka(8, 10)],
        [ABSENCE_SCAN_JOB, nextAbsenceScan(dhaka(8, 0))],
      ].sort(),
    );
    expect(JSON.parse(jobs.find((j) => j.type === ABSENCE_JOB)!.payload)).toMatchObject({
      classroomId: s.classroomId,
      date: THURSDAY,
      start: '08:00',
    });
    expect(JSON.stringify(jobs)).not.toContain(other);
  });
});
