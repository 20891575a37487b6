import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AttendanceDevicesTable } from '../../db/schema-attendance';
import type {
  AttendanceDeviceCommandsTable,
  AttendanceDeviceUsersTable,
  AttendancePinsTable,
  DeviceCommandStatus,
} from '../../db/schema-attendance-devices';

export type DeviceRow = Selectable<AttendanceDevicesTable>;
export type CommandRow = Selectable<AttendanceDeviceCommandsTable>;
export type DeviceUserRow = Selectable<AttendanceDeviceUsersTable>;

// SQL of attendance devices: the devices of 0026 as the devices module manages
// them, and 0029's PINs, command queue and per-device sync state.

/**
 * A school's whole student list goes to a new device at once: statements take it in parts, under
 * SQLite's limit of 32,766 bound parameters (PostgreSQL's is 65,535).
 */
const PART = 500;
function parts<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += PART) out.push(items.slice(i, i + PART));
  return out;
}

export class AttendanceDevicesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // Devices

  deviceBySerial(serial: string): Promise<DeviceRow | undefined> {
    return this.db
      .selectFrom('attendance_devices')
      .selectAll()
      .where('serial', '=', serial)
      .executeTakeFirst();
  }

  device(accountId: string, deviceId: string): Promise<DeviceRow | undefined> {
    return this.db
      .selectFrom('attendance_devices')
      .selectAll()
      .where('id', '=', deviceId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  devicesOf(accountId: string): Promise<DeviceRow[]> {
    return this.db
      .selectFrom('attendance_devices')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The account's ZKTeco devices still allowed. */
  activeZktecoOf(accountId: string): Promise<DeviceRow[]> {
    return this.db
      .selectFrom('attendance_devices')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('kind', '=', 'zkteco')
      .where('revoked_at', 'is', null)
      .execute();
  }

  async insertDevice(row: Insertable<AttendanceDevicesTable>): Promise<void> {
    await this.db.insertInto('attendance_devices').values(row).execute();
  }

  async rename(accountId: string, deviceId: string, name: string): Promise<void> {
    await this.db
      .updateTable('attendance_devices')
      .set({ name })
      .where('id', '=', deviceId)
      .where('account_id', '=', accountId)
      .execute();
  }

  /** Revokes a device still allowed; false when it was not (already revoked, or not the account's). */
  async revoke(accountId: string, deviceId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('attendance_devices')
      .set({ revoked_at: now })
      .where('id', '=', deviceId)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A revoked device of the account allowed again (the same serial added back), renamed. */
  async reinstate(deviceId: string, name: string): Promise<void> {
    await this.db
      .updateTable('attendance_devices')
      .set({ revoked_at: null, name })
      .where('id', '=', deviceId)
      .execute();
  }

  /** Frees the serial of a device revoked elsewhere, so another account may add the device. */
  async releaseSerial(deviceId: string, revokedAt: number): Promise<void> {
    await this.db
      .updateTable('attendance_devices')
      .set((eb) => ({ serial: sql<string>`${eb.ref('serial')} || ${`~revoked-${revokedAt}`}` }))
      .where('id', '=', deviceId)
      .execute();
  }

  /** Moves the last contact on, unless it moved within the last `everyMs` (one write fewer per heartbeat). */
  async touch(deviceId: string, now: number, everyMs: number): Promise<void> {
    await this.db
      .updateTable('attendance_devices')
      .set({ last_contact_at: now })
      .where('id', '=', deviceId)
      .where((eb) => eb.or([eb('last_contact_at', 'is', null), eb('last_contact_at', '<', now - everyMs)]))
      .execute();
  }

  // Sync state

  async ensureState(deviceId: string, now: number): Promise<void> {
    await this.db
      .insertInto('attendance_device_state')
      .values({ device_id: deviceId, synced_version: -1, next_command_id: 1, updated_at: now })
      .onConflict((oc) => oc.column('device_id').doNothing())
      .execute();
  }

  state(deviceId: string) {
    return this.db
      .selectFrom('attendance_device_state')
      .selectAll()
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
  }

  /**
   * Writes the device's state row first thing in a sync: on PostgreSQL the row stays locked until
   * the transaction ends, so two syncs of one device run one after the other and the second sees
   * what the first queued (SQLite has one writer anyway).
   */
  async holdState(deviceId: string, now: number): Promise<void> {
    await this.db
      .updateTable('attendance_device_state')
      .set({ updated_at: now })
      .where('device_id', '=', deviceId)
      .execute();
  }

  async setSyncedVersion(deviceId: string, version: number): Promise<void> {
    await this.db
      .updateTable('attendance_device_state')
      .set({ synced_version: version })
      .where('device_id', '=', deviceId)
      .execute();
  }

  /** Takes `count` command ids of the device; returns the first. */
  async takeCommandIds(deviceId: string, count: number): Promise<number> {
    const row = await this.db
      .updateTable('attendance_device_state')
      .set((eb) => ({ next_command_id: eb('next_command_id', '+', count) }))
      .where('device_id', '=', deviceId)
      .returning('next_command_id')
      .executeTakeFirstOrThrow();
    return Number(row.next_command_id) - count;
  }

  async setStamps(
    deviceId: string,
    stamps: { attlog_stamp?: string; operlog_stamp?: string; updated_at: number },
  ) {
    await this.db
      .updateTable('attendance_device_state')
      .set(stamps)
      .where('device_id', '=', deviceId)
      .execute();
  }

  /** The account's students list version (0005/0016 triggers raise it on every student change). */
  async listVersion(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('list_versions')
      .select('version')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  // PINs

  /** Students a device should know: the account's, not in the archive, oldest first (PIN order). */
  activeStudents(accountId: string) {
    return this.db
      .selectFrom('students')
      .select(['id', 'name', 'rfid'])
      .where('account_id', '=', accountId)
      .where('archived_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  pinsOf(accountId: string) {
    return this.db
      .selectFrom('attendance_pins')
      .select(['student_id', 'pin'])
      .where('account_id', '=', accountId)
      .execute();
  }

  async studentsByPin(accountId: string, pins: readonly number[]) {
    const rows: { student_id: string; pin: number }[] = [];
    for (const part of parts(pins)) {
      rows.push(
        ...(await this.db
          .selectFrom('attendance_pins')
          .select(['student_id', 'pin'])
          .where('account_id', '=', accountId)
          .where('pin', 'in', part)
          .execute()),
      );
    }
    return rows;
  }

  /** Inserts PINs; a row that clashes with one another sync just wrote is skipped. */
  async insertPins(rows: readonly Insertable<AttendancePinsTable>[]): Promise<void> {
    for (const part of parts(rows)) {
      await this.db
        .insertInto('attendance_pins')
        .values(part)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }

  // What devices were told

  deviceUsers(deviceId: string): Promise<DeviceUserRow[]> {
    return this.db
      .selectFrom('attendance_device_users')
      .selectAll()
      .where('device_id', '=', deviceId)
      .execute();
  }

  async saveDeviceUsers(rows: readonly DeviceUserRow[]): Promise<void> {
    for (const part of parts(rows)) {
      await this.db
        .insertInto('attendance_device_users')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['device_id', 'pin']).doUpdateSet((eb) => ({
            student_id: eb.ref('excluded.student_id'),
            name: eb.ref('excluded.name'),
            card: eb.ref('excluded.card'),
          })),
        )
        .execute();
    }
  }

  async removeDeviceUsers(deviceId: string, pins: readonly number[]): Promise<void> {
    for (const part of parts(pins)) {
      await this.db
        .deleteFrom('attendance_device_users')
        .where('device_id', '=', deviceId)
        .where('pin', 'in', part)
        .execute();
    }
  }

  // Commands

  async insertCommands(rows: readonly Insertable<AttendanceDeviceCommandsTable>[]): Promise<void> {
    for (const part of parts(rows))
      await this.db.insertInto('attendance_device_commands').values(part).execute();
  }

  /**
   * Drops open commands about these PINs: a newer one says what the device should hold, and an
   * older one resent after it would undo it.
   */
  async dropOpenFor(deviceId: string, pins: readonly number[]): Promise<void> {
    for (const part of parts(pins)) {
      await this.db
        .deleteFrom('attendance_device_commands')
        .where('device_id', '=', deviceId)
        .where('status', 'in', ['queued', 'sent'])
        .where('pin', 'in', part)
        .execute();
    }
  }

  /** Commands to hand out now: queued ones, and sent ones unconfirmed since `resendBefore`. */
  deliverable(deviceId: string, resendBefore: number, limit: number): Promise<CommandRow[]> {
    return this.db
      .selectFrom('attendance_device_commands')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', resendBefore)]),
        ]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async markSent(deviceId: string, ids: readonly number[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('attendance_device_commands')
      .set({ status: 'sent', sent_at: now })
      .where('device_id', '=', deviceId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Records a device's result of an open command; false for an id it never had open. */
  async finish(
    deviceId: string,
    id: number,
    status: Extract<DeviceCommandStatus, 'done' | 'failed'>,
    returnCode: number,
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('attendance_device_commands')
      .set({ status, return_code: returnCode, done_at: now })
      .where('device_id', '=', deviceId)
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'sent'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Confirmed commands older than `before` are history nobody reads: they go. */
  async pruneDone(deviceId: string, before: number): Promise<void> {
    await this.db
      .deleteFrom('attendance_device_commands')
      .where('device_id', '=', deviceId)
      .where('status', '=', 'done')
      .where('done_at', '<', before)
      .execute();
  }

  // The device list's figures

  commandCounts(accountId: string) {
    return this.db
      .selectFrom('attendance_device_commands')
      .innerJoin('attendance_devices', 'attendance_devices.id', 'attendance_device_commands.device_id')
      .select([
        'attendance_device_commands.device_id',
        'attendance_device_commands.status',
        (eb) => eb.fn.countAll<string>().as('n'),
      ])
      .where('attendance_devices.account_id', '=', accountId)
      .where('attendance_device_commands.status', 'in', ['queued', 'sent', 'failed'])
      .groupBy(['attendance_device_commands.device_id', 'attendance_device_commands.status'])
      .execute();
  }

  userCounts(accountId: string) {
    return this.db
      .selectFrom('attendance_device_users')
      .innerJoin('attendance_devices', 'attendance_devices.id', 'attendance_device_users.device_id')
      .select(['attendance_device_users.device_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('attendance_devices.account_id', '=', accountId)
      .groupBy('attendance_device_users.device_id')
      .execute();
  }

  /** Punches per device since `since` (the account's (account_id, at) index). */
  punchCounts(accountId: string, since: number) {
    return this.db
      .selectFrom('attendance_punches')
      .select(['device_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('account_id', '=', accountId)
      .where('at', '>=', since)
      .where('device_id', 'is not', null)
      .groupBy('device_id')
      .execute();
  }
}
