import type { StatusState } from '../contracts/status';

// How the status page judges each part from what really happened (the running-the-platform
// capability: "from recent real outcomes, not pings alone").

/** Gateway outcomes are counted over this span of time. */
export const STATUS_OUTCOME_WINDOW_MS = 15 * 60_000;
/** Fewer failures than this in the window never make a gateway look unwell (one bad number is not an outage). */
export const STATUS_MIN_FAILURES = 3;
/** Share of failed outcomes from which a gateway is degraded, and down. */
export const STATUS_DEGRADED_SHARE = 0.1;
export const STATUS_DOWN_SHARE = 0.5;
/** A due job waiting longer than this: the queue is degraded; longer than the second: stalled (down). */
export const QUEUE_SLOW_MS = 2 * 60_000;
export const QUEUE_STALLED_MS = 10 * 60_000;
/** Failed job runs in the last hour from which the queue is degraded. */
export const QUEUE_FAILURES_DEGRADED = 10;
/** Days of history the page shows. */
export const STATUS_HISTORY_DAYS = 90;

/** A gateway's state from its outcomes in the window; unknown when nothing went through it. */
export function gatewayState(ok: number, failed: number): StatusState {
  const total = ok + failed;
  if (total === 0) return 'unknown';
  if (failed < STATUS_MIN_FAILURES) return 'operational';
  const share = failed / total;
  if (share >= STATUS_DOWN_SHARE) return 'down';
  if (share >= STATUS_DEGRADED_SHARE) return 'degraded';
  return 'operational';
}

/** The job queue's state from its oldest waiting job and the last hour's failures. */
export function queueState(oldestWaitingMs: number | null, failedLastHour: number): StatusState {
  if (oldestWaitingMs !== null && oldestWaitingMs >= QUEUE_STALLED_MS) return 'down';
  if (oldestWaitingMs !== null && oldestWaitingMs >= QUEUE_SLOW_MS) return 'degraded';
  if (failedLastHour >= QUEUE_FAILURES_DEGRADED) return 'degraded';
  return 'operational';
}

const RANK: Record<StatusState, number> = { unknown: 0, operational: 1, degraded: 2, down: 3 };

/** The worse of the states; `unknown` says nothing, so any known state wins over it. */
export function worstState(states: readonly StatusState[]): StatusState {
  return states.reduce<StatusState>((worst, s) => (RANK[s] > RANK[worst] ? s : worst), 'unknown');
}

/**
 * The page's headline: the site or its database down is a major outage; a gateway or the job
 * queue in trouble is a partial one (people can still work), so it reads as degraded at worst.
 */
export function overallState(parts: readonly { kind: string; state: StatusState }[]): StatusState {
  const core = parts.filter((p) => p.kind === 'api' || p.kind === 'database').map((p) => p.state);
  const others = parts
    .filter((p) => p.kind !== 'api' && p.kind !== 'database')
    .map((p): StatusState => (p.state === 'down' ? 'degraded' : p.state));
  return worstState([...core, ...others]);
}
