// Guards against strangers (migration 0031), apart from schema.ts so it stays short.

/**
 * A picture the public admission form stored: an application may name it once, only on the form
 * (account) that issued it and before it expires.
 */
export interface AdmissionPicturesTable {
  /** The storage key, as in `/media/{key}`. */
  key: string;
  account_id: string;
  created_at: number;
  expires_at: number;
  /** The application that used it; null while unused. */
  application_id: string | null;
}

/**
 * A browser that signed in to a user with the right password (its `bw_device` cookie, stored as a
 * digest): wrong passwords from elsewhere do not hold it up (modules/identity/IDENTITY.md).
 */
export interface KnownDevicesTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface AbuseGuardTables {
  admission_pictures: AdmissionPicturesTable;
  known_devices: KnownDevicesTable;
}
