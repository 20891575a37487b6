import { randomUUID } from 'node:crypto';
import { bangladeshMoment, type ClassroomTiming, DEVICE_KEY_HEADER } from '@batchwise/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { TestClient } from '../../test/http';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { classroomWithStudents, insertKiosk, insertTimetableEvent } from './attendance-fixture';

// Punches follow the timetable (part 1 §3 "Batch" `Events`): on a cancelled class or a holiday
// the kiosk and the ZKTeco device log the entry and mark nothing, and the kiosk says there is no
// class; an extra class marks as a weekly one does. 2 March 2026 is a Monday.

const mon = (time: string) => bangladeshMoment('2026-03-02', time);
const tue = (time: string) => bangladeshMoment('2026-03-03', time);
const wed = (time: string) => bangladeshMoment('2026-03-04', time);
const AFTERNOONS: ClassroomTiming[] = [
  { day: 'Monday', start: '16:00', end: '17:30' },
  { day: 'Tuesday', start: '16:00', end: '17:30' },
];

describe.each(DIALECTS)('punches follow the timetable [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  beforeAll(() => ctx.deps.clock.set(Date.parse('2026-03-10T06:00:00Z')));

  const marksOf = (studentId: string) =>
    ctx.deps.db.kysely
      .selectFrom('attendance_marks')
      .select(['session_date', 'session_start', 'status'])
      .where('student_id', '=', studentId)
      .orderBy('session_date')
      .execute();
  const punchCount = async (studentId: string) =>
    (
      await ctx.deps.db.kysely
        .selectFrom('attendance_punches')
        .select('id')
        .where('student_id', '=', studentId)
        .execute()
    ).length;

  it('a kiosk scan on a cancelled class is logged, marks nothing, and says there is no class', async () => {
    const { accountId } = await signUp(ctx.app, ctx.deps);
    const room = await classroomWithStudents(ctx.deps, accountId, AFTERNOONS, [{ name: 'Rafi Islam' }]);
    const [studentId] = room.studentIds as [string];
    await insertTimetableEvent(ctx.deps, accountId, room.classroomId, {
      kind: 'cancelled',
      date: '2026-03-02',
      start: '16:00',
      end: '17:30',
    });
    const kiosk = await insertKiosk(ctx.deps, accountId);
    const client = new TestClient(ctx.app);
    const scan = async (at: number) => {
      const res = await client.request({
        method: 'POST',
        url: '/api/kiosk/punches',
        payload: { punches: [{ clientId: randomUUID(), code: `BW1:S:${studentId}`, via: 'qr', at }] },
        headers: { [DEVICE_KEY_HEADER]: kiosk.key },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results[0];
    };

    const cancelled = await scan(mon('16:05'));
    expect(cancelled).toMatchObject({ outcome: 'recorded', direction: 'entry', noClass: true });
    expect(await marksOf(studentId)).toEqual([]);
    expect(await punchCount(studentId)).toBe(1);

    // The next day's class is on: the scan marks it, and says nothing of "no class".
    const held = await scan(tue('16:05'));
    expect(held.outcome).toBe('recorded');
    expect(held.noClass).toBeUndefined();
    expect(await marksOf(studentId)).toEqual([
      { session_date: '2026-03-03', session_start: '16:00', status: 'present' },
    ]);
  });

  it('a ZKTeco punch on a holiday marks nothing; on an extra class it marks present', async () => {
    const { accountId } = await signUp(ctx.app, ctx.deps);
    const room = await classroomWithStudents(ctx.deps, accountId, AFTERNOONS, [{ name: 'Nila Das' }]);
    const [studentId] = room.studentIds as [string];
    await insertTimetableEvent(ctx.deps, accountId, room.classroomId, {
      kind: 'holiday',
      date: '2026-03-03',
    });
    await insertTimetableEvent(ctx.deps, accountId, room.classroomId, {
      kind: 'extra',
      date: '2026-03-04',
      start: '10:00',
      end: '11:00',
    });
    const record = (at: number) =>
      ctx.deps.punches.record({
        accountId,
        deviceId: null,
        punches: [{ studentId, at, via: 'zkteco', dedupeKey: randomUUID() }],
      });

    const [afternoon] = await record(tue('16:02'));
    const [exit] = await record(tue('17:00'));
    expect(afternoon).toMatchObject({ outcome: 'recorded', noClass: true });
    expect(exit).toMatchObject({ outcome: 'recorded', direction: 'exit', noClass: true });
    expect(await marksOf(studentId)).toEqual([]);

    const [extra] = await record(wed('10:03'));
    expect(extra).toMatchObject({ outcome: 'recorded' });
    expect(await marksOf(studentId)).toEqual([
      { session_date: '2026-03-04', session_start: '10:00', status: 'present' },
    ]);
    expect(await punchCount(studentId)).toBe(3);
  });
});
