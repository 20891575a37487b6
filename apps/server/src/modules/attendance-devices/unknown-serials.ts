import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { logActivity } from '../activity/activity';
import { ActivityRepository } from '../activity/activity.repository';
import type { Limit, RateLimiter } from '../rate-limit/rate-limit.service';

/** Unknown serials from one address are summed up in one activity entry per window this long. */
const WINDOW_MS = 10 * 60_000;
/** Serials a summary lists; beyond them it only says there were more (a flood is not stored). */
const LISTED = 100;
/** The subject of a summary: the address and window it sums up. */
const SUBJECT = 'attendance-device-address';
/** One slot per address and window: whoever takes it writes the window's entry. */
const FIRST_OF_WINDOW: Limit = { name: 'iclock-unknown:address', max: 1, windowMs: WINDOW_MS };

const summaryOf = (address: string, serials: string[]) => {
  const count = serials.length >= LISTED ? `${LISTED} or more` : String(serials.length);
  return `${count} unknown serial${serials.length === 1 ? '' : 's'} from ${address} in ${WINDOW_MS / 60_000} minutes`;
};

/**
 * A serial no account lists called the iclock endpoints. Unknown serials are summed up per address
 * and window in one activity entry ("3 unknown serials from 203.0.113.7 in 10 minutes"), not one
 * row each: a flood of made-up serials must not bury the alerts about real devices. The first one
 * of a window writes the entry (one process wins the slot); later ones add their serial to it
 * until it lists LISTED, after which nothing more is written.
 */
export async function noteUnknownSerial(
  deps: { db: Db; clock: Clock; limiter: RateLimiter; log: { warn: (o: object, m: string) => void } },
  serial: string,
  address: string,
): Promise<void> {
  const now = deps.clock.now();
  const windowStart = now - (now % WINDOW_MS);
  const subjectId = `${address}@${windowStart}`;
  const dataOf = (serials: string[]) => ({ ip: address, windowStart, problem: 'unknown', serials });
  const first = await deps.limiter.take(FIRST_OF_WINDOW, address, 'RATE_LIMITED').then(
    () => true,
    (err: unknown) => {
      if (err instanceof AppError && err.status === 429) return false;
      throw err;
    },
  );
  if (first) {
    deps.log.warn({ serial, ip: address, problem: 'unknown' }, 'attendance device refused');
    await logActivity(
      deps.db.kysely,
      null,
      {
        accountId: null,
        eventName: 'Attendance Device Refused',
        summary: summaryOf(address, [serial]),
        subjectType: SUBJECT,
        subjectId,
        data: dataOf([serial]),
      },
      now,
    );
    return;
  }
  const activity = new ActivityRepository(deps.db.kysely);
  // A rewrite fails only because another request added its serial meanwhile, so every round
  // adds one serial somewhere: at most LISTED rounds before the entry is full.
  for (let round = 0; round < LISTED; round++) {
    const entry = await activity.bySubject(SUBJECT, subjectId);
    if (!entry) return; // the window's first request has not written it yet
    const serials = (JSON.parse(entry.data ?? '{}') as { serials?: string[] }).serials ?? [];
    if (serials.includes(serial) || serials.length >= LISTED) return;
    const next = [...serials, serial];
    const change = { summary: summaryOf(address, next), data: JSON.stringify(dataOf(next)) };
    if (await activity.rewrite(entry.id, entry.data, change)) return;
  }
}
