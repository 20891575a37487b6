import type { IncidentState, StatusState } from '@batchwise/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { StatusIncidentsTable, StatusIncidentUpdatesTable } from '../../db/schema-status';

/** Outcomes counted over a window: taken by the other side, or failed. */
export interface OutcomeCounts {
  ok: number;
  failed: number;
}

export interface QueueFigures {
  /** Jobs due now and not yet taken (or taken by a worker whose lease ran out). */
  waiting: number;
  /** When the oldest of them became due; null when none waits. */
  oldestDueAt: number | null;
  /** Failed runs since the given time: jobs given up on, and jobs put back to retry. */
  failed: number;
}

const count = (condition: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/**
 * The status page's reads of what other modules record (SMS messages, online payments, jobs) and
 * its own incidents and daily history. Reads only: the page reports outcomes, it changes none.
 */
export class StatusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * SMS messages settled since `since`: sent (or later reported on) counts as taken; failed, or
   * put back to retry with the gateway's error, counts as a failure (sms-dispatcher.ts settle()).
   */
  async smsOutcomes(since: number): Promise<OutcomeCounts> {
    const row = await this.db
      .selectFrom('sms_messages')
      .select([
        count(sql`status in ('sent', 'delivered', 'undelivered')`).as('ok'),
        count(sql`status = 'failed' or (status = 'queued' and error_code is not null)`).as('failed'),
      ])
      .where('updated_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { ok: Number(row.ok), failed: Number(row.failed) };
  }

  /**
   * Online payment attempts touched since `since`, per gateway: a session the gateway opened
   * (whatever the payer then did) counts as taken; a session it refused (reason UNATTEMPTED,
   * online-pay-gateway.service.ts) as a failure. A payer's declined card is not the gateway's.
   */
  async paymentOutcomes(since: number): Promise<Record<string, OutcomeCounts>> {
    const rows = await this.db
      .selectFrom('online_payments')
      .select([
        'gateway',
        count(sql`status in ('redirected', 'paid', 'cancelled', 'needs_review')`).as('ok'),
        count(sql`status = 'failed' and reason = 'UNATTEMPTED'`).as('failed'),
      ])
      .where('updated_at', '>=', since)
      .groupBy('gateway')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.gateway, { ok: Number(r.ok), failed: Number(r.failed) }]));
  }

  /** The job queue (modules/jobs): what waits now, and the runs that failed since `since`. */
  async queueFigures(now: number, since: number): Promise<QueueFigures> {
    const waiting = await this.db
      .selectFrom('jobs')
      .select([sql<number>`count(*)`.as('n'), sql<number | null>`min(run_at)`.as('oldest')])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    const failed = await this.db
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .where('last_error', 'is not', null)
      .where('status', 'in', ['dead', 'queued'])
      .where('updated_at', '>=', since)
      .executeTakeFirstOrThrow();
    return {
      waiting: Number(waiting.n),
      oldestDueAt: waiting.oldest == null ? null : Number(waiting.oldest),
      failed: Number(failed.n),
    };
  }

  /** The recorded states of the days from `fromDay` on, oldest first. */
  days(fromDay: string): Promise<{ component: string; day: string; state: StatusState }[]> {
    return this.db
      .selectFrom('status_days')
      .select(['component', 'day', 'state'])
      .where('day', '>=', fromDay)
      .orderBy('day')
      .execute();
  }

  async recordDay(component: string, day: string, state: StatusState, now: number): Promise<void> {
    await this.db
      .insertInto('status_days')
      .values({ component, day, state, updated_at: now })
      .onConflict((oc) => oc.columns(['component', 'day']).doUpdateSet({ state, updated_at: now }))
      .execute();
  }

  /** Incidents still open, and those resolved since `since`, newest first. */
  incidents(since: number, limit: number): Promise<StatusIncidentsTable[]> {
    return this.db
      .selectFrom('status_incidents')
      .selectAll()
      .where((eb) => eb.or([eb('resolved_at', 'is', null), eb('resolved_at', '>=', since)]))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  findIncident(id: string): Promise<StatusIncidentsTable | undefined> {
    return this.db.selectFrom('status_incidents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  updatesOf(incidentIds: readonly string[]): Promise<StatusIncidentUpdatesTable[]> {
    if (!incidentIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('status_incident_updates')
      .selectAll()
      .where('incident_id', 'in', incidentIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async insertIncident(incident: StatusIncidentsTable, update: StatusIncidentUpdatesTable): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('status_incidents').values(incident).execute();
      await trx.insertInto('status_incident_updates').values(update).execute();
    });
  }

  async addUpdate(update: StatusIncidentUpdatesTable): Promise<void> {
    const state: IncidentState = update.state;
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('status_incident_updates').values(update).execute();
      await trx
        .updateTable('status_incidents')
        .set({
          state,
          updated_at: update.created_at,
          resolved_at: state === 'resolved' ? update.created_at : null,
        })
        .where('id', '=', update.incident_id)
        .execute();
    });
  }
}
