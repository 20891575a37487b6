import { dayOf, type OccurrenceView } from '@batchwise/domain';
import ical, { ICalEventStatus } from 'ical-generator';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { digest, randomToken } from '../auth/tokens';
import { familyFilterOf } from '../portal/portal.policy';
import { PortalRepository } from '../portal/portal.repository';
import type { MyClassesService } from '../students/my-classes.service';
import { type CalendarClassroom, calendarOf, feedRange } from './calendar-view';
import { TimetableRepository } from './timetable.repository';

export type FeedOwner = { classroomId: string } | { studentId: string; userId: string };

export interface CalendarFeedsDeps {
  db: Db;
  clock: Clock;
  myClasses: MyClassesService;
  appUrl: string;
}

const STATUS_TEXT: Partial<Record<OccurrenceView['status'], string>> = {
  cancelled: 'Cancelled',
  moved: 'Moved',
  holiday: 'Holiday',
  exam: 'Exam',
  extra: 'Extra class',
};

/**
 * The iCalendar feeds (RFC 5545) a calendar app subscribes to: a classroom's, or a child's across
 * their classrooms. The link is a secret 256-bit token of which only the digest is kept; making a
 * new link retires the old, and removing it stops the feed. A child's feed answers only while its
 * maker is still that child's family (a parent whose phone was taken off the record gets nothing).
 */
export class CalendarFeeds {
  constructor(private readonly deps: CalendarFeedsDeps) {}

  async issue(owner: FeedOwner, accountId: string, userId: string) {
    const token = randomToken();
    const now = this.deps.clock.now();
    await this.repo().replaceFeed(owner, {
      id: newId(now),
      token_hash: digest(token),
      account_id: accountId,
      classroom_id: 'classroomId' in owner ? owner.classroomId : null,
      student_id: 'studentId' in owner ? owner.studentId : null,
      user_id: userId,
      created_at: now,
    });
    return { url: `${this.deps.appUrl}/calendar/${token}.ics`, createdAt: now };
  }

  async revoke(owner: FeedOwner): Promise<void> {
    await this.repo().replaceFeed(owner, null);
  }

  async status(owner: FeedOwner) {
    const feed = await this.repo().feedOf(owner);
    return feed ? { createdAt: Number(feed.created_at) } : null;
  }

  /** The feed of `{token}.ics`, or null for a token that is not (or no longer) a live link. */
  async render(file: string): Promise<string | null> {
    const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file)?.[1];
    if (!token) return null;
    const repo = this.repo();
    const feed = await repo.feedByHash(digest(token));
    if (!feed) return null;
    const found = feed.classroom_id
      ? await this.classroomOf(feed.account_id, feed.classroom_id)
      : await this.childOf(feed.student_id!, feed.user_id);
    if (!found) return null;
    const { from, to } = feedRange(dayOf(this.deps.clock.now()));
    const ids = found.classrooms.map((c) => c.id);
    const occurrences = calendarOf(found.classrooms, await repo.events(ids, from, to), from, to);
    return this.ics(found.name, feed.id, occurrences);
  }

  private async classroomOf(accountId: string, classroomId: string) {
    const [classroom] = await this.repo().classrooms([accountId], [classroomId]);
    return classroom ? { name: classroom.name, classrooms: [classroom] } : null;
  }

  /** A child's open classes as the calendar reads them (the portal's own list of classes). */
  async classroomsOfChild(studentId: string): Promise<CalendarClassroom[]> {
    const classes = (await this.deps.myClasses.classesOf([studentId])).get(studentId) ?? [];
    return classes.map((c) => ({
      id: c.classroomId,
      name: c.name,
      color: c.color,
      timings: JSON.stringify(c.timings),
      start_date: c.startDate,
    }));
  }

  private async childOf(studentId: string, userId: string) {
    const portal = new PortalRepository(this.deps.db.kysely);
    const user = await this.repo().user(userId);
    const filter = user && familyFilterOf(user);
    if (!filter) return null;
    const [child] = await portal.children(filter, studentId);
    if (!child) return null;
    return { name: child.name, classrooms: await this.classroomsOfChild(studentId) };
  }

  private ics(name: string, feedId: string, occurrences: readonly OccurrenceView[]): string {
    const calendar = ical({ name, prodId: { company: 'Batchwise', product: 'Timetable', language: 'EN' } });
    for (const o of occurrences) {
      const label = STATUS_TEXT[o.status];
      const moved = o.movedTo ? ` → ${o.movedTo.date} ${o.movedTo.start}` : '';
      calendar.createEvent({
        // Stable per class: a changed class updates the subscriber's copy instead of adding one.
        id: `${o.classroomId}-${o.date}-${o.start}@${feedId}`,
        start: new Date(o.startAt),
        end: new Date(o.endAt),
        summary: label ? `${o.classroomName} (${label}${moved})` : o.classroomName,
        location: o.place,
        description: o.note,
        status:
          o.status === 'cancelled' || o.status === 'moved' || o.status === 'holiday'
            ? ICalEventStatus.CANCELLED
            : ICalEventStatus.CONFIRMED,
      });
    }
    return calendar.toString();
  }

  private repo() {
    return new TimetableRepository(this.deps.db.kysely);
  }
}
