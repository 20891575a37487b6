import { type Kysely, sql } from 'kysely';
import { numbered, preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';

export interface KioskDeviceRow {
  id: string;
  account_id: string;
  name: string;
  last_contact_at: number | null;
  institution: string;
}

export interface KioskStudentRow {
  id: string;
  name: string;
  avatar_key: string | null;
}

/** SQL of the kiosk: its device by key, and students by the codes it reads. */
export class KioskRepository {
  // Every kiosk request reads its device: one prepared query (db/prepared-query.ts).
  private readonly byKey;
  private readonly byId;
  /** By card, one prepared query per number of key forms (cardCodeKeys gives one to three). */
  private readonly byCard = new Map<
    number,
    (values: Record<string, unknown>) => Promise<KioskStudentRow[]>
  >();

  constructor(private readonly db: Kysely<Database>) {
    this.byKey = preparedQuery(db, ['keyHash'], ({ keyHash }) =>
      db
        .selectFrom('attendance_devices as d')
        .innerJoin('accounts as a', 'a.id', 'd.account_id')
        .select(['d.id', 'd.account_id', 'd.name', 'd.last_contact_at', 'a.institution'])
        .where('d.key_hash', '=', keyHash)
        .where('d.kind', '=', 'kiosk')
        .where('d.revoked_at', 'is', null),
    );
    this.byId = preparedQuery(db, ['accountId', 'studentId'], ({ accountId, studentId }) =>
      db
        .selectFrom('students')
        .select(['id', 'name', 'avatar_key'])
        .where('id', '=', studentId)
        .where('account_id', '=', accountId)
        .where('archived_at', 'is', null),
    );
  }

  /** A kiosk that is not revoked, by the SHA-256 of its key, with its account's institution. */
  async deviceByKeyHash(keyHash: string): Promise<KioskDeviceRow | undefined> {
    return (await this.byKey({ keyHash }))[0];
  }

  /** The account's current (not archived) student with this id. */
  async studentById(accountId: string, studentId: string): Promise<KioskStudentRow | undefined> {
    return (await this.byId({ accountId, studentId }))[0];
  }

  /**
   * The account's current student whose RFID code is one of these lower-cased keys: compared as
   * `lower(rfid)`, which the students_rfid_lookup_idx index answers (migration 0009).
   */
  async studentByCard(accountId: string, keys: readonly string[]): Promise<KioskStudentRow | undefined> {
    const card = numbered('key', keys);
    let query = this.byCard.get(keys.length);
    if (!query) {
      const { names } = card;
      query = preparedQuery(this.db, ['accountId', ...names], (v) =>
        this.db
          .selectFrom('students')
          .select(['id', 'name', 'avatar_key'])
          .where(
            sql<string>`lower(rfid)`,
            'in',
            names.map((name) => v[name]!),
          )
          .where('account_id', '=', v.accountId)
          .where('archived_at', 'is', null)
          .orderBy('id')
          .limit(1),
      );
      this.byCard.set(keys.length, query);
    }
    return (await query({ accountId, ...card.values }))[0];
  }

  /**
   * The same, for a code stored with spaces inside ("00 12 34") and read without: no index
   * serves it, so it is only asked when the indexed lookup found nobody, within one account.
   */
  studentByCardIgnoringSpaces(accountId: string, key: string): Promise<KioskStudentRow | undefined> {
    return this.db
      .selectFrom('students')
      .select(['id', 'name', 'avatar_key'])
      .where('account_id', '=', accountId)
      .where('rfid', 'is not', null)
      .where(sql<string>`replace(lower(rfid), ' ', '')`, '=', key)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** Moves a kiosk's last contact on (reads that write nothing else: its device and identify). */
  async touch(deviceId: string, now: number): Promise<void> {
    await this.db
      .updateTable('attendance_devices')
      .set({ last_contact_at: now })
      .where('id', '=', deviceId)
      .execute();
  }
}
