// The SMS tables (migration 0011), apart from schema.ts so neither grows past reading.

/**
 * Every change to an account's SMS quota, with who and why (a top-up, a send, a refund…). The
 * account's `sms_quota` is the running balance, changed only in the same transaction as a row
 * here, so the ledger always adds up to it.
 */
export interface SmsLedgerTable {
  id: string;
  account_id: string;
  /** SMS added (positive) or taken (negative). */
  delta: number;
  /** The account's quota after this change. */
  balance_after: number;
  reason:
    | 'opening'
    | 'signup-grant'
    | 'top-up'
    | 'purchase'
    | 'correction'
    | 'send'
    | 'refund'
    | 'link'
    | 'invitation'
    /** A referred account's first platform payment (modules/referrals). */
    | 'referral';
  /** The send (sms_sends.id) a debit or refund belongs to. */
  send_id: string | null;
  /** Who made the change; null for the system (a refund of a failed message). */
  actor_user_id: string | null;
  note: string | null;
  created_at: number;
}

/**
 * One send: the spec's SMS-SEND-ATTEMPT (part 1 §3) — the text, who sent it, the rate, the quota
 * left and whose quota paid — with its recipients in sms_messages.
 */
export interface SmsSendsTable {
  id: string;
  /** The account the send is made for (the teacher's). */
  account_id: string;
  /** Whose quota paid: the account's own, or the account it shares from (SMS-Shared-From). */
  payer_account_id: string;
  user_id: string;
  text: string;
  rate_paisa: number;
  recipients: number;
  /** SMS parts of every message together: what the quota was debited. */
  parts: number;
  /** The payer's quota after the debit (smsRemains). */
  quota_after: number;
  /** Transactional (attendance, payment): not held back by the quiet hours. */
  urgent: number;
  status: 'scheduled' | 'queued' | 'done' | 'cancelled';
  /** When the send may go out: now, a scheduled time, or the end of the quiet hours. */
  run_at: number;
  /** JSON array of the classroom ids it was composed for (migration 0012). */
  classroom_ids: string;
  created_at: number;
  updated_at: number;
}

/** One message of a send to one number: claimed before it is sent, so it goes out once. */
export interface SmsMessagesTable {
  /** Also the gateway's client message id (csms_id) and the console outbox's send key. */
  id: string;
  send_id: string;
  phone: string;
  text: string;
  parts: number;
  /** Who the number belongs to: a student, a parent, or a number typed in (or read from a sheet). */
  source: 'student' | 'parent1' | 'parent2' | 'typed';
  student_id: string | null;
  status: 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'cancelled';
  attempts: number;
  /** While `sending`: until when the worker that claimed it holds it. */
  lease_until: number | null;
  provider_id: string | null;
  error_code: string | null;
  error: string | null;
  sent_at: number | null;
  updated_at: number;
}

/** A saved message template of an account (migration 0013). */
export interface SmsTemplatesTable {
  id: string;
  account_id: string;
  name: string;
  /** The name as compared: trimmed, lower case; unique per account. */
  name_key: string;
  body: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}
