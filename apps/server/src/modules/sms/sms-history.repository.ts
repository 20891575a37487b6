import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { SmsMessageRow } from './sms-messages.repository';

export interface HistoryFilter {
  accountId: string;
  /** Only the sends this user made (an assistant's view). */
  userId: string | null;
  status?: SmsMessageRow['status'];
  classroomId?: string;
  from?: number;
  to?: number;
}

/** What the SMS history reads (get-sent-sms-info): sends, their counts by status, recipients. */
export class SmsHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(filter: HistoryFilter) {
    return (
      this.db
        .selectFrom('sms_sends')
        .where('sms_sends.account_id', '=', filter.accountId)
        .$if(filter.userId !== null, (q) => q.where('sms_sends.user_id', '=', filter.userId!))
        .$if(filter.from !== undefined, (q) => q.where('sms_sends.created_at', '>=', filter.from!))
        .$if(filter.to !== undefined, (q) => q.where('sms_sends.created_at', '<', filter.to!))
        // Ids are ULIDs (no LIKE wildcards); the quotes match a whole id of the JSON array.
        .$if(filter.classroomId !== undefined, (q) =>
          q.where('sms_sends.classroom_ids', 'like', `%${JSON.stringify(filter.classroomId)}%`),
        )
        .$if(filter.status !== undefined, (q) =>
          q.where((eb) =>
            eb.exists(
              eb
                .selectFrom('sms_messages')
                .select(sql.lit(1).as('one'))
                .whereRef('sms_messages.send_id', '=', 'sms_sends.id')
                .where('sms_messages.status', '=', filter.status!),
            ),
          ),
        )
    );
  }

  page(filter: HistoryFilter, limit: number, offset: number) {
    return this.filtered(filter)
      .innerJoin('users', 'users.id', 'sms_sends.user_id')
      .selectAll('sms_sends')
      .select('users.name as sender_name')
      .orderBy('sms_sends.created_at', 'desc')
      .orderBy('sms_sends.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(filter: HistoryFilter): Promise<number> {
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Messages by status for each of these sends. */
  counts(sendIds: readonly string[]) {
    if (sendIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sms_messages')
      .select(['send_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('send_id', 'in', [...sendIds])
      .groupBy(['send_id', 'status'])
      .execute();
  }

  find(accountId: string, sendId: string) {
    return this.db
      .selectFrom('sms_sends')
      .innerJoin('users', 'users.id', 'sms_sends.user_id')
      .selectAll('sms_sends')
      .select('users.name as sender_name')
      .where('sms_sends.id', '=', sendId)
      .where('sms_sends.account_id', '=', accountId)
      .executeTakeFirst();
  }

  messages(sendId: string) {
    return this.db
      .selectFrom('sms_messages')
      .leftJoin('students', 'students.id', 'sms_messages.student_id')
      .selectAll('sms_messages')
      .select('students.name as student_name')
      .where('sms_messages.send_id', '=', sendId)
      .orderBy('sms_messages.id')
      .execute();
  }

  /** Cancels the messages of a scheduled send; returns the parts they held. */
  async cancelMessages(sendId: string, now: number): Promise<number> {
    const rows = await this.db
      .updateTable('sms_messages')
      .set({ status: 'cancelled', lease_until: null, updated_at: now })
      .where('send_id', '=', sendId)
      .where('status', '=', 'queued')
      .returning('parts')
      .execute();
    return rows.reduce((sum, r) => sum + r.parts, 0);
  }

  /**
   * Messages to one phone from these accounts' sends, newest first (the family portal's messages):
   * a page of them and how many there are.
   */
  async toPhone(phone: string, accountIds: readonly string[], page: { offset: number; limit: number }) {
    if (accountIds.length === 0) return { rows: [], total: 0 };
    const base = this.db
      .selectFrom('sms_messages as m')
      .innerJoin('sms_sends as s', 's.id', 'm.send_id')
      .where('m.phone', '=', phone)
      .where('s.account_id', 'in', accountIds);
    const rows = await base
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .select(['m.id', 'm.text', 'm.status', 'm.sent_at', 's.created_at', 'a.institution'])
      .orderBy('s.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return { rows, total: Number(count?.n ?? 0) };
  }

  /**
   * For each (phone, account) asked, how many messages to the phone from the account were sent
   * after its `since`, in one query, one count per ask in order; each pair at most once (the
   * caller splits repeats).
   */
  async countsToPhonesSince(
    asks: readonly { phone: string; accountId: string; since: number }[],
  ): Promise<number[]> {
    if (asks.length === 0) return [];
    const rows = await this.db
      .selectFrom('sms_messages as m')
      .innerJoin('sms_sends as s', 's.id', 'm.send_id')
      .where((eb) =>
        eb.or(
          asks.map((a) =>
            eb.and([
              eb('m.phone', '=', a.phone),
              eb('s.account_id', '=', a.accountId),
              eb('s.created_at', '>', a.since),
            ]),
          ),
        ),
      )
      .select(['m.phone', 's.account_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['m.phone', 's.account_id'])
      .execute();
    return asks.map((a) =>
      Number(rows.find((r) => r.phone === a.phone && r.account_id === a.accountId)?.n ?? 0),
    );
  }
}
