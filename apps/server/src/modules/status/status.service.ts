import {
  addDays,
  dayOf,
  gatewayState,
  type Incident,
  type IncidentInput,
  type IncidentUpdateInput,
  overallState,
  queueState,
  STATUS_HISTORY_DAYS,
  STATUS_OUTCOME_WINDOW_MS,
  type StatusComponent,
  type StatusSnapshot,
  type StatusState,
  worstState,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { StatusIncidentsTable, StatusIncidentUpdatesTable } from '../../db/schema-status';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { StatusRepository } from './status.repository';
import type { StatusSnapshotFile } from './status-snapshot-file';

/** Resolved incidents stay on the page this long. */
const RESOLVED_SHOWN_MS = 14 * 86_400_000;
const INCIDENTS_SHOWN = 20;
const STAFF_INCIDENTS = 100;
/** A snapshot younger than this is served as it is (the page may be opened often). */
const FRESH_MS = 5000;

export interface StatusDeps {
  db: Db;
  clock: Clock;
  /** The configured SMS gateway's driver name: its outcomes are the SMS messages settled. */
  smsGateway: string;
  /** The payment gateways offered: shown even before any payment went through them. */
  paymentGateways: readonly string[];
  file: StatusSnapshotFile;
  log: { warn(o: object, m: string): void };
}

/**
 * The public status page's figures (running the platform, item 2): each part's state from recent
 * real outcomes, the incidents staff post and 90 days of daily history. Every snapshot taken is
 * written to disk and its states recorded for the day, so the page answers from the last one when
 * the database is down.
 */
export class StatusService {
  private readonly repo: StatusRepository;
  private latest: { snapshot: StatusSnapshot; at: number } | undefined;
  private taking: Promise<StatusSnapshot> | undefined;
  /** The day states this process last stored, so an unchanged state costs no query. */
  private readonly dayStates = new Map<string, StatusState>();

  constructor(private readonly deps: StatusDeps) {
    this.repo = new StatusRepository(deps.db.kysely);
  }

  /** The current snapshot: a fresh one, or the last written when the database cannot be read. */
  async snapshot(): Promise<StatusSnapshot> {
    const now = this.deps.clock.now();
    if (this.latest && now - this.latest.at < FRESH_MS) return this.latest.snapshot;
    this.taking ??= this.take().finally(() => {
      this.taking = undefined;
    });
    return this.taking;
  }

  /** Takes the figures now (the periodic writer, and a page whose snapshot is old). */
  async take(): Promise<StatusSnapshot> {
    const now = this.deps.clock.now();
    try {
      const snapshot = await this.compute(now);
      this.latest = { snapshot, at: now };
      await this.deps.file
        .write(snapshot)
        .catch((err: unknown) => this.deps.log.warn({ err }, 'could not write the status snapshot'));
      return snapshot;
    } catch (err) {
      this.deps.log.warn({ err }, 'status figures could not be read; serving the last snapshot');
      return this.fallback(now);
    }
  }

  /** The parts' states alone, for the health check. */
  async componentStates(): Promise<Record<string, StatusState>> {
    const snapshot = await this.snapshot();
    return Object.fromEntries(snapshot.components.map((c) => [c.key, c.state]));
  }

  private async compute(now: number): Promise<StatusSnapshot> {
    await this.deps.db.ping();
    const since = now - STATUS_OUTCOME_WINDOW_MS;
    const [sms, payments, queue] = await Promise.all([
      this.repo.smsOutcomes(since),
      this.repo.paymentOutcomes(since),
      this.repo.queueFigures(now, now - 3_600_000),
    ]);
    const oldestWaitingMs = queue.oldestDueAt === null ? null : Math.max(0, now - queue.oldestDueAt);
    const components: StatusComponent[] = [
      { key: 'api', kind: 'api', state: 'operational' },
      { key: 'database', kind: 'database', state: 'operational' },
      {
        key: 'jobs',
        kind: 'jobs',
        state: queueState(oldestWaitingMs, queue.failed),
        waiting: queue.waiting,
        oldestWaitingMs,
        failed: queue.failed,
      },
      { key: `sms:${this.deps.smsGateway}`, kind: 'sms', state: gatewayState(sms.ok, sms.failed), ...sms },
      ...[...new Set([...this.deps.paymentGateways, ...Object.keys(payments)])].map((gateway) => {
        const counts = payments[gateway] ?? { ok: 0, failed: 0 };
        return {
          key: `payment:${gateway}`,
          kind: 'payment' as const,
          state: gatewayState(counts.ok, counts.failed),
          ...counts,
        };
      }),
    ];
    const today = dayOf(now);
    await Promise.all(components.map((c) => this.recordDay(c.key, today, c.state, now)));
    const [incidents, days] = await Promise.all([
      this.incidentsShown(now),
      this.repo.days(addDays(today, -(STATUS_HISTORY_DAYS - 1))),
    ]);
    const history: StatusSnapshot['history'] = {};
    for (const row of days) {
      history[row.component] ??= [];
      history[row.component]!.push({ day: row.day, state: row.state });
    }
    return {
      takenAt: now,
      stale: false,
      overall: overallState(components),
      components,
      incidents,
      history,
    };
  }

  /** Keeps the day's worst state: a morning outage still shows after the gateway recovered. */
  private async recordDay(component: string, day: string, state: StatusState, now: number): Promise<void> {
    const key = `${component}|${day}`;
    const known = this.dayStates.get(key);
    const worst = worstState(known ? [known, state] : [state]);
    if (known === worst) return;
    const stored = (await this.repo.days(day)).find((d) => d.component === component && d.day === day);
    const next = worstState(stored ? [stored.state, worst] : [worst]);
    if (stored?.state !== next) await this.repo.recordDay(component, day, next, now);
    this.dayStates.set(key, next);
  }

  private async fallback(now: number): Promise<StatusSnapshot> {
    const last = this.latest?.snapshot ?? (await this.deps.file.read());
    const down = { key: 'database', kind: 'database' as const, state: 'down' as const };
    const components: StatusComponent[] = last
      ? last.components.map((c) => (c.kind === 'database' ? down : c))
      : [{ key: 'api', kind: 'api', state: 'operational' }, down];
    return {
      takenAt: last?.takenAt ?? now,
      stale: true,
      overall: overallState(components),
      components,
      incidents: last?.incidents ?? [],
      history: last?.history ?? {},
    };
  }

  // ── Incidents (platform staff; the routes' access says so) ──

  /** Staff see every incident, resolved ones too, newest first. */
  async listIncidents(): Promise<{ items: Incident[] }> {
    return { items: await this.withUpdates(await this.repo.incidents(0, STAFF_INCIDENTS)) };
  }

  async createIncident(input: IncidentInput, byUserId: string): Promise<Incident> {
    const now = this.deps.clock.now();
    const incident: StatusIncidentsTable = {
      id: newId(now),
      title: input.title,
      state: input.state,
      created_by: byUserId,
      created_at: now,
      updated_at: now,
      resolved_at: input.state === 'resolved' ? now : null,
    };
    await this.repo.insertIncident(incident, this.updateRow(incident.id, input, byUserId, now));
    this.latest = undefined;
    return this.incident(incident.id);
  }

  async addUpdate(incidentId: string, input: IncidentUpdateInput, byUserId: string): Promise<Incident> {
    if (!(await this.repo.findIncident(incidentId))) throw notFound();
    await this.repo.addUpdate(this.updateRow(incidentId, input, byUserId, this.deps.clock.now()));
    this.latest = undefined;
    return this.incident(incidentId);
  }

  private updateRow(
    incidentId: string,
    input: IncidentUpdateInput,
    byUserId: string,
    now: number,
  ): StatusIncidentUpdatesTable {
    return {
      id: newId(now),
      incident_id: incidentId,
      state: input.state,
      message: input.message,
      created_by: byUserId,
      created_at: now,
    };
  }

  private async incident(id: string): Promise<Incident> {
    const row = await this.repo.findIncident(id);
    if (!row) throw notFound();
    return (await this.withUpdates([row]))[0]!;
  }

  private async incidentsShown(now: number): Promise<Incident[]> {
    return this.withUpdates(await this.repo.incidents(now - RESOLVED_SHOWN_MS, INCIDENTS_SHOWN));
  }

  private async withUpdates(rows: readonly StatusIncidentsTable[]): Promise<Incident[]> {
    const updates = await this.repo.updatesOf(rows.map((r) => r.id));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      state: row.state,
      createdAt: row.created_at,
      resolvedAt: row.resolved_at,
      updates: updates
        .filter((u) => u.incident_id === row.id)
        .map((u) => ({ id: u.id, state: u.state, message: u.message, at: u.created_at })),
    }));
  }
}
