import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AttendanceDeviceCommandsTable } from '../../db/schema-attendance-devices';
import { OtherUsersRepository } from '../other-users/other-users.repository';
import { AttendanceDevicesRepository, type DeviceUserRow } from './attendance-devices.repository';
import { deleteUserCommand, deviceCardNumber, deviceUserName, userInfoCommand } from './iclock-protocol';

// The student ↔ PIN / card mapping a ZKTeco device holds. A device matches a
// card to a user PIN locally and uploads only the PIN, so each student of the account is put on
// the device as `DATA UPDATE USERINFO PIN=…\tName=…\tCard=…` and taken off with `DATA DELETE
// USERINFO` when they leave (archive).
//
// Rather than a hook in every path that writes students (the drawer, bulk onboarding, admission,
// archive and restore, merges), a device is compared with the account's students whenever the
// account's students list version has moved since its last comparison: the database triggers of
// migrations 0005/0016 raise that version on every write to students, enrolments and classrooms,
// whoever makes it. The device asks for commands every few seconds (its heartbeat), and that is
// when it is compared, so a change reaches the device on the next heartbeat after it is saved.

/**
 * Per device, what its users should be: the account's students not in the archive, and its other
 * users (staff, guards, visitors) under their eight-digit access code as PIN, which students'
 * PINs (counted from 1) never reach. Other users' changes raise the list version too
 * (other-users.service.ts), so they reach the device the same way.
 */
interface WantedUser {
  pin: number;
  studentId: string | null;
  name: string;
  card: string;
}

/**
 * Each student of the account gets a PIN once: 1, 2, 3… in the order they first reach a device,
 * kept for good (a student restored from the archive comes back with the same PIN). Two syncs of
 * one account at once may pick the same numbers; the loser's rows are skipped and it takes the
 * next free ones.
 */
async function pinsFor(
  repo: AttendanceDevicesRepository,
  accountId: string,
  studentIds: readonly string[],
  now: number,
): Promise<Map<string, number>> {
  for (let attempt = 0; ; attempt++) {
    const rows = await repo.pinsOf(accountId);
    const pins = new Map(rows.map((r) => [r.student_id, Number(r.pin)]));
    const missing = studentIds.filter((id) => !pins.has(id));
    if (missing.length === 0 || attempt === 5) return pins;
    let next = rows.reduce((max, r) => Math.max(max, Number(r.pin)), 0) + 1;
    await repo.insertPins(
      missing.map((student_id) => ({ account_id: accountId, student_id, pin: next++, created_at: now })),
    );
  }
}

/**
 * Compares one device with the account's students and queues what differs; `everyone` queues
 * every student again (the "sync" action, for a device that was reset or replaced). Runs in the
 * caller's transaction. Returns how many commands were queued.
 */
export async function syncDeviceUsers(
  trx: Kysely<Database>,
  device: { id: string; account_id: string },
  now: number,
  options: { everyone?: boolean } = {},
): Promise<number> {
  const repo = new AttendanceDevicesRepository(trx);
  await repo.ensureState(device.id, now);
  await repo.holdState(device.id, now);
  // The version first: a change committed after this read raises it again, and the next
  // heartbeat compares once more. Read after the students, such a change could be missed.
  const version = await repo.listVersion(device.account_id);
  const students = await repo.activeStudents(device.account_id);
  const pins = await pinsFor(
    repo,
    device.account_id,
    students.map((s) => s.id),
    now,
  );
  const wanted = new Map<number, WantedUser>();
  for (const s of students) {
    const pin = pins.get(s.id);
    if (pin === undefined) continue;
    wanted.set(pin, { pin, studentId: s.id, name: deviceUserName(s.name), card: deviceCardNumber(s.rfid) });
  }
  for (const o of await new OtherUsersRepository(trx).list(device.account_id)) {
    const pin = Number(o.code);
    wanted.set(pin, { pin, studentId: null, name: deviceUserName(o.name), card: '' });
  }
  const told = new Map((await repo.deviceUsers(device.id)).map((u) => [Number(u.pin), u]));

  const updates = [...wanted.values()].filter((w) => {
    const held = told.get(w.pin);
    return options.everyone || !held || held.name !== w.name || held.card !== w.card;
  });
  const removals = [...told.keys()].filter((pin) => !wanted.has(pin));
  const count = updates.length + removals.length;
  if (count > 0) {
    const first = await repo.takeCommandIds(device.id, count);
    const commands: Insertable<AttendanceDeviceCommandsTable>[] = [
      ...updates.map((u) => ({ pin: u.pin, command: userInfoCommand(u) })),
      ...removals.map((pin) => ({ pin, command: deleteUserCommand(pin) })),
    ].map((c, i) => ({
      device_id: device.id,
      id: first + i,
      command: c.command,
      pin: c.pin,
      status: 'queued' as const,
      return_code: null,
      created_at: now,
      sent_at: null,
      done_at: null,
    }));
    await repo.dropOpenFor(
      device.id,
      commands.map((c) => c.pin!),
    );
    await repo.insertCommands(commands);
    await repo.saveDeviceUsers(
      updates.map(
        (u): DeviceUserRow => ({
          device_id: device.id,
          pin: u.pin,
          student_id: u.studentId,
          name: u.name,
          card: u.card,
        }),
      ),
    );
    await repo.removeDeviceUsers(device.id, removals);
  }
  await repo.setSyncedVersion(device.id, version);
  return count;
}
