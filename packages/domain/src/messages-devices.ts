// Attendance device messages (ZKTeco and kiosks), kept apart from messages.ts so each file stays
// short; messages.ts spreads them into the one catalogue. The spec gives no wording; these are ours.

export const DEVICE_MESSAGES = {
  DEVICE_ALREADY_ADDED: 'This device is already on your list.',
  DEVICE_SERIAL_TAKEN:
    'A device with this serial number is connected to another institution. It must be removed there first.',
  DEVICE_REVOKED: 'This device has been removed. Add it again to use it.',
  DEVICE_NOT_ZKTECO: 'Only ZKTeco devices keep a student list to sync.',
} as const;
