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

/**
 * A sign-up waiting for its e-mail (migration 0053): the account is made from the mailed link
 * only, so sign-up answers alike whether the e-mail is registered (modules/identity/IDENTITY.md).
 */
export interface SignUpConfirmationsTable {
  /** Digest of the link's token; the token itself is only in the e-mail. */
  token_hash: string;
  email: string;
  /** The sign-up request without its password, as JSON. */
  details: string;
  password_hash: string;
  created_at: number;
  expires_at: number;
}

export interface AbuseGuardTables {
  admission_pictures: AdmissionPicturesTable;
  known_devices: KnownDevicesTable;
  sign_up_confirmations: SignUpConfirmationsTable;
}
