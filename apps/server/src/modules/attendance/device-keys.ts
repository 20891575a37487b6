import crypto from 'node:crypto';

/**
 * Kiosk device keys: 32 random bytes, base64url, shown to the owner once; only
 * their SHA-256 is stored (attendance_devices.key_hash), so a leaked table opens no kiosk.
 * The devices module issues keys with these, and the kiosk routes look them up the same way.
 */
export function newDeviceKey(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The stored form of a device key: SHA-256, hex. */
export function hashDeviceKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}
