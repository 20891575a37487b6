import { z } from 'zod';
import { timestampField } from './fields';

// Attendance devices (/Sentinel-Connected-Devices): the account's kiosks (a
// browser on a tablet, by device key) and ZKTeco devices (pushing to /iclock/* by serial number).

export const ATTENDANCE_DEVICE_KINDS = ['kiosk', 'zkteco'] as const;
export type AttendanceDeviceKind = (typeof ATTENDANCE_DEVICE_KINDS)[number];

/**
 * A device heard from within this long is online. ZKTeco devices ask for commands every 10 s
 * (the handshake's Delay); a kiosk calls whenever it records or refreshes.
 */
export const DEVICE_ONLINE_WINDOW_MS = 2 * 60_000;

/** The path of the kiosk page a device key opens (the web's /access-control-qr-scanner). */
export const KIOSK_PAGE_PATH = '/access-control-qr-scanner';

export const DEVICE_NAME_MAX = 60;

const deviceNameField = z
  .string()
  .trim()
  .min(1, 'Please enter a name for the device.')
  .max(DEVICE_NAME_MAX)
  .describe('What the staff call it, e.g. "Main gate"');

/**
 * A ZKTeco serial number as printed on the device and shown under System Info (e.g.
 * CQZ7224460246): letters and digits, kept in capitals.
 */
export const deviceSerialField = z
  .string()
  .trim()
  .transform((serial) => serial.toUpperCase())
  .pipe(
    z.string().regex(/^[A-Z0-9][A-Z0-9_-]{3,39}$/, 'Please enter the serial number as the device shows it.'),
  )
  .describe('Serial number (SN) from the device: System Info → Device Info');

export const zktecoDeviceInputSchema = z.object({ serial: deviceSerialField, name: deviceNameField });
export type ZktecoDeviceInput = z.input<typeof zktecoDeviceInputSchema>;

export const kioskDeviceInputSchema = z.object({ name: deviceNameField });
export type KioskDeviceInput = z.input<typeof kioskDeviceInputSchema>;

export const renameDeviceInputSchema = z.object({ name: deviceNameField });

export const attendanceDeviceSchema = z.object({
  id: z.string(),
  kind: z.enum(ATTENDANCE_DEVICE_KINDS),
  name: z.string(),
  /** ZKTeco only. */
  serial: z.string().nullable(),
  createdAt: timestampField,
  lastContactAt: timestampField.nullable().describe('Last request the device made; null: never'),
  revokedAt: timestampField.nullable(),
  pendingCommands: z.number().int().describe('Commands queued or sent and not yet confirmed (ZKTeco)'),
  failedCommands: z.number().int().describe('Commands the device reported as failed (ZKTeco)'),
  usersOnDevice: z.number().int().describe('Students the device has been told about (ZKTeco)'),
  punchesToday: z.number().int().describe('Punches it recorded since midnight, Bangladesh time'),
});
export type AttendanceDevice = z.output<typeof attendanceDeviceSchema>;

export const attendanceDeviceListSchema = z.object({
  devices: z.array(attendanceDeviceSchema).describe('Active devices first, newest first; then revoked ones'),
  now: timestampField.describe("The server's clock, to tell online from offline"),
});
export type AttendanceDeviceList = z.output<typeof attendanceDeviceListSchema>;

/** A kiosk just issued: the key is in this answer only (the server keeps its SHA-256). */
export const issuedKioskSchema = z.object({
  device: attendanceDeviceSchema,
  key: z.string().describe('The device key; shown once, never again'),
  url: z.string().describe('The kiosk page with the key, to open on the tablet'),
});
export type IssuedKiosk = z.output<typeof issuedKioskSchema>;

export const deviceSyncResultSchema = z.object({
  queued: z.number().int().describe('Commands queued to bring the device up to date'),
});
export type DeviceSyncResult = z.output<typeof deviceSyncResultSchema>;
