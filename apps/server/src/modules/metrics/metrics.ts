import type { StatusSnapshot } from '@batchwise/domain';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/database';

/**
 * The Prometheus series of one process (running the platform, item 5). Request counts and
 * latencies are this process's own; queue, gateway and pool figures are read when scraped, the
 * queue and gateways from the database (so every process tells the same, whichever is asked).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly gauges;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'batchwise_' });
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'batchwise_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'batchwise_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const gauge = <L extends string>(name: string, help: string, labelNames: L[] = []) =>
      new Gauge<L>({ name, help, labelNames, registers });
    this.gauges = {
      jobsWaiting: gauge('batchwise_jobs_waiting', 'Jobs due and not yet taken by a worker'),
      jobsOldest: gauge('batchwise_jobs_oldest_waiting_seconds', 'How long the oldest due job has waited'),
      jobsFailed: gauge('batchwise_jobs_failed_last_hour', 'Job runs that failed in the last hour'),
      sms: gauge('batchwise_sms_outcomes_recent', 'SMS messages settled in the last 15 minutes, by outcome', [
        'gateway',
        'outcome',
      ]),
      payments: gauge(
        'batchwise_payment_outcomes_recent',
        'Online payment sessions in the last 15 minutes, by gateway and outcome',
        ['gateway', 'outcome'],
      ),
      component: gauge(
        'batchwise_status_component_up',
        'Status page parts: 1 working, 0.5 degraded, 0 down',
        ['component'],
      ),
      pool: gauge('batchwise_db_pool_connections', 'Database pool connections (PostgreSQL), by state', [
        'state',
      ]),
    };
  }

  /** One answered request: route is the pattern (`/api/accounts/:accountId`), never the raw URL. */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  /**
   * Sets the scraped figures from the status page's snapshot (the same outcomes it judges by) and
   * the pool, then renders every series in the text format.
   */
  async render(
    snapshot: StatusSnapshot,
    pool: ReturnType<NonNullable<Db['pool']>> | undefined,
  ): Promise<string> {
    const g = this.gauges;
    for (const gauge of [g.sms, g.payments, g.component, g.pool]) gauge.reset();
    const level = { operational: 1, degraded: 0.5, down: 0 } as const;
    for (const c of snapshot.components) {
      if (c.state !== 'unknown') g.component.set({ component: c.key }, level[c.state]);
      const driver = c.key.split(':')[1] ?? '';
      if (c.kind === 'jobs') {
        g.jobsWaiting.set(c.waiting ?? 0);
        g.jobsOldest.set((c.oldestWaitingMs ?? 0) / 1000);
        g.jobsFailed.set(c.failed ?? 0);
      }
      if (c.kind === 'sms' || c.kind === 'payment') {
        const series = c.kind === 'sms' ? g.sms : g.payments;
        series.set({ gateway: driver, outcome: 'ok' }, c.ok ?? 0);
        series.set({ gateway: driver, outcome: 'failed' }, c.failed ?? 0);
      }
    }
    if (pool) {
      g.pool.set({ state: 'total' }, pool.total);
      g.pool.set({ state: 'idle' }, pool.idle);
      g.pool.set({ state: 'in_use' }, pool.total - pool.idle);
      g.pool.set({ state: 'waiting_clients' }, pool.waiting);
      g.pool.set({ state: 'max' }, pool.max);
    }
    return this.registry.metrics();
  }
}
