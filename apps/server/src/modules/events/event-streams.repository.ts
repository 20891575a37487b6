import type { Insertable, Kysely } from 'kysely';
import type { Database, EventStreamsTable } from '../../db/schema';

/** The leases of open live-update streams (stream-registry.ts). */
export class EventStreamsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<EventStreamsTable>): Promise<void> {
    await this.db.insertInto('event_streams').values(row).execute();
  }

  /** Live (unexpired) streams of one user, in every process. */
  async countForUser(userId: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('event_streams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Live (unexpired) streams from one address, signed in or not, in every process. */
  /** Open streams of visitors who are not signed in, from one address. */
  async countAnonymousForIp(ip: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('event_streams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('user_id', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('event_streams').where('id', '=', id).execute();
  }

  /** Moves on the lease of every stream one process serves. */
  async renew(instanceId: string, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('event_streams')
      .set({ expires_at: expiresAt })
      .where('instance_id', '=', instanceId)
      .execute();
  }

  async removeInstance(instanceId: string): Promise<void> {
    await this.db.deleteFrom('event_streams').where('instance_id', '=', instanceId).execute();
  }

  /** Rows whose process stopped renewing them (it crashed or lost its database). */
  async removeExpired(now: number): Promise<void> {
    await this.db.deleteFrom('event_streams').where('expires_at', '<=', now).execute();
  }
}
