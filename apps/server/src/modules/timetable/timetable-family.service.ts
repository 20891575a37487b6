import { type CalendarFeed, dayOf, type PortalSchedule } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { requireChild } from '../portal/portal.policy';
import { PortalRepository } from '../portal/portal.repository';
import type { CalendarFeeds } from './calendar-feeds';
import { calendarOf, checkRange } from './calendar-view';
import { TimetableRepository } from './timetable.repository';

export interface TimetableFamilyDeps {
  db: Db;
  clock: Clock;
  feeds: CalendarFeeds;
}

/**
 * The family's side of the timetable (the family portal): a child's classes with cancelled and
 * moved ones marked, and the caller's own feed link of that child. The child is checked against
 * the caller as every portal read is (portal.policy.ts requireChild).
 */
export class TimetableFamilyService {
  constructor(private readonly deps: TimetableFamilyDeps) {}

  async schedule(principal: Principal, studentId: string, from: string, to: string): Promise<PortalSchedule> {
    checkRange(from, to);
    await requireChild(new PortalRepository(this.deps.db.kysely), principal, studentId);
    const classrooms = await this.deps.feeds.classroomsOfChild(studentId);
    const events = await new TimetableRepository(this.deps.db.kysely).events(
      classrooms.map((c) => c.id),
      from,
      to,
    );
    return {
      from,
      to,
      today: dayOf(this.deps.clock.now()),
      occurrences: calendarOf(classrooms, events, from, to),
      feed: await this.deps.feeds.status({ studentId, userId: principal.user.id }),
    };
  }

  async feed(principal: Principal, studentId: string): Promise<CalendarFeed> {
    const child = await requireChild(new PortalRepository(this.deps.db.kysely), principal, studentId);
    return this.deps.feeds.issue(
      { studentId, userId: principal.user.id },
      child.account_id,
      principal.user.id,
    );
  }

  async revokeFeed(principal: Principal, studentId: string) {
    await requireChild(new PortalRepository(this.deps.db.kysely), principal, studentId);
    await this.deps.feeds.revoke({ studentId, userId: principal.user.id });
    return { ok: true as const };
  }
}
