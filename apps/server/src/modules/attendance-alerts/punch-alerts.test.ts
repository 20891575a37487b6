import { describe, expect, it } from 'vitest';
import { smsQuotaOf } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { PunchService } from '../attendance/punch.service';
import { alertLog, alertSchool, dhaka, smsOf } from './alerts-test-school';
import { ALERT_STALE_AFTER_MS, PunchAlerts } from './punch-alerts';

// Parent SMS on entry and exit: the classroom's setting (off, entry only,
// both), one SMS per direction per student per window, the templates in both languages, sent as
// a transactional message through the quiet hours, paid from the quota (skipped and logged when
// there is none), and never twice however often the job runs.

describe.each(DIALECTS)('attendance SMS on punches [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('sends nothing while the classroom is off; entry only sends entries; both sends both', async () => {
    const s = await alertSchool(ctx);
    ctx.deps.clock.set(dhaka(8, 0));
    await s.punch(s.rahim.id, dhaka(8, 0), 'entry');
    await s.drain();
    expect(await smsOf(ctx, s.t.accountId)).toEqual([]);
    expect(await alertLog(ctx, s.t.accountId)).toEqual([]);

    await s.configure({ smsMode: 'entry' });
    ctx.deps.clock.set(dhaka(8, 5));
    await s.punch(s.rahim.id, dhaka(8, 5), 'entry');
    // Queued right after the punch, before the job worker has run at all.
    expect(await smsOf(ctx, s.t.accountId)).toHaveLength(1);
    ctx.deps.clock.set(dhaka(9, 0));
    await s.punch(s.rahim.id, dhaka(9, 0), 'exit');
    await s.drain();
    expect((await smsOf(ctx, s.t.accountId)).map((m) => m.text)).toEqual([
      `Dear guardian, Rahim arrived at ${s.institution} at 8:05 AM.`,
    ]);

    await s.configure({ smsMode: 'both' });
    ctx.deps.clock.set(dhaka(9, 40));
    await s.punch(s.rahim.id, dhaka(9, 40), 'exit');
    await s.drain();
    const sms = await smsOf(ctx, s.t.accountId);
    expect(sms.map((m) => m.text)).toEqual([
      `Dear guardian, Rahim arrived at ${s.institution} at 8:05 AM.`,
      `Dear guardian, Rahim left ${s.institution} at 9:40 AM.`,
    ]);
    // To the first guardian, charged as the gateway bills (one part each).
    expect(sms.map((m) => [m.phone, m.source, m.student_id])).toEqual([
      [s.parent, 'parent1', s.rahim.id],
      [s.parent, 'parent1', s.rahim.id],
    ]);
    expect(await smsQuotaOf(ctx.deps, s.t.accountId)).toBe(98);
    expect((await alertLog(ctx, s.t.accountId)).map((l) => [l.kind, l.outcome])).toEqual([
      ['entry', 'sent'],
      ['exit', 'sent'],
    ]);
  });

  it('sends at most one SMS per direction per student within the window', async () => {
    const s = await alertSchool(ctx);
    await s.configure({ smsMode: 'both', smsWindowMinutes: 30 });
    for (const [minutes, direction] of [
      [0, 'entry'],
      [10, 'exit'],
      [20, 'entry'],
      [29, 'exit'],
      [31, 'entry'],
    ] as const) {
      ctx.deps.clock.set(dhaka(8, minutes));
      await s.punch(s.rahim.id, dhaka(8, minutes), direction);
    }
    await s.drain();
    const log = await alertLog(ctx, s.t.accountId);
    expect(log.map((l) => [l.kind, l.outcome, l.reason])).toEqual([
      ['entry', 'sent', null],
      ['exit', 'sent', null],
      ['entry', 'skipped', 'window'],
      ['exit', 'skipped', 'window'],
      ['entry', 'sent', null],
    ]);
    expect(await smsOf(ctx, s.t.accountId)).toHaveLength(3);
    // A punch older than the last one sent (an offline kiosk catching up) never sends either.
    ctx.deps.clock.set(dhaka(8, 40));
    await s.punch(s.rahim.id, dhaka(7, 50), 'entry');
    await s.drain();
    expect((await alertLog(ctx, s.t.accountId)).at(-1)).toMatchObject({ reason: 'window' });
  });

  it('writes the classroom template in Bangla or English with Bangladesh time', async () => {
    const s = await alertSchool(ctx);
    await s.configure({ smsMode: 'both', language: 'bn' });
    ctx.deps.clock.set(dhaka(16, 45));
    await s.punch(s.rahim.id, dhaka(16, 45), 'exit');
    await s.drain();
    await s.configure({
      smsMode: 'both',
      language: 'en',
      templates: {
        entry: { en: '{Name} ({ID}) {Direction} {Classroom} at {Time} on {Date}.', bn: 'x {Name}' },
        exit: { en: 'unused', bn: 'unused {Name}' },
        absence: { en: 'absent {Name}', bn: 'অনুপস্থিত {Name}' },
      },
    });
    ctx.deps.clock.set(dhaka(17, 0));
    await s.punch(s.rahim.id, dhaka(17, 0), 'entry');
    await s.drain();
    expect((await smsOf(ctx, s.t.accountId)).map((m) => m.text)).toEqual([
      `Rahim বিকাল ৪:৪৫-এ ${s.institution} থেকে বের হয়েছে।`,
      `Rahim (${s.rahim.customId ?? '.'}) entered Physics A at 5:00 PM on 12-03-2026.`,
    ]);
  });

  it('is not held by the quiet hours: an alert at 02:00 in Bangladesh goes out at once', async () => {
    const s = await alertSchool(ctx);
    await s.configure({ smsMode: 'entry' });
    ctx.deps.clock.set(dhaka(2, 0));
    await s.punch(s.rahim.id, dhaka(2, 0), 'entry');
    await s.drain();
    const [sms] = await smsOf(ctx, s.t.accountId);
    expect(sms).toMatchObject({ urgent: 1, run_at: dhaka(2, 0), created_at: dhaka(2, 0) });
    expect(sms?.status).not.toBe('scheduled');
  });

  it('logs an alert as skipped, with why, when the quota is out or there is no phone, and goes on', async () => {
    const s = await alertSchool(ctx, 0);
    await s.configure({ smsMode: 'entry' });
    ctx.deps.clock.set(dhaka(8, 0));
    await s.punch(s.rahim.id, dhaka(8, 0), 'entry');
    await s.punch(s.karim.id, dhaka(8, 1), 'entry');
    await s.drain();
    expect(await smsOf(ctx, s.t.accountId)).toEqual([]);
    const log = await alertLog(ctx, s.t.accountId);
    expect(log.map((l) => [l.student_id, l.outcome, l.reason])).toEqual([
      [s.rahim.id, 'skipped', 'no-quota'],
      // Karim's own phone is his family's number when no guardian's is on file.
      [s.karim.id, 'skipped', 'no-quota'],
    ]);
    expect(log[0]?.text).toBe(`Dear guardian, Rahim arrived at ${s.institution} at 8:00 AM.`);
    // The job completed: nothing is left to retry.
    const jobs = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .select(['status'])
      .where('type', '=', 'attendance.alert')
      .execute();
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    // A skipped alert does not use up the window: the next punch after a top-up is sent.
    await ctx.deps.db.kysely
      .updateTable('students')
      .set({ phone: 'Unset' })
      .where('id', '=', s.karim.id)
      .execute();
    const { setSmsQuota } = await import('../../test/school');
    await setSmsQuota(ctx.deps, s.t.accountId, 10);
    ctx.deps.clock.set(dhaka(8, 5));
    await s.punch(s.rahim.id, dhaka(8, 5), 'entry');
    await s.punch(s.karim.id, dhaka(8, 5), 'entry');
    await s.drain();
    expect(
      (await alertLog(ctx, s.t.accountId)).slice(2).map((l) => [l.student_id, l.outcome, l.reason]),
    ).toEqual([
      [s.rahim.id, 'sent', null],
      [s.karim.id, 'skipped', 'no-phone'],
    ]);
  });

  it('does not text a punch that reaches the server hours late', async () => {
    const s = await alertSchool(ctx);
    await s.configure({ smsMode: 'entry' });
    ctx.deps.clock.set(dhaka(8, 0) + ALERT_STALE_AFTER_MS + 60_000);
    await s.punch(s.rahim.id, dhaka(8, 0), 'entry');
    await s.drain();
    expect(await smsOf(ctx, s.t.accountId)).toEqual([]);
    expect((await alertLog(ctx, s.t.accountId)).map((l) => l.reason)).toEqual(['stale']);
  });

  it('never sends twice for a punch: a retried job, a second job, two workers at once', async () => {
    const s = await alertSchool(ctx);
    await s.configure({ smsMode: 'entry' });
    ctx.deps.clock.set(dhaka(8, 0));
    // Stored without the fast path, as a server killed right after the commit leaves it.
    const plain = new PunchService({ ...ctx.deps, afterRecord: undefined });
    const [recorded] = await plain.record({
      accountId: s.t.accountId,
      deviceId: null,
      punches: [
        { studentId: s.rahim.id, at: dhaka(8, 0), via: 'manual', direction: 'entry', dedupeKey: 'crash' },
      ],
    });
    const punchId = recorded?.outcome === 'recorded' ? recorded.punchId : '';
    // Three workers handle the same punch at the same time (a job whose lease ran out while its
    // first worker was still at it), then the job runs, then it is queued again twice.
    const alerts = new PunchAlerts({ ...ctx.deps, sends: ctx.deps.smsSends });
    const outcomes = await Promise.all([
      alerts.handle([punchId]),
      alerts.handle([punchId]),
      alerts.handle([punchId]),
    ]);
    expect(outcomes.flat().filter((o) => o === 'sent')).toHaveLength(1);
    await s.drain();
    await ctx.deps.jobs.enqueue('attendance.alert', { punchIds: [punchId] }, { idempotencyKey: 'replay-1' });
    await ctx.deps.jobs.enqueue(
      'attendance.alert',
      { punchIds: [punchId, punchId] },
      { idempotencyKey: 'replay-2' },
    );
    await s.drain();
    expect(await smsOf(ctx, s.t.accountId)).toHaveLength(1);
    expect(await alertLog(ctx, s.t.accountId)).toHaveLength(1);
    expect(await smsQuotaOf(ctx.deps, s.t.accountId)).toBe(99);
  });
});
