import type { OtherUserRole, PunchDirection, PunchVia } from '@batchwise/domain';

/** A staff member, guard or visitor of an account (migration 0058). */
export interface OtherUsersTable {
  id: string;
  account_id: string;
  name: string;
  /** +880…, or empty. */
  phone: string;
  role: OtherUserRole;
  /** Bangladesh days YYYY-MM-DD; null: no limit. */
  valid_from: string | null;
  valid_to: string | null;
  /** Eight digits, unique in the account: typed at the kiosk, and the ZKTeco PIN. */
  code: number;
  created_at: number;
  updated_at: number;
}

/** One entry or exit of an other user (the kiosk or a ZKTeco device). */
export interface OtherUserPunchesTable {
  id: string;
  account_id: string;
  other_user_id: string;
  direction: PunchDirection;
  at: number;
  via: PunchVia;
  device_id: string | null;
  /** As for students' punches: the kiosk's client id, or ZKTeco's `${pin}|${local time}`. */
  dedupe_key: string;
  created_at: number;
}

export interface OtherUserTables {
  other_users: OtherUsersTable;
  other_user_punches: OtherUserPunchesTable;
}
