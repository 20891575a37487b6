import crypto from 'node:crypto';
import { DEVICE_KEY_HEADER } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { addStudent, assistantWithGrant, clientFor } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { uniqueSerial } from './iclock-fixture';

// The device list of /Sentinel-Connected-Devices through the real app: ZKTeco
// devices by serial, kiosks by a key shown once, rename, revoke, sync; owners and admins only.

describe.each(DIALECTS)('attendance devices [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function teacher() {
    const t = await signUp(ctx.app, ctx.deps);
    const base = `/api/accounts/${t.accountId}/attendance-devices`;
    const list = async () => {
      const res = await t.client.get(base);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        devices: { id: string; name: string; serial: string | null; revokedAt: number | null }[];
      };
    };
    return { ...t, base, list };
  }

  it('adds a ZKTeco device by serial once, and hands a serial over only once it is revoked', async () => {
    const a = await teacher();
    await addStudent(a.client, a.accountId, { name: 'Rafi' });
    const serial = uniqueSerial();
    const added = await a.client.post(`${a.base}/zkteco`, {
      serial: ` ${serial.toLowerCase()} `,
      name: 'Main gate',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      kind: 'zkteco',
      name: 'Main gate',
      serial,
      lastContactAt: null,
      revokedAt: null,
      pendingCommands: 1,
      usersOnDevice: 1,
      punchesToday: 0,
    });
    const again = await a.client.post(`${a.base}/zkteco`, { serial, name: 'Again' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'DEVICE_ALREADY_ADDED']);
    const bad = await a.client.post(`${a.base}/zkteco`, { serial: 'no spaces allowed', name: 'Gate' });
    expect(bad.statusCode).toBe(400);

    const b = await teacher();
    const taken = await b.client.post(`${b.base}/zkteco`, { serial, name: 'Ours now?' });
    expect([taken.statusCode, taken.json().error.code]).toEqual([409, 'DEVICE_SERIAL_TAKEN']);

    // Revoked and added back by the same account: the same device, allowed again.
    expect((await a.client.delete(`${a.base}/${added.json().id}`)).statusCode).toBe(200);
    const back = await a.client.post(`${a.base}/zkteco`, { serial, name: 'Main gate (new)' });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ id: added.json().id, name: 'Main gate (new)', revokedAt: null });

    // Revoked and sold on: the other account takes the serial; the old entry keeps its punches.
    await a.client.delete(`${a.base}/${added.json().id}`);
    const moved = await b.client.post(`${b.base}/zkteco`, { serial, name: 'Gate B' });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().id).not.toBe(added.json().id);
    const old = (await a.list()).devices.find((d) => d.id === added.json().id);
    expect(old?.revokedAt).not.toBeNull();
    expect(old?.serial).not.toBe(serial);
  });

  it('issues a kiosk key once, keeps only its hash, and refuses the key once revoked', async () => {
    const a = await teacher();
    const issued = await a.client.post(`${a.base}/kiosk`, { name: 'Front desk tablet' });
    expect(issued.statusCode, issued.body).toBe(201);
    const { device, key, url } = issued.json();
    expect(device).toMatchObject({ kind: 'kiosk', name: 'Front desk tablet', serial: null });
    expect(url).toBe(`${ctx.deps.config.appUrl}/access-control-qr-scanner?key=${key}`);
    const row = await ctx.deps.db.kysely
      .selectFrom('attendance_devices')
      .selectAll()
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(crypto.createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(await a.list())).not.toContain(key);

    const kiosk = () =>
      ctx.app.inject({ method: 'GET', url: '/api/kiosk/device', headers: { [DEVICE_KEY_HEADER]: key } });
    expect((await kiosk()).json()).toMatchObject({ deviceName: 'Front desk tablet', accountId: a.accountId });
    const sync = await a.client.post(`${a.base}/${device.id}/sync`);
    expect([sync.statusCode, sync.json().error.code]).toEqual([409, 'DEVICE_NOT_ZKTECO']);

    expect((await a.client.delete(`${a.base}/${device.id}`)).json()).toEqual({ ok: true });
    expect((await a.client.delete(`${a.base}/${device.id}`)).statusCode).toBe(200);
    expect((await kiosk()).json().error.code).toBe('DEVICE_KEY_INVALID');
  });

  it('renames, re-syncs and lists active devices before revoked ones', async () => {
    const a = await teacher();
    for (const name of ['Rafi', 'Mim', 'Tanvir']) await addStudent(a.client, a.accountId, { name });
    const first = (
      await a.client.post(`${a.base}/zkteco`, { serial: uniqueSerial(), name: 'Gate 1' })
    ).json();
    const second = (await a.client.post(`${a.base}/kiosk`, { name: 'Tablet' })).json().device;
    const renamed = await a.client.request({
      method: 'PATCH',
      url: `${a.base}/${first.id}`,
      payload: { name: 'Gate one' },
    });
    expect(renamed.json()).toMatchObject({ id: first.id, name: 'Gate one', pendingCommands: 3 });

    const synced = await a.client.post(`${a.base}/${first.id}/sync`);
    expect(synced.json()).toEqual({ queued: 3 });
    // The open commands of the first sync were replaced, not doubled.
    expect((await a.list()).devices[1]).toMatchObject({ id: first.id, pendingCommands: 3 });

    await a.client.delete(`${a.base}/${first.id}`);
    expect((await a.list()).devices.map((d) => [d.id, d.revokedAt === null])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const late = await a.client.post(`${a.base}/${first.id}/sync`);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'DEVICE_REVOKED']);
    const activity = await ctx.deps.db.kysely
      .selectFrom('activity_log')
      .select('event_name')
      .where('account_id', '=', a.accountId)
      .where('subject_type', '=', 'attendance-device')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(activity.map((r) => r.event_name)).toEqual([
      'Add Attendance Device',
      'Add Attendance Device',
      'Rename Attendance Device',
      'Sync Attendance Device',
      'Revoke Attendance Device',
    ]);
  });

  it('is for owners and admins: assistants are refused, other accounts do not exist', async () => {
    const a = await teacher();
    const assistantId = await assistantWithGrant(ctx.deps, a.accountId, { manageStudents: true });
    const assistant = await clientFor(ctx.app, ctx.deps, assistantId);
    expect((await assistant.get(a.base)).json().error.code).toBe('FORBIDDEN');
    const b = await teacher();
    const device = (await a.client.post(`${a.base}/zkteco`, { serial: uniqueSerial(), name: 'Gate' })).json();
    expect((await b.client.get(a.base)).statusCode).toBe(404);
    expect((await b.client.delete(`${b.base}/${device.id}`)).statusCode).toBe(404);
    expect((await a.list()).devices[0]?.revokedAt).toBeNull();
  });
});
