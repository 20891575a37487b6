/**
 * The parts of a generated Firebase export that carry money, dates and referrals (part 1 §3
 * "Batch": `Events`, `specialPayments`; "Accepted student": `PaymentHistory` with timeStamp,
 * `specialPayments`; part 2 §3 "Teacher / admin account": `ReferredBy`, PublicInfo `Referrals`).
 * The spec names these sections but not their fields: these are the ones the import reads, with
 * the quirks people left in them (amounts as text, a method typed in any case, a payment that
 * names no month and one with no amount, dates in either order, an event kind we do not keep).
 */

import { BASE_TIME, DAY, ddmmyyyy, type Json } from './firebase-export-seed';

const METHODS = ['Cash', 'bKash', 'Bkash ', 'Nagad', 'Bank'];

/** What an import must make of these parts (added to the export's manifest). */
export interface MoneyManifest {
  feeCharges: number;
  payments: number;
  /** Records the import skips with a reason (a payment without an amount, an event of no kind we keep). */
  skippedPayments: number;
  timetableEvents: number;
  skippedEvents: number;
  referrals: number;
  orphans: { entity: string; key: string }[];
}

export function emptyMoneyManifest(): Omit<MoneyManifest, 'orphans'> {
  return {
    feeCharges: 0,
    payments: 0,
    skippedPayments: 0,
    timetableEvents: 0,
    skippedEvents: 0,
    referrals: 0,
  };
}

/** The special payment every other classroom asks for (Batch/specialPayments/{key}). */
const EXAM_FEE_KEY = '-Nexamfee';

/** A classroom's special payments: the exam fee of every other classroom, its amount as text in some. */
export function specialPaymentsOf(t: number, b: number, manifest: MoneyManifest): Json | undefined {
  if (b % 2 !== 0) return undefined;
  manifest.feeCharges++;
  return {
    [EXAM_FEE_KEY]: {
      Title: 'Exam Fee',
      Amount: t % 2 === 0 ? 300 : '300',
      Month: '2024-06',
      createdAt: BASE_TIME + 150 * DAY,
    },
  };
}

/**
 * A classroom's one-off changes to its timings: a cancelled class and a holiday in each, and in
 * the first an exam day, a moved class and a picnic (a kind the timetable does not keep).
 */
export function eventsOf(b: number, manifest: MoneyManifest): Json {
  const events: Json = {
    '-Ecancel': {
      Type: 'Cancelled',
      Date: ddmmyyyy(BASE_TIME + (30 + b) * DAY),
      Start: '16:00',
      End: '17:30',
      Note: 'Teacher unwell',
    },
    '-Eholiday': { Type: 'Holiday', Date: '2024-04-10', Note: 'Eid' },
  };
  manifest.timetableEvents += 2;
  if (b === 0) {
    events['-Eexam'] = {
      Type: 'Exam',
      Date: '15-06-2024',
      Start: '10:00',
      End: '12:00',
      Place: 'Room 2',
    };
    events['-Emoved'] = {
      Type: 'Rescheduled',
      Date: ddmmyyyy(BASE_TIME + 45 * DAY),
      Start: '16:00',
      End: '17:30',
      NewDate: ddmmyyyy(BASE_TIME + 46 * DAY),
      NewStart: '18:00',
      NewEnd: '19:30',
    };
    events['-Epicnic'] = { Type: 'Picnic', Date: '20-02-2024' };
    manifest.timetableEvents += 2;
    manifest.skippedEvents++;
  }
  return events;
}

/**
 * What an accepted student (`s`, the student's number in the account) paid in one classroom:
 * every other student a month's fee, every fourth one more month (with no Month, only its
 * timeStamp), the first student a "payment" with no amount, and every third student of a
 * classroom with an exam fee that fee. `orphanKey`, when given, is a special payment the
 * classroom does not hold that the student paid anyway.
 */
export function studentPayments(
  s: number,
  fee: number,
  hasExamFee: boolean,
  manifest: MoneyManifest,
  orphanKey?: string,
): Json {
  const out: Json = {};
  const history: Json = {};
  if (s % 2 === 0) {
    history[`-P${s}a`] = {
      Month: '2024-01',
      Amount: s % 6 === 0 ? String(fee) : fee,
      PaymentMethod: METHODS[s % METHODS.length],
      TransactionID: s % 3 === 0 ? `TX${s}` : '',
      timeStamp: BASE_TIME + 10 * DAY + s * 1000,
    };
    manifest.payments++;
  }
  if (s % 4 === 0) {
    history[`-P${s}b`] = { Amount: fee, PaymentMethod: 'cash', timeStamp: BASE_TIME + 40 * DAY + s * 1000 };
    manifest.payments++;
  }
  if (s === 0) {
    history['-Pfree'] = { Amount: 'Free', timeStamp: BASE_TIME + 5 * DAY };
    manifest.skippedPayments++;
  }
  if (Object.keys(history).length > 0) out.PaymentHistory = history;
  const special: Json = {};
  if (hasExamFee && s % 3 === 0) {
    special[EXAM_FEE_KEY] = { Amount: 300, PaymentMethod: 'Cash', timeStamp: BASE_TIME + 160 * DAY + s };
    manifest.payments++;
  }
  if (orphanKey)
    special[orphanKey] = { Amount: 150, PaymentMethod: 'Cash', timeStamp: BASE_TIME + 161 * DAY };
  if (Object.keys(special).length > 0) out.specialPayments = special;
  return out;
}

/**
 * Referrals between teachers: every tenth teacher from the fifth on names the one before as
 * ReferredBy (and that one lists it in PublicInfo Referrals too: told from both sides, it counts
 * once), and every tenth from the tenth is listed only in the referrer's Referrals.
 */
export function referralsOf(
  t: number,
  teachers: number,
  uidOf: (t: number) => string,
  manifest: MoneyManifest,
): { referredBy?: string; referrals?: Json } {
  const out: { referredBy?: string; referrals?: Json } = {};
  if (t % 10 === 3 && t + 1 < teachers) out.referrals = { [uidOf(t + 1)]: BASE_TIME + 2 * DAY };
  if (t % 10 === 4) {
    out.referredBy = uidOf(t - 1);
    manifest.referrals++;
  }
  if (t % 10 === 8 && t + 1 < teachers) {
    out.referrals = { [uidOf(t + 1)]: BASE_TIME + 3 * DAY };
    manifest.referrals++;
  }
  return out;
}
