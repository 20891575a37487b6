import { randomUUID } from 'node:crypto';
import { bangladeshMoment, type ClassroomTiming } from '@batchwise/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { classroomWithStudents, enrol, insertKiosk } from './attendance-fixture';
import type { PunchInput } from './punch.service';

// Punches and the marks they leave, through PunchService.record as kiosks and
// devices call it. 2 March 2026 is a Monday; times are Bangladesh wall time.

const mon = (time: string) => bangladeshMoment('2026-03-02', time);
const tue = (time: string) => bangladeshMoment('2026-03-03', time);
const EVENING: ClassroomTiming[] = [{ day: 'Monday', start: '22:00', end: '01:00' }];
const AFTERNOON: ClassroomTiming[] = [{ day: 'Monday', start: '16:00', end: '17:30' }];

describe.each(DIALECTS)('punches and marks [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  beforeAll(() => ctx.deps.clock.set(Date.parse('2026-03-10T06:00:00Z')));

  async function setUp(
    timings: readonly ClassroomTiming[],
    count: number,
    options: { lateAfterMinutes?: number } = {},
  ) {
    const { accountId } = await signUp(ctx.app, ctx.deps);
    const room = await classroomWithStudents(
      ctx.deps,
      accountId,
      timings,
      Array.from({ length: count }, (_, i) => ({ name: `Pupil ${i}` })),
      options,
    );
    const device = await insertKiosk(ctx.deps, accountId);
    const record = (
      studentId: string,
      at: number,
      extra: Partial<PunchInput> = {},
      deviceId: string | null = device.id,
    ) =>
      ctx.deps.punches.record({
        accountId,
        deviceId,
        punches: [{ studentId, at, via: 'rfid', dedupeKey: randomUUID(), ...extra }],
      });
    return { accountId, ...room, deviceId: device.id, record };
  }

  const marksOf = (studentId: string) =>
    ctx.deps.db.kysely
      .selectFrom('attendance_marks')
      .select(['classroom_id', 'session_date', 'session_start', 'status', 'source', 'marked_by'])
      .where('student_id', '=', studentId)
      .orderBy('session_date')
      .orderBy('session_start')
      .execute();
  const historyOf = (studentId: string) =>
    ctx.deps.db.kysely
      .selectFrom('attendance_mark_history')
      .select(['session_date', 'session_start', 'status', 'previous_status', 'source'])
      .where('student_id', '=', studentId)
      .orderBy('id')
      .execute();
  const directionsOf = async (studentId: string) =>
    (
      await ctx.deps.db.kysely
        .selectFrom('attendance_punches')
        .select(['direction'])
        .where('student_id', '=', studentId)
        .orderBy('at')
        .orderBy('id')
        .execute()
    ).map((p) => p.direction);

  it('marks late across midnight in Bangladesh time', async () => {
    const s = await setUp(EVENING, 4);
    const [onTime, afterMidnight, afterEnd, morning] = s.studentIds as [string, string, string, string];
    await s.record(onTime, mon('22:05'));
    await s.record(afterMidnight, tue('00:30'));
    await s.record(afterEnd, tue('01:30'));
    await s.record(morning, mon('08:00'));
    const session = { classroom_id: s.classroomId, session_date: '2026-03-02', session_start: '22:00' };
    expect(await marksOf(onTime)).toEqual([
      { ...session, status: 'present', source: 'punch', marked_by: null },
    ]);
    // 00:30 on Tuesday belongs to Monday's 22:00–01:00 session, ten minutes being long past.
    expect(await marksOf(afterMidnight)).toEqual([
      { ...session, status: 'late', source: 'punch', marked_by: null },
    ]);
    expect(await marksOf(afterEnd)).toEqual([]);
    // An entry earlier the same day counts as present.
    expect(await marksOf(morning)).toEqual([
      { ...session, status: 'present', source: 'punch', marked_by: null },
    ]);
    expect(await historyOf(afterMidnight)).toEqual([
      {
        session_date: '2026-03-02',
        session_start: '22:00',
        status: 'late',
        previous_status: null,
        source: 'punch',
      },
    ]);
  });

  it('never overwrites roll call, never turns present into late, and mends late into present', async () => {
    const s = await setUp(AFTERNOON, 2);
    const [called, punched] = s.studentIds as [string, string];
    const now = ctx.deps.clock.now();
    await ctx.deps.db.kysely
      .insertInto('attendance_marks')
      .values({
        classroom_id: s.classroomId,
        student_id: called,
        session_date: '2026-03-02',
        session_start: '16:00',
        status: 'absent',
        source: 'roll-call',
        marked_by: null,
        marked_at: now,
      })
      .execute();
    await s.record(called, mon('16:02'));
    expect((await marksOf(called)).map((m) => [m.status, m.source])).toEqual([['absent', 'roll-call']]);
    expect(await historyOf(called)).toEqual([]);

    await s.record(punched, mon('16:20')); // entry, late
    expect((await marksOf(punched)).map((m) => m.status)).toEqual(['late']);
    // The kiosk's offline queue brings an earlier entry: the student was on time after all.
    await s.record(punched, mon('15:50'));
    expect((await marksOf(punched)).map((m) => m.status)).toEqual(['present']);
    await s.record(punched, mon('17:00')); // inside the late window
    expect((await marksOf(punched)).map((m) => m.status)).toEqual(['present']);
    expect((await historyOf(punched)).map((h) => [h.previous_status, h.status])).toEqual([
      [null, 'late'],
      ['late', 'present'],
    ]);
  });

  it("follows the classroom's late setting and marks every classroom the student is in", async () => {
    const s = await setUp(AFTERNOON, 1, { lateAfterMinutes: 30 });
    const [studentId] = s.studentIds as [string];
    const other = await classroomWithStudents(
      ctx.deps,
      s.accountId,
      [{ day: 'Monday', start: '16:15', end: '18:00' }],
      [],
    );
    await enrol(ctx.deps, studentId, other.classroomId);
    const closed = await classroomWithStudents(ctx.deps, s.accountId, AFTERNOON, []);
    await enrol(ctx.deps, studentId, closed.classroomId);
    await ctx.deps.db.kysely
      .updateTable('classrooms')
      .set({ closed_at: ctx.deps.clock.now() })
      .where('id', '=', closed.classroomId)
      .execute();
    await s.record(studentId, mon('16:27'));
    const marks = await marksOf(studentId);
    expect(marks.map((m) => [m.classroom_id, m.session_start, m.status]).sort()).toEqual(
      [
        [s.classroomId, '16:00', 'present'], // 27 minutes in, 30 allowed
        [other.classroomId, '16:15', 'late'], // 12 minutes in, 10 allowed
      ].sort(),
    );
  });

  it('toggles by the Bangladesh day; an explicit direction wins', async () => {
    const s = await setUp(AFTERNOON, 2);
    const [student, device] = s.studentIds as [string, string];
    await s.record(student, mon('23:50'));
    await s.record(student, tue('00:10'));
    await s.record(student, tue('09:00'));
    expect(await directionsOf(student)).toEqual(['entry', 'entry', 'exit']);
    await s.record(device, mon('09:00'), { direction: 'exit', via: 'zkteco', verifyCode: 1 });
    await s.record(device, mon('10:00'));
    await s.record(device, mon('11:00'), { direction: 'exit', via: 'zkteco', verifyCode: 15 });
    expect(await directionsOf(device)).toEqual(['exit', 'entry', 'exit']);
  });

  it('answers a repeated dedupe key with the stored punch; manual punches are never deduplicated', async () => {
    const s = await setUp(AFTERNOON, 2);
    const [student, other] = s.studentIds as [string, string];
    const first = await s.record(student, mon('16:00'), { dedupeKey: 'same' });
    const again = await s.record(other, mon('16:05'), { dedupeKey: 'same' });
    expect(first[0]).toMatchObject({ outcome: 'recorded', direction: 'entry' });
    expect(again[0]).toEqual({ ...first[0], outcome: 'duplicate' });
    expect(await directionsOf(other)).toEqual([]);
    await s.record(other, mon('16:00'), { dedupeKey: 'by hand', via: 'manual' }, null);
    await s.record(other, mon('16:30'), { dedupeKey: 'by hand', via: 'manual' }, null);
    expect(await directionsOf(other)).toEqual(['entry', 'exit']);
    const unknown = await s.record('no-such-student', mon('16:00'));
    expect(unknown).toEqual([{ outcome: 'unknown', studentId: 'no-such-student' }]);
  });

  const alertJobs = async () =>
    (
      await ctx.deps.db.kysely
        .selectFrom('jobs')
        .select(['id', 'payload', 'status', 'idempotency_key'])
        .where('type', '=', 'attendance.alert')
        .orderBy('id')
        .execute()
    ).map((j) => ({ ...j, punchIds: (JSON.parse(j.payload) as { punchIds: string[] }).punchIds }));
  const jobsNaming = async (punchId: string) =>
    (await alertJobs()).filter((j) => j.punchIds.includes(punchId));
  const idOf = (r: Awaited<ReturnType<typeof ctx.deps.punches.record>>[number]) =>
    r.outcome === 'unknown' ? '' : r.punchId;

  it('puts each new punch in exactly one alert job, joining the one no worker has taken yet', async () => {
    const s = await setUp(AFTERNOON, 2);
    const [a, b] = s.studentIds as [string, string];
    // The worker took every job so far: the next punches need a job of their own.
    await ctx.deps.db.kysely
      .updateTable('jobs')
      .set({ status: 'done' })
      .where('type', '=', 'attendance.alert')
      .execute();
    const results = await ctx.deps.punches.record({
      accountId: s.accountId,
      deviceId: s.deviceId,
      punches: [
        { studentId: a, at: mon('16:00'), via: 'rfid', dedupeKey: 'k1' },
        { studentId: b, at: mon('16:01'), via: 'rfid', dedupeKey: 'k2' },
        { studentId: a, at: mon('16:02'), via: 'rfid', dedupeKey: 'k1' },
      ],
    });
    expect(results.map((r) => r.outcome)).toEqual(['recorded', 'recorded', 'duplicate']);
    const [first, second] = results.slice(0, 2).map(idOf) as [string, string];
    expect(await jobsNaming(first)).toEqual([
      expect.objectContaining({
        punchIds: [first, second],
        status: 'queued',
        idempotency_key: `attendance.alert:${first}`,
      }),
    ]);
    // A resend adds nothing; a new punch joins the queued job.
    await s.record(a, mon('16:00'), { dedupeKey: 'k1' });
    const third = idOf((await s.record(b, mon('16:30')))[0]!);
    expect((await jobsNaming(first)).map((j) => j.punchIds)).toEqual([[first, second, third]]);
    // Once a worker has taken it, the next punch starts another.
    await ctx.deps.db.kysely
      .updateTable('jobs')
      .set({ status: 'running' })
      .where('type', '=', 'attendance.alert')
      .execute();
    const fourth = idOf((await s.record(a, mon('16:40')))[0]!);
    expect((await jobsNaming(fourth)).map((j) => [j.punchIds, j.idempotency_key])).toEqual([
      [[fourth], `attendance.alert:${fourth}`],
    ]);
  });

  it('starts a new alert job when the queued one is full', async () => {
    const s = await setUp(AFTERNOON, 1);
    const [a] = s.studentIds as [string];
    const ids: string[] = [];
    for (let i = 0; i < 160; i++) ids.push(idOf((await s.record(a, mon('16:00') + i * 1000))[0]!));
    const jobs = await alertJobs();
    for (const id of ids) expect(jobs.filter((j) => j.punchIds.includes(id))).toHaveLength(1);
    const mine = jobs.filter((j) => j.punchIds.some((id) => ids.includes(id)));
    expect(mine.length).toBeGreaterThan(1);
    for (const job of mine) expect(job.payload.length).toBeLessThan(4_100);
  });

  it('serialises concurrent punches of one student, and concurrent resends store once', async () => {
    const s = await setUp(AFTERNOON, 1);
    const [studentId] = s.studentIds as [string];
    const at = mon('16:00');
    await Promise.all(Array.from({ length: 8 }, () => s.record(studentId, at)));
    // Same moment for all: each toggles against the one committed before it.
    const stored = await ctx.deps.db.kysely
      .selectFrom('attendance_punches')
      .select('direction')
      .where('student_id', '=', studentId)
      .orderBy('id')
      .execute();
    expect(stored.map((p) => p.direction)).toEqual([
      'entry',
      'exit',
      'entry',
      'exit',
      'entry',
      'exit',
      'entry',
      'exit',
    ]);

    const again = await Promise.all(
      Array.from({ length: 6 }, () => s.record(studentId, mon('17:00'), { dedupeKey: 'resent' })),
    );
    const ids = new Set(again.map((r) => (r[0]!.outcome === 'unknown' ? '' : r[0]!.punchId)));
    expect(ids.size).toBe(1);
    expect(again.filter((r) => r[0]!.outcome === 'recorded')).toHaveLength(1);
    // Concurrent transactions appending to one alert job lose none of each other's punches.
    const all = await ctx.deps.db.kysely
      .selectFrom('attendance_punches')
      .select('id')
      .where('student_id', '=', studentId)
      .execute();
    for (const { id } of all) expect(await jobsNaming(id)).toHaveLength(1);
  });
});
