import {
  type CalendarFeed,
  cancelledClassSms,
  cancelSmsInTime,
  dayOf,
  occurrencesBetween,
  type Timetable,
  type TimetableEventView,
  type timetableEventInputSchema,
} from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import { classroomNotice } from '../sms/classroom-notice';
import type { SmsComposeService } from '../sms/sms-compose.service';
import type { CalendarFeeds } from './calendar-feeds';
import { calendarOf, checkRange } from './calendar-view';
import { calendarClassrooms, requireTimetableOf } from './timetable.policy';
import { eventOf, scheduleOf, type TimetableEventRow, TimetableRepository } from './timetable.repository';

type EventInput = z.output<typeof timetableEventInputSchema>;

export interface TimetableDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  /** The cancellation SMS goes through the compose rules: permission, recipients, quota. */
  smsCompose: SmsComposeService;
  feeds: CalendarFeeds;
}

function eventView(row: TimetableEventRow): TimetableEventView {
  return {
    ...eventOf(row),
    classroomId: row.classroom_id,
    smsSendId: row.sms_send_id,
    remind: row.remind_language,
    reminderSendId: row.reminder_send_id,
    createdAt: Number(row.created_at),
  };
}

/** What an event needs beyond its kind (the contract lets each part be null). */
function checkEvent(input: EventInput): void {
  if (input.sms && input.kind !== 'cancelled') throw failure(400, 'TIMETABLE_SMS_ONLY_CANCELLED');
  if (input.remind && input.kind !== 'exam') throw failure(400, 'TIMETABLE_REMIND_ONLY_EXAM');
  if (input.kind === 'holiday') return;
  if (!input.start || !input.end) throw failure(400, 'TIMETABLE_TIME_REQUIRED');
  if (input.kind === 'moved' && (!input.newDate || !input.newStart || !input.newEnd))
    throw failure(400, 'TIMETABLE_MOVE_INCOMPLETE');
}

/**
 * The teacher's side of the timetable: the calendar across classrooms, a classroom's one-off
 * changes (part 1 §3 "Batch" `Events`) with the optional cancellation SMS, and its feed link.
 */
export class TimetableService {
  constructor(private readonly deps: TimetableDeps) {}

  async timetable(principal: Principal, accountId: string, from: string, to: string): Promise<Timetable> {
    checkRange(from, to);
    // An admin's calendar spans their teachers' classrooms, as their other lists do.
    const scopes = await this.deps.access.listScopes(principal, accountId);
    const repo = this.repo();
    const classrooms = calendarClassrooms(scopes, await repo.classrooms(scopes.map((s) => s.accountId)));
    const events = await repo.events(
      classrooms.map((c) => c.id),
      from,
      to,
    );
    return {
      from,
      to,
      today: dayOf(this.deps.clock.now()),
      classrooms: classrooms.map((c) => ({
        id: c.id,
        accountId: c.account_id,
        name: c.name,
        color: c.color,
      })),
      occurrences: calendarOf(classrooms, events, from, to),
    };
  }

  async events(principal: Principal, accountId: string, classroomId: string) {
    await this.classroom(principal, accountId, classroomId);
    const repo = this.repo();
    const feed = await repo.feedOf({ classroomId });
    return {
      events: (await repo.allEvents(classroomId)).map(eventView),
      feed: feed ? { createdAt: Number(feed.created_at) } : null,
    };
  }

  async addEvent(principal: Principal, accountId: string, classroomId: string, input: EventInput) {
    checkEvent(input);
    const classroom = await this.classroom(principal, accountId, classroomId);
    const repo = this.repo();
    if (input.kind === 'cancelled' || input.kind === 'moved') {
      // Only a class the timetable holds can be cancelled or moved.
      const events = await repo.events([classroomId], input.date, input.date);
      const schedule = scheduleOf({ timings: classroom.timings, startDate: classroom.start_date }, events);
      const held = occurrencesBetween(schedule, input.date, input.date).some(
        (o) => o.start === input.start && o.status !== 'cancelled' && o.status !== 'moved',
      );
      if (!held) throw failure(400, 'TIMETABLE_NO_SUCH_CLASS');
    }
    const now = this.deps.clock.now();
    if (input.sms && !cancelSmsInTime({ date: input.date, start: input.start! }, now))
      throw failure(400, 'TIMETABLE_SMS_CLASS_STARTED');
    // The SMS goes first: a send the quota or the recipients refuse leaves nothing half done.
    const sms = input.sms
      ? await this.deps.smsCompose.send(
          principal,
          accountId,
          classroomNotice(
            classroomId,
            cancelledClassSms(
              { classroom: classroom.name, date: input.date, start: input.start!, note: input.note },
              input.sms,
            ),
          ),
        )
      : null;
    const holiday = input.kind === 'holiday';
    const row = {
      id: newId(now),
      account_id: accountId,
      classroom_id: classroomId,
      kind: input.kind,
      date: input.date,
      start: holiday ? null : input.start,
      end: holiday ? null : input.end,
      new_date: input.kind === 'moved' ? input.newDate : null,
      new_start: input.kind === 'moved' ? input.newStart : null,
      new_end: input.kind === 'moved' ? input.newEnd : null,
      place: input.place || null,
      note: input.note || null,
      sms_send_id: sms?.sendId ?? null,
      remind_language: input.kind === 'exam' ? input.remind : null,
      reminded_at: null,
      reminder_send_id: null,
      created_by: principal.user.id,
      created_at: now,
    };
    await repo.insertEvent(row);
    await this.publish(accountId, classroomId);
    return { ...eventView(row), smsRecipients: sms?.recipients ?? 0 };
  }

  async removeEvent(principal: Principal, accountId: string, classroomId: string, eventId: string) {
    await this.classroom(principal, accountId, classroomId);
    if (!(await this.repo().deleteEvent(classroomId, eventId))) throw notFound();
    await this.publish(accountId, classroomId);
    return { ok: true as const };
  }

  async classroomFeed(principal: Principal, accountId: string, classroomId: string): Promise<CalendarFeed> {
    await this.classroom(principal, accountId, classroomId);
    const feed = await this.deps.feeds.issue({ classroomId }, accountId, principal.user.id);
    await this.publish(accountId, classroomId);
    return feed;
  }

  async revokeClassroomFeed(principal: Principal, accountId: string, classroomId: string) {
    await this.classroom(principal, accountId, classroomId);
    await this.deps.feeds.revoke({ classroomId });
    await this.publish(accountId, classroomId);
    return { ok: true as const };
  }

  private async classroom(principal: Principal, accountId: string, classroomId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireTimetableOf(scope, classroomId);
    const [classroom] = await this.repo().classrooms([accountId], [classroomId]);
    if (!classroom) throw notFound();
    return classroom;
  }

  private repo() {
    return new TimetableRepository(this.deps.db.kysely);
  }

  /** The classroom's calendar changed: the account's timetables and roll calls refresh. */
  private publish(accountId: string, classroomId: string) {
    return this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'timetable.changed',
      stale: [
        { resource: 'timetable', params: { accountId } },
        { resource: 'attendance', params: { accountId } },
      ],
      data: { classroomId },
    });
  }
}
