import type { Maintenance, MaintenanceChange } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import { requirePlatformStaff } from '../staff-console/staff-console.policy';
import { MaintenanceRepository } from './maintenance.repository';

/**
 * How long a process answers from what it last read (ms). The switch lives in the database so
 * every API process obeys it; each process re-reads it at most this often, so a switch made in
 * another process applies there within 5 seconds (at once in the process that made it).
 */
export const MAINTENANCE_CACHE_MS = 5_000;

const OFF: Maintenance = { on: false, message: null, since: null };

/**
 * Maintenance mode (`/under-maintenance`): staff switch it on with a message and off. While on,
 * signed-in pages show the message and writes by anyone but staff are refused with 503
 * (maintenance-guard.ts); public pages, sign-in and the family's reads go on.
 */
export class MaintenanceService {
  private cached: { value: Maintenance; until: number } | null = null;

  constructor(private readonly deps: { db: Db; clock: Clock; events: EventBus }) {}

  async current(): Promise<Maintenance> {
    const now = this.deps.clock.now();
    if (this.cached && this.cached.until > now) return this.cached.value;
    const row = await new MaintenanceRepository(this.deps.db.kysely).current();
    const value = row ? { on: true, message: row.message, since: Number(row.started_at) } : OFF;
    this.cached = { value, until: now + MAINTENANCE_CACHE_MS };
    return value;
  }

  async set(principal: Principal, change: MaintenanceChange): Promise<Maintenance> {
    requirePlatformStaff(principal);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new MaintenanceRepository(trx);
      let changed = true;
      if (change.on)
        await repo.start({ message: change.message.trim(), started_by: principal.user.id, started_at: now });
      else changed = await repo.stop();
      if (!changed) return;
      await logActivity(
        trx,
        principal,
        {
          accountId: null,
          eventName: 'Maintenance Mode',
          message: change.on
            ? { key: 'maintenanceOn', params: { message: change.message.trim() } }
            : { key: 'maintenanceOff', params: {} },
        },
        now,
      );
    });
    this.cached = null;
    // Every open page shows (or drops) the banner without waiting for its next refetch.
    await this.deps.events.publish({
      channel: 'public',
      type: 'maintenance',
      stale: [{ resource: 'maintenance' }, { resource: 'session' }],
    });
    return this.current();
  }
}
