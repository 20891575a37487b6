import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import type { SmsMessagesTable, SmsSendsTable } from '../../db/schema-sms';

export type SmsMessageRow = Selectable<SmsMessagesTable>;
export type SmsSendRow = Selectable<SmsSendsTable>;
/** A claimed message; `wasInFlight`: a worker claimed it before and stopped before settling it. */
export type ClaimedMessage = SmsMessageRow & { wasInFlight: boolean };

/** Sends and their messages: written by a send, claimed and settled by the dispatcher. */
export class SmsMessagesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async insertSend(row: Insertable<SmsSendsTable>): Promise<void> {
    await this.db.insertInto('sms_sends').values(row).execute();
  }

  /** In slices: one statement holds at most so many parameters (SQLite: 32,766). */
  async insertMessages(rows: readonly Insertable<SmsMessagesTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      await this.db
        .insertInto('sms_messages')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  }

  findSend(id: string): Promise<SmsSendRow | undefined> {
    return this.db.selectFrom('sms_sends').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Takes up to `limit` messages of the send that are due: queued ones whose retry time has come
   * (`lease_until` is a queued message's not-before), and `sending` ones whose worker's lease ran
   * out. Each becomes `sending`, held by this claim until `now + leaseMs`. On PostgreSQL, rows
   * another worker is claiming are skipped, so two workers never take the same message.
   */
  async claim(sendId: string, limit: number, now: number, leaseMs: number): Promise<ClaimedMessage[]> {
    return this.db.transaction().execute(async (trx) => {
      let due = trx
        .selectFrom('sms_messages')
        .select(['id', 'status'])
        .where('send_id', '=', sendId)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', '=', 'queued'),
              eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]),
            ]),
            eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
          ]),
        )
        .orderBy('id')
        .limit(limit);
      if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
      const found = await due.execute();
      if (found.length === 0) return [];
      const rows = await trx
        .updateTable('sms_messages')
        .set((eb) => ({
          status: 'sending',
          attempts: eb('attempts', '+', 1),
          lease_until: now + leaseMs,
          updated_at: now,
        }))
        .where(
          'id',
          'in',
          found.map((f) => f.id),
        )
        .returningAll()
        .execute();
      const inFlight = new Set(found.filter((f) => f.status === 'sending').map((f) => f.id));
      return rows.map((row) => ({ ...row, wasInFlight: inFlight.has(row.id) }));
    });
  }

  /** Marks claimed messages; only while still `sending` (a cancelled send stays cancelled). */
  async settle(
    ids: readonly string[],
    changes: Partial<
      Pick<SmsMessageRow, 'status' | 'lease_until' | 'provider_id' | 'error_code' | 'error' | 'sent_at'>
    >,
    now: number,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('sms_messages')
      .set({ ...changes, updated_at: now })
      .where('id', 'in', [...ids])
      .where('status', '=', 'sending')
      .execute();
  }

  /**
   * A delivery report on a sent message, found by our id or the gateway's; a report on a message
   * not `sent` (already reported, or unknown) changes nothing, so a repeated report is harmless.
   * Returns the account of the message it changed, if any.
   */
  async report(
    key: string,
    status: 'delivered' | 'undelivered',
    error: string | null,
    now: number,
  ): Promise<
    { id: string; account_id: string; send_id: string; phone: string; student_id: string | null } | undefined
  > {
    const message = await this.db
      .selectFrom('sms_messages')
      .innerJoin('sms_sends', 'sms_sends.id', 'sms_messages.send_id')
      .select([
        'sms_messages.id',
        'sms_sends.account_id',
        'sms_messages.send_id',
        'sms_messages.phone',
        'sms_messages.student_id',
      ])
      .where((eb) => eb.or([eb('sms_messages.id', '=', key), eb('sms_messages.provider_id', '=', key)]))
      .where('sms_messages.status', '=', 'sent')
      .executeTakeFirst();
    if (!message) return undefined;
    const changed = await this.db
      .updateTable('sms_messages')
      .set({ status, error, updated_at: now })
      .where('id', '=', message.id)
      .where('status', '=', 'sent')
      .executeTakeFirst();
    return Number(changed.numUpdatedRows) > 0 ? message : undefined;
  }

  /** The earliest time a message of the send may be claimed again; undefined when none is left. */
  async nextDue(sendId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sms_messages')
      .select((eb) => [eb.fn.count<number>('id').as('open'), eb.fn.min<number>('lease_until').as('due')])
      .where('send_id', '=', sendId)
      .where('status', 'in', ['queued', 'sending'])
      .executeTakeFirstOrThrow();
    if (Number(row.open) === 0) return undefined;
    return row.due === null ? 0 : Number(row.due);
  }

  async setSendStatus(id: string, status: SmsSendRow['status'], from: SmsSendRow['status'], now: number) {
    const result = await this.db
      .updateTable('sms_sends')
      .set({ status, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
