import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { signUp } from '../../test/factories';
import { addStudent, createClassroom } from '../../test/school';
import type { TestAppContext } from '../../test/test-deps';
import { StandInZkDevice } from './zk-stand-in-device';

// A school with students, a ZKTeco device on its list and the stand-in device speaking to the
// app over real HTTP, for the iclock tests.

let serials = 0;
export const uniqueSerial = () =>
  `ZK${Date.now().toString(36).toUpperCase()}${(serials++).toString(36).toUpperCase()}`;

/** The app's address, listening on a free loopback port (once per app). */
export async function baseUrlOf(ctx: TestAppContext): Promise<string> {
  if (!ctx.app.server.listening) await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

export async function deviceSchool(ctx: TestAppContext) {
  const t = await signUp(ctx.app, ctx.deps);
  const base = `/api/accounts/${t.accountId}`;
  const room = await createClassroom(t.client, t.accountId, { name: 'Physics A' });
  const enrol = [{ classroomId: room, tuitionFeePaisa: null }];
  const rahim = await addStudent(t.client, t.accountId, {
    name: 'Rahim Uddin',
    rfid: '0012345678',
    enrolments: enrol,
  });
  const karim = await addStudent(t.client, t.accountId, { name: 'Karim\tHasan', enrolments: enrol });
  const serial = uniqueSerial();
  const added = await t.client.post(`${base}/attendance-devices/zkteco`, { serial, name: 'Main gate' });
  expect(added.statusCode, added.body).toBe(201);
  const device = new StandInZkDevice({ baseUrl: await baseUrlOf(ctx), serial });
  const db = ctx.deps.db.kysely;

  const pinOf = async (studentId: string) =>
    Number(
      (
        await db
          .selectFrom('attendance_pins')
          .select('pin')
          .where('student_id', '=', studentId)
          .executeTakeFirstOrThrow()
      ).pin,
    );
  const punches = () =>
    db
      .selectFrom('attendance_punches')
      .select(['student_id', 'direction', 'at', 'via', 'verify_code', 'dedupe_key'])
      .where('device_id', '=', added.json().id)
      .orderBy('at')
      .execute();
  const commands = () =>
    db
      .selectFrom('attendance_device_commands')
      .select(['id', 'command', 'status', 'return_code'])
      .where('device_id', '=', added.json().id)
      .orderBy('id')
      .execute();
  const listed = async () => {
    const res = await t.client.get(`${base}/attendance-devices`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().devices.find((d: { id: string }) => d.id === added.json().id);
  };
  return {
    t,
    base,
    room,
    rahim,
    karim,
    serial,
    deviceId: added.json().id as string,
    device,
    pinOf,
    punches,
    commands,
    listed,
  };
}
