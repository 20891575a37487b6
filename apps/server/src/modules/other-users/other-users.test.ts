import { randomUUID } from 'node:crypto';
import { addDays, DEVICE_KEY_HEADER, dayOf, type KioskPunch } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { TestClient } from '../../test/http';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { insertKiosk } from '../attendance/attendance-fixture';
import { deviceSchool } from '../attendance-devices/iclock-fixture';
import { deviceLocalTime } from '../attendance-devices/iclock-protocol';

// Other users (staff, guards, visitors): kept by the owner, given a code and QR, punched at the
// kiosk and on ZKTeco devices into the entry/exit log, never into students' attendance; another
// account neither sees nor punches them.

describe.each(DIALECTS)('other users [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function gate() {
    const teacher = await signUp(ctx.app, ctx.deps);
    const base = `/api/accounts/${teacher.accountId}`;
    const kiosk = await insertKiosk(ctx.deps, teacher.accountId, { name: 'Front gate' });
    const device = new TestClient(ctx.app);
    const punch = (code: string, via: KioskPunch['via'] = 'qr', at = ctx.deps.clock.now()) =>
      device.request({
        method: 'POST',
        url: '/api/kiosk/punches',
        payload: { punches: [{ clientId: randomUUID(), code, via, at }] },
        headers: { [DEVICE_KEY_HEADER]: kiosk.key },
      });
    const kioskIdentify = async (code: string) =>
      (
        await device.request({
          method: 'POST',
          url: '/api/kiosk/identify',
          payload: { code },
          headers: { [DEVICE_KEY_HEADER]: kiosk.key },
        })
      ).json();
    return { teacher, base, kiosk, punch, kioskIdentify };
  }

  const today = () => dayOf(ctx.deps.clock.now());

  it('adds a guard with a code and QR, records their kiosk punches in the log only', async () => {
    const g = await gate();
    const added = await g.teacher.client.post(`${g.base}/other-users`, {
      name: 'Abdul Gafur',
      phone: '01711223344',
      role: 'guard',
      validFrom: today(),
      validTo: '',
    });
    expect(added.statusCode, added.body).toBe(201);
    const guard = added.json();
    expect(guard).toMatchObject({
      name: 'Abdul Gafur',
      phone: '+8801711223344',
      role: 'guard',
      validTo: null,
    });
    expect(guard.code).toMatch(/^[1-9]\d{7}$/);
    expect(guard.qrPayload).toBe(`BW1:O:${guard.id}`);

    const byQr = await g.punch(guard.qrPayload);
    expect(byQr.statusCode, byQr.body).toBe(200);
    expect(byQr.json().results[0]).toMatchObject({
      outcome: 'recorded',
      otherUser: true,
      direction: 'entry',
      student: { id: guard.id, name: 'Abdul Gafur', photoUrl: null },
    });
    ctx.deps.clock.advance(60_000);
    const byCode = await g.punch(guard.code, 'rfid');
    expect(byCode.json().results[0]).toMatchObject({ outcome: 'recorded', direction: 'exit' });

    const log = await g.teacher.client.get(`${g.base}/other-users-log`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json()).toMatchObject({
      day: today(),
      items: [
        { otherUserId: guard.id, name: 'Abdul Gafur', role: 'guard', direction: 'exit', via: 'rfid' },
        { direction: 'entry', via: 'qr', deviceName: 'Front gate' },
      ],
    });
    // Students' attendance never hears of them (no marks, no parent SMS).
    const studentPunches = await ctx.deps.db.kysely
      .selectFrom('attendance_punches')
      .select('id')
      .where('account_id', '=', g.teacher.accountId)
      .execute();
    expect(studentPunches).toHaveLength(0);

    const listed = await g.teacher.client.get(`${g.base}/other-users`);
    expect(listed.json().items).toEqual([guard]);
    const identify = await g.kioskIdentify(guard.code);
    expect(identify).toMatchObject({ outcome: 'found', otherUser: true, student: { name: 'Abdul Gafur' } });
  });

  it('refuses a code outside its valid days, and stops a removed one', async () => {
    const g = await gate();
    const visitor = (
      await g.teacher.client.post(`${g.base}/other-users`, {
        name: 'Visiting Inspector',
        phone: '',
        role: 'visitor',
        validFrom: addDays(today(), -10),
        validTo: addDays(today(), -1),
      })
    ).json();
    const expired = await g.punch(visitor.qrPayload);
    expect(expired.json().results[0]).toMatchObject({ outcome: 'unknown' });

    const order = await g.teacher.client.put(`${g.base}/other-users/${visitor.id}`, {
      name: 'Visiting Inspector',
      phone: '',
      role: 'visitor',
      validFrom: today(),
      validTo: addDays(today(), -1),
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().error.code).toBe('OTHER_USER_VALIDITY_ORDER');

    const renewed = await g.teacher.client.put(`${g.base}/other-users/${visitor.id}`, {
      name: 'Visiting Inspector',
      phone: '',
      role: 'visitor',
      validFrom: today(),
      validTo: today(),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().code).toBe(visitor.code);
    expect((await g.punch(visitor.code, 'rfid')).json().results[0].outcome).toBe('recorded');

    const removed = await g.teacher.client.delete(`${g.base}/other-users/${visitor.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await g.punch(visitor.code, 'rfid')).json().results[0].outcome).toBe('unknown');
    expect((await g.teacher.client.get(`${g.base}/other-users-log`)).json().items).toEqual([]);
  });

  it("keeps one account's other users from another account and its kiosk", async () => {
    const mine = await gate();
    const theirs = await gate();
    const guard = (
      await mine.teacher.client.post(`${mine.base}/other-users`, {
        name: 'Night Guard',
        phone: '',
        role: 'guard',
      })
    ).json();
    for (const res of [
      await theirs.teacher.client.get(`${mine.base}/other-users`),
      await theirs.teacher.client.get(`${mine.base}/other-users-log`),
      await theirs.teacher.client.delete(`${mine.base}/other-users/${guard.id}`),
      await theirs.teacher.client.put(`${theirs.base}/other-users/${guard.id}`, {
        name: 'Taken',
        phone: '',
        role: 'staff',
      }),
    ]) {
      expect([403, 404]).toContain(res.statusCode);
    }
    for (const code of [guard.qrPayload, guard.code]) {
      expect((await theirs.punch(code)).json().results[0].outcome).toBe('unknown');
    }
    expect((await mine.teacher.client.get(`${mine.base}/other-users-log`)).json().items).toEqual([]);
    expect((await theirs.teacher.client.get(`${theirs.base}/other-users`)).json().items).toEqual([]);
  });

  it('puts other users on ZKTeco devices under their code and records their punches', async () => {
    const s = await deviceSchool(ctx);
    const added = await s.t.client.post(`${s.base}/other-users`, {
      name: 'Office Staff',
      phone: '',
      role: 'staff',
    });
    const staff = added.json();
    await s.device.pollAll();
    expect(s.device.users.get(staff.code)?.name).toBe('Office Staff');

    const at = ctx.deps.clock.now() - 60_000;
    const upload = await s.device.upload([[staff.code, deviceLocalTime(at), 0, 1, 0].join('\t')]);
    expect(upload.status).toBe(200);
    const log = (await s.t.client.get(`${s.base}/other-users-log`)).json();
    expect(log.items).toMatchObject([{ otherUserId: staff.id, via: 'zkteco', direction: 'entry' }]);
    expect(await s.punches()).toEqual([]);

    await s.t.client.delete(`${s.base}/other-users/${staff.id}`);
    await s.device.pollAll();
    expect(s.device.users.has(staff.code)).toBe(false);
  });
});
