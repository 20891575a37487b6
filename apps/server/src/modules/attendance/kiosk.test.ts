import { randomUUID } from 'node:crypto';
import { bangladeshMoment, DEVICE_KEY_HEADER, type KioskPunch } from '@batchwise/domain';
import { describe, expect, it, vi } from 'vitest';
import { signUp } from '../../test/factories';
import { TestClient } from '../../test/http';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import type { LiveEvent } from '../events/event-bus';
import { classroomWithStudents, insertKiosk } from './attendance-fixture';

// The kiosk API: the device key names the device and its account; scans are
// recorded once per client id; codes resolve only among the account's own students.

const EVERY_DAY = (
  ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
).map((day) => ({ day, start: '16:00', end: '18:00' }));

describe.each(DIALECTS)('kiosk [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function school(students: { name: string; rfid?: string }[] = [{ name: 'Rafi Islam' }]) {
    const teacher = await signUp(ctx.app, ctx.deps);
    const room = await classroomWithStudents(ctx.deps, teacher.accountId, EVERY_DAY, students);
    const kiosk = await insertKiosk(ctx.deps, teacher.accountId, { name: 'Front gate' });
    const client = new TestClient(ctx.app);
    const send = (punches: KioskPunch[], key = kiosk.key) =>
      client.request({
        method: 'POST',
        url: '/api/kiosk/punches',
        payload: { punches },
        headers: { [DEVICE_KEY_HEADER]: key },
      });
    return { teacher, ...room, kiosk, client, send };
  }

  const scan = (code: string, at: number, via: KioskPunch['via'] = 'qr'): KioskPunch => ({
    clientId: randomUUID(),
    code,
    via,
    at,
  });

  const punchesOf = (studentId: string) =>
    ctx.deps.db.kysely
      .selectFrom('attendance_punches')
      .selectAll()
      .where('student_id', '=', studentId)
      .orderBy('at')
      .execute();

  it('names its device and institution, and refuses a missing, wrong or revoked key', async () => {
    const s = await school();
    const ask = (key?: string) =>
      s.client.request({
        method: 'GET',
        url: '/api/kiosk/device',
        headers: key === undefined ? {} : { [DEVICE_KEY_HEADER]: key },
      });
    const res = await ask(s.kiosk.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      deviceName: 'Front gate',
      institution: s.teacher.input.institution,
      accountId: s.teacher.accountId,
    });
    const device = await ctx.deps.db.kysely
      .selectFrom('attendance_devices')
      .select('last_contact_at')
      .where('id', '=', s.kiosk.id)
      .executeTakeFirstOrThrow();
    expect(device.last_contact_at).toBeGreaterThan(0);

    const revoked = await insertKiosk(ctx.deps, s.teacher.accountId, { revoked: true });
    for (const key of [undefined, '', 'not-a-key', revoked.key, `${s.kiosk.key}x`]) {
      const refused = await ask(key);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('DEVICE_KEY_INVALID');
    }
  });

  it('toggles entry and exit, and stores a resent punch once', async () => {
    const s = await school();
    const [studentId] = s.studentIds as [string];
    const now = ctx.deps.clock.now();
    const first = scan(`BW1:S:${studentId}`, now - 60_000);
    const res = await s.send([first]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      {
        clientId: first.clientId,
        outcome: 'recorded',
        student: { id: studentId, name: 'Rafi Islam', photoUrl: null },
        direction: 'entry',
        at: first.at,
      },
    ]);

    const second = scan(`BW1:S:${studentId}`, now);
    expect((await s.send([second])).json().results[0]).toMatchObject({
      outcome: 'recorded',
      direction: 'exit',
    });

    // The kiosk lost the answer and sends both again (its offline queue): nothing new is stored.
    const again = await s.send([first, { ...second, at: now + 1 }]);
    expect(again.json().results).toEqual([
      expect.objectContaining({
        clientId: first.clientId,
        outcome: 'duplicate',
        direction: 'entry',
        at: first.at,
      }),
      expect.objectContaining({
        clientId: second.clientId,
        outcome: 'duplicate',
        direction: 'exit',
        at: now,
      }),
    ]);
    const stored = await punchesOf(studentId);
    expect(stored.map((p) => [p.direction, p.via, p.dedupe_key, p.device_id])).toEqual([
      ['entry', 'qr', first.clientId, s.kiosk.id],
      ['exit', 'qr', second.clientId, s.kiosk.id],
    ]);

    // One alert job per punch, each punch in exactly one job, none for the resends.
    const jobs = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .select(['payload', 'idempotency_key'])
      .where('type', '=', 'attendance.alert')
      .execute();
    const alerted = jobs.flatMap((j) => (JSON.parse(j.payload) as { punchIds: string[] }).punchIds);
    const mine = stored.map((p) => p.id);
    expect(alerted.filter((id) => mine.includes(id)).sort()).toEqual([...mine].sort());
  });

  it('takes a replayed offline queue in time order, a client id repeated inside it once', async () => {
    const s = await school();
    const [studentId] = s.studentIds as [string];
    const code = `BW1:S:${studentId}`;
    const day = bangladeshMoment('2026-03-02', '09:00');
    const scans = [3, 1, 4, 2].map((hour) => scan(code, day + hour * 3_600_000));
    const res = await s.send([...scans, scans[0]!]);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as { outcome: string; direction: string }[];
    expect(results.map((r) => r.direction)).toEqual(['entry', 'entry', 'exit', 'exit', 'entry']);
    expect(results.map((r) => r.outcome)).toEqual([
      'recorded',
      'recorded',
      'recorded',
      'recorded',
      'duplicate',
    ]);
    expect((await punchesOf(studentId)).map((p) => p.direction)).toEqual(['entry', 'exit', 'entry', 'exit']);
  });

  it("reads RFID and NFC serials whatever their case and spaces; another account's codes are unknown", async () => {
    const s = await school([
      { name: 'Card Holder', rfid: '00AB 1234' },
      { name: 'Tag Holder', rfid: '04A29F11' },
    ]);
    const other = await school([{ name: 'Elsewhere', rfid: 'ZZ99887766' }]);
    const now = ctx.deps.clock.now();
    const res = await s.send([
      scan('00ab 1234', now, 'rfid'),
      scan(' 00AB1234\n', now + 1000, 'rfid'),
      scan('04:a2:9f:11', now, 'nfc'),
      scan('ZZ99887766', now, 'rfid'),
      scan(`BW1:S:${other.studentIds[0]}`, now, 'qr'),
      scan('never-issued', now, 'rfid'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as {
      outcome: string;
      student?: { name: string };
      direction?: string;
    }[];
    expect(results.map((r) => [r.outcome, r.student?.name, r.direction])).toEqual([
      ['recorded', 'Card Holder', 'entry'],
      ['recorded', 'Card Holder', 'exit'],
      ['recorded', 'Tag Holder', 'entry'],
      ['unknown', undefined, undefined],
      ['unknown', undefined, undefined],
      ['unknown', undefined, undefined],
    ]);
    expect(await punchesOf(other.studentIds[0]!)).toEqual([]);
    // The other account's own kiosk knows its student.
    const theirs = await other.send([scan('zz99887766', now, 'rfid')]);
    expect(theirs.json().results[0]).toMatchObject({ outcome: 'recorded', student: { name: 'Elsewhere' } });
  });

  it('identifies without recording anything', async () => {
    const s = await school([{ name: 'Card Holder', rfid: 'CARD-000111' }]);
    const identify = (code: string, key = s.kiosk.key) =>
      s.client.request({
        method: 'POST',
        url: '/api/kiosk/identify',
        payload: { code },
        headers: { [DEVICE_KEY_HEADER]: key },
      });
    const found = await identify('card-000111');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      outcome: 'found',
      student: { id: s.studentIds[0], name: 'Card Holder', photoUrl: null },
    });
    expect((await identify(`BW1:S:${s.studentIds[0]}`)).json().outcome).toBe('found');
    expect((await identify('nobody')).json()).toEqual({ outcome: 'unknown' });
    expect((await identify('card-000111', 'wrong')).statusCode).toBe(401);
    expect(await punchesOf(s.studentIds[0]!)).toEqual([]);
  });

  it('tells the live board of each punch recorded', async () => {
    const s = await school();
    const events: LiveEvent[] = [];
    const stop = ctx.deps.events.subscribe([`account:${s.teacher.accountId}`], (e) => events.push(e));
    try {
      const at = ctx.deps.clock.now();
      const sent = scan(`BW1:S:${s.studentIds[0]}`, at);
      await s.send([sent]);
      await s.send([sent]);
      await vi.waitFor(() => expect(events.filter((e) => e.type === 'attendance.punch')).toHaveLength(1));
      expect(events.find((e) => e.type === 'attendance.punch')).toMatchObject({
        stale: [{ resource: 'attendance' }],
        data: { studentId: s.studentIds[0], studentName: 'Rafi Islam', direction: 'entry', at, via: 'qr' },
      });
    } finally {
      stop();
    }
  });

  it('needs no CSRF header (the device key is no cookie) and no session', async () => {
    const s = await school();
    const res = await s.client.request({
      method: 'POST',
      url: '/api/kiosk/punches',
      csrf: false,
      payload: { punches: [scan(`BW1:S:${s.studentIds[0]}`, ctx.deps.clock.now())] },
      headers: { [DEVICE_KEY_HEADER]: s.kiosk.key },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results[0].outcome).toBe('recorded');
  });

  it('a device key opens no other route', async () => {
    const s = await school();
    for (const url of [
      `/api/accounts/${s.teacher.accountId}/students`,
      `/api/accounts/${s.teacher.accountId}/classrooms`,
    ]) {
      const res = await s.client.request({
        method: 'GET',
        url,
        headers: { [DEVICE_KEY_HEADER]: s.kiosk.key },
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    // Nor does it sign anyone in: the session probe answers as to a visitor.
    const probe = await s.client.request({
      method: 'GET',
      url: '/api/session',
      headers: { [DEVICE_KEY_HEADER]: s.kiosk.key },
    });
    expect(probe.json()).toBeNull();
  });

  it('refuses bad input and slows down an address trying wrong keys', async () => {
    const s = await school();
    const bad = await s.send([{ clientId: 'not-a-uuid', code: 'x', via: 'qr', at: 1 }]);
    expect(bad.statusCode).toBe(400);
    const tooMany = await s.send(Array.from({ length: 201 }, () => scan('x', 1)));
    expect(tooMany.statusCode).toBe(400);
    // The limit counts in fixed ten-minute windows: the 61 tries happen in the middle of one.
    ctx.deps.clock.midWindow(600_000);
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await s.send([scan('x', 1)], `wrong-${i}`)).statusCode;
    expect(last).toBe(429);
    ctx.deps.clock.release();
  });
});
