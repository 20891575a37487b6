import type { FaceLivenessCheck } from '@batchwise/domain';

// Face registration and recognition (migration 0076).

/** One student's registered face: descriptors sealed (SecretBox, the account id as AAD). */
export interface FacePrintsTable {
  student_id: string;
  account_id: string;
  /** `v1.<nonce>.<tag>.<ciphertext>` of the descriptors (number[][]); nothing else is kept. */
  sealed: string;
  /** FACE_MODEL of the descriptors. */
  model: string;
  angles: number;
  liveness: FaceLivenessCheck;
  created_at: number;
  updated_at: number;
}

/** A registration link's key (`/create-face-recog-print?key=…&suid=…`), reusable until it expires. */
export interface FacePrintKeysTable {
  id: string;
  /** SHA-256 of the key. */
  key_hash: string;
  account_id: string;
  student_id: string;
  created_by: string | null;
  created_at: number;
  expires_at: number;
}

/** The account's face settings; no row: the defaults. */
export interface FaceSettingsTable {
  account_id: string;
  threshold: number;
  /** 1: registration also sends one picture, kept as the student's photo. */
  keep_photo: number;
  updated_at: number;
}

export interface FaceTables {
  face_prints: FacePrintsTable;
  face_print_keys: FacePrintKeysTable;
  face_settings: FaceSettingsTable;
}
