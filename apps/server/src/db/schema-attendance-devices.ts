// ZKTeco devices' command queue, PINs and sync state (migration 0029), apart from
// schema.ts so it stays short. The devices themselves are attendance_devices (0026).

/** A student's user number on the account's devices. PK (account_id, student_id), UNIQUE (account_id, pin). */
export interface AttendancePinsTable {
  account_id: string;
  student_id: string;
  pin: number;
  created_at: number;
}

export type DeviceCommandStatus = 'queued' | 'sent' | 'done' | 'failed';

/** A command for one device, fetched on its heartbeat as `C:<id>:<command>`. PK (device_id, id). */
export interface AttendanceDeviceCommandsTable {
  device_id: string;
  /** Per device, from attendance_device_state.next_command_id. */
  id: number;
  command: string;
  /** The PIN a user command is about: a newer command for the same PIN replaces a queued one. */
  pin: number | null;
  status: DeviceCommandStatus;
  /** The device's `Return=` (0 success). */
  return_code: number | null;
  created_at: number;
  sent_at: number | null;
  done_at: number | null;
}

/** What a device has been told about one user. PK (device_id, pin). */
export interface AttendanceDeviceUsersTable {
  device_id: string;
  pin: number;
  student_id: string | null;
  name: string;
  card: string;
}

/** Per device bookkeeping of the sync and of the uploads. */
export interface AttendanceDeviceStateTable {
  device_id: string;
  /** list_versions.version of the account when the user table was last compared; -1: never. */
  synced_version: number;
  next_command_id: number;
  /** The last `Stamp=` of an ATTLOG upload stored, answered in the handshake. */
  attlog_stamp: string | null;
  operlog_stamp: string | null;
  updated_at: number;
}

export interface AttendanceDeviceTables {
  attendance_pins: AttendancePinsTable;
  attendance_device_commands: AttendanceDeviceCommandsTable;
  attendance_device_users: AttendanceDeviceUsersTable;
  attendance_device_state: AttendanceDeviceStateTable;
}
