import { dayOf, dayStartMs } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { studentRow } from '../../seed/school-rows';
import { signUp, uniquePhone } from '../../test/factories';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { baseUrlOf, deviceSchool, uniqueSerial } from './iclock-fixture';
import { deviceLocalTime, readLocalTime } from './iclock-protocol';
import { StandInZkDevice } from './zk-stand-in-device';

// The ZKTeco ADMS / iclock endpoints through the real app over HTTP, spoken by the stand-in
// device (the attendance capability acceptance: handshake, ATTLOG with every verify code, duplicates
// stored once, unknown serial refused, command round trip, PIN mapping pushed on RFID change).

const MINUTE = 60_000;

describe.each(DIALECTS)('iclock endpoints [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('answers the handshake with its options, the time, and the .aspx aliases, as plain text', async () => {
    const s = await deviceSchool(ctx);
    const hello = await s.device.handshake();
    expect(hello.status).toBe(200);
    expect(hello.body.split('\n')[0]).toBe(`GET OPTION FROM: ${s.serial}`);
    expect(s.device.options).toMatchObject({ Stamp: '0', TimeZone: '6', Realtime: '1', Delay: '10' });

    const time = await s.device.time();
    const wall = readLocalTime(time.body.replace(/^Time=/, '').replace('+06:00', ''));
    expect(Math.abs(wall!.at - Date.now())).toBeLessThan(MINUTE);

    const aspx = await fetch(`${s.device.baseUrl}/iclock/cdata.aspx?SN=${s.serial}&options=all`);
    expect(aspx.status).toBe(200);
    expect(aspx.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await aspx.text()).toContain(`GET OPTION FROM: ${s.serial}`);
    expect((await s.listed()).lastContactAt).toBeGreaterThan(Date.now() - MINUTE);
  });

  it('pushes every student as a command and records what the device reports back', async () => {
    const s = await deviceSchool(ctx);
    expect(await s.listed()).toMatchObject({ pendingCommands: 2, usersOnDevice: 2, failedCommands: 0 });
    const first = await s.device.poll();
    expect(first.status).toBe(200);
    expect(first.body.split('\n')).toEqual([
      expect.stringMatching(
        /^C:1:DATA UPDATE USERINFO PIN=\d+\tName=Rahim Uddin\tPri=0\tPasswd=\tCard=0012345678\tGrp=1\tVerify=0$/,
      ),
      // The tab in the name would have cut the command's fields: it is a space on the device.
      expect.stringMatching(
        /^C:2:DATA UPDATE USERINFO PIN=\d+\tName=Karim Hasan\tPri=0\tPasswd=\tCard=\tGrp=1/,
      ),
    ]);
    const rahimPin = await s.pinOf(s.rahim.id);
    expect(s.device.users.get(String(rahimPin))).toEqual({
      pin: String(rahimPin),
      name: 'Rahim Uddin',
      card: '0012345678',
    });
    expect((await s.commands()).map((c) => [c.status, c.return_code])).toEqual([
      ['done', 0],
      ['done', 0],
    ]);
    expect(await s.listed()).toMatchObject({ pendingCommands: 0 });
    // Nothing changed since: the next heartbeat is a plain OK.
    expect((await s.device.poll()).body).toBe('OK');

    // A failed command is kept as failed and counted.
    await s.t.client.post(`${s.base}/attendance-devices/${s.deviceId}/sync`);
    const reply = await fetch(`${s.device.baseUrl}/iclock/getrequest?SN=${s.serial}`);
    const ids = [...(await reply.text()).matchAll(/^C:(\d+):/gm)].map((m) => Number(m[1]));
    expect(ids).toHaveLength(2);
    await fetch(`${s.device.baseUrl}/iclock/devicecmd?SN=${s.serial}`, {
      method: 'POST',
      body: `ID=${ids[0]}&Return=0&CMD=DATA\nID=${ids[1]}&Return=-1002&CMD=DATA\n`,
    });
    expect(await s.listed()).toMatchObject({ pendingCommands: 0, failedCommands: 1 });
  });

  it('stores punches with every verify code raw, in Bangladesh time, once however often they arrive', async () => {
    const s = await deviceSchool(ctx);
    await s.device.pollAll();
    const rahim = await s.pinOf(s.rahim.id);
    const karim = await s.pinOf(s.karim.id);
    // About half an hour ago (the device was added just now; records from well before are dropped),
    // with the six minutes of punches on one Bangladesh date: the toggle rule starts afresh at midnight.
    const halfHourAgo = Date.now() - 30 * MINUTE;
    const lastDate = dayOf(halfHourAgo + 6 * MINUTE);
    const base = dayOf(halfHourAgo) === lastDate ? halfHourAgo : dayStartMs(lastDate);
    const codes = [0, 1, 2, 3, 4, 15, 25];
    const lines = codes.map((verify, i) =>
      [rahim, deviceLocalTime(base + i * MINUTE), 255, verify, 0, 0, 0].join('\t'),
    );
    lines.push(
      [karim, deviceLocalTime(base), 0, 1, 0].join('\t'), // check-in
      [karim, deviceLocalTime(base + MINUTE), 0, 1, 0].join('\t'), // check-in again: an entry as the device says
      [karim, deviceLocalTime(base + 2 * MINUTE), 5, 1, 0].join('\t'), // OT-out: an exit
      `9999\t${deviceLocalTime(base)}\t0\t1`, // nobody's PIN
      'not a record',
      '',
    );
    const upload = await s.device.upload(lines);
    expect(upload).toEqual({ status: 200, body: `OK:${lines.length - 1}` });
    const stored = await s.punches();
    const ofRahim = stored.filter((p) => p.student_id === s.rahim.id);
    expect(ofRahim.map((p) => p.verify_code)).toEqual(codes);
    expect(new Set(stored.map((p) => p.via))).toEqual(new Set(['zkteco']));
    // In/out mode 255 leaves the direction to the toggle rule: entry, exit, entry…
    expect(ofRahim.map((p) => p.direction)).toEqual([
      'entry',
      'exit',
      'entry',
      'exit',
      'entry',
      'exit',
      'entry',
    ]);
    const firstWall = deviceLocalTime(base);
    expect(ofRahim[0]!.at).toBe(readLocalTime(firstWall)!.at);
    expect(ofRahim[0]!.dedupe_key).toBe(`${rahim}|${firstWall}`);
    expect(stored.filter((p) => p.student_id === s.karim.id).map((p) => p.direction)).toEqual([
      'entry',
      'entry',
      'exit',
    ]);

    // The device did not hear the answer and sends it all again, and one line once more.
    expect((await s.device.upload(lines)).body).toBe(`OK:${lines.length - 1}`);
    expect((await s.device.punch(rahim, base)).status).toBe(200);
    expect(await s.punches()).toHaveLength(stored.length);
    expect(await s.listed()).toMatchObject({ punchesToday: expect.any(Number) });
  });

  it('refuses unknown and revoked serials, storing nothing and writing an alert', async () => {
    const s = await deviceSchool(ctx);
    await s.device.pollAll();
    const pin = await s.pinOf(s.rahim.id);
    const stranger = new StandInZkDevice({ baseUrl: s.device.baseUrl, serial: uniqueSerial() });
    expect((await stranger.handshake()).status).toBe(403);
    expect((await stranger.punch(pin, Date.now() - MINUTE)).status).toBe(403);
    expect((await stranger.poll()).status).toBe(403);
    const noSerial = await fetch(`${s.device.baseUrl}/iclock/getrequest`);
    expect(noSerial.status).toBe(400);

    expect((await s.t.client.delete(`${s.base}/attendance-devices/${s.deviceId}`)).statusCode).toBe(200);
    expect((await s.device.punch(pin, Date.now() - MINUTE)).status).toBe(403);
    expect(await s.punches()).toEqual([]);
    // Unknown serials are summed up per address and window (iclock-flood.test.ts).
    const alerts = await ctx.deps.db.kysely
      .selectFrom('activity_log')
      .select(['account_id', 'summary'])
      .where('event_name', '=', 'Attendance Device Refused')
      .where('data', 'like', `%"${stranger.serial}"%`)
      .execute();
    expect(alerts).toEqual([
      {
        account_id: null,
        summary: expect.stringMatching(/^\d+ unknown serials? from 127\.0\.0\.1 in 10 minutes$/),
      },
    ]);
    const revoked = await ctx.deps.db.kysely
      .selectFrom('activity_log')
      .select('summary')
      .where('event_name', '=', 'Attendance Device Refused')
      .where('account_id', '=', s.t.accountId)
      .execute();
    expect(revoked).toEqual([{ summary: expect.stringContaining(`Removed device Main gate (${s.serial})`) }]);
  });

  it('pushes a changed card and a removed student on the next heartbeat; a card punch finds its student', async () => {
    const s = await deviceSchool(ctx);
    await s.device.pollAll();
    const pin = String(await s.pinOf(s.rahim.id));
    const saved = await s.t.client.put(`${s.base}/students/${s.rahim.id}`, {
      name: 'Rahim Uddin',
      phone: s.rahim.phone,
      institution: 'Udoy School',
      rfid: '0099887766',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pushed = await s.device.poll();
    expect(pushed.body).toMatch(
      new RegExp(
        `^C:\\d+:DATA UPDATE USERINFO PIN=${pin}\\tName=Rahim Uddin\\tPri=0\\tPasswd=\\tCard=0099887766\\t`,
      ),
    );
    expect(s.device.users.get(pin)?.card).toBe('0099887766');

    const at = Date.now() - 5 * MINUTE;
    expect(await s.device.cardPunch('0012345678', at)).toBeNull();
    expect((await s.device.cardPunch('0099887766', at))?.body).toBe('OK:1');
    expect(await s.punches()).toEqual([
      expect.objectContaining({ student_id: s.rahim.id, verify_code: 4, direction: 'entry' }),
    ]);

    const added = await s.t.client.post(`${s.base}/students`, {
      name: 'Mim Akter',
      phone: uniquePhone(),
      institution: 'Udoy School',
      rfid: '0055544433',
      enrolments: [{ classroomId: s.room, tuitionFeePaisa: null }],
    });
    expect(added.statusCode, added.body).toBe(200);
    // The new student gets the next PIN as the device is compared with the students.
    const newcomer = await s.device.poll();
    const mimPin = await s.pinOf(added.json().student.id);
    expect(newcomer.body).toMatch(
      new RegExp(`^C:\\d+:DATA UPDATE USERINFO PIN=${mimPin}\\tName=Mim Akter\\t.*Card=0055544433\\t`),
    );

    const archived = await s.t.client.post(`${s.base}/students/archive`, { studentIds: [s.karim.id] });
    expect(archived.statusCode, archived.body).toBe(200);
    const karimPin = await s.pinOf(s.karim.id);
    expect((await s.device.poll()).body).toMatch(new RegExp(`^C:\\d+:DATA DELETE USERINFO PIN=${karimPin}$`));
    expect(s.device.users.has(String(karimPin))).toBe(false);
  });

  it('brings a new device a school of 1,200 students in heartbeats of 50 commands', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const now = ctx.deps.clock.now();
    const rows = Array.from({ length: 1200 }, (_, i) =>
      studentRow(
        { account_id: t.accountId, name: `Student ${i}`, phone: uniquePhone(), rfid: String(10_000_000 + i) },
        now + i,
      ),
    );
    for (let i = 0; i < rows.length; i += 200) {
      await ctx.deps.db.kysely
        .insertInto('students')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const serial = uniqueSerial();
    const added = await t.client.post(`/api/accounts/${t.accountId}/attendance-devices/zkteco`, {
      serial,
      name: 'Gate',
    });
    expect(added.json()).toMatchObject({ pendingCommands: 1200, usersOnDevice: 1200 });
    const device = new StandInZkDevice({ baseUrl: await baseUrlOf(ctx), serial });
    const first = await device.poll();
    expect(first.results).toHaveLength(50);
    const rest = await device.pollAll(100);
    expect(rest).toHaveLength(1150);
    expect(device.users.size).toBe(1200);
    expect(device.users.get('1200')).toEqual({ pin: '1200', name: 'Student 1199', card: '10001199' });
  });

  it('takes OPERLOG and other tables, and bodies of any content type', async () => {
    const s = await deviceSchool(ctx);
    const operlog = await s.device.operlog([
      'OPLOG 4\t0\t2026-03-01 09:00:00\t0\t0\t0\t0',
      'USER PIN=77\tName=Staff\tCard=',
    ]);
    expect(operlog).toEqual({ status: 200, body: 'OK:2' });
    const url = `${s.device.baseUrl}/iclock/cdata?SN=${s.serial}`;
    for (const type of [
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'application/json',
    ]) {
      const res = await fetch(`${url}&table=options`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: '~DeviceName=K40,FWVersion=Ver 6.60',
      });
      expect(res.status, type).toBe(200);
    }
    const pin = await s.pinOf(s.rahim.id);
    const bare = await fetch(`${url}&table=ATTLOG&Stamp=7`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${pin}\t${deviceLocalTime(Date.now() - MINUTE)}\t0\t1\x00\n`,
    });
    expect(await bare.text()).toBe('OK:1');
    expect(await s.punches()).toHaveLength(1);
    await s.device.handshake();
    expect(s.device.options.Stamp).toBe('7');
  });
});
