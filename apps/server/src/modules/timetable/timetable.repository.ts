import type { ClassroomSchedule, TimetableEvent } from '@batchwise/domain';
import { isoDate } from '@batchwise/domain';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { CalendarFeedsTable, TimetableEventsTable } from '../../db/schema-timetable';
import { parseTimings } from '../classrooms/classrooms.service';

export type TimetableEventRow = Selectable<TimetableEventsTable>;
type FeedOwner = { classroomId: string } | { studentId: string; userId: string };

/** The event as the date rules read it. */
export function eventOf(row: TimetableEventRow): TimetableEvent {
  return {
    id: row.id,
    kind: row.kind,
    date: row.date,
    start: row.start,
    end: row.end,
    newDate: row.new_date,
    newStart: row.new_start,
    newEnd: row.new_end,
    place: row.place,
    note: row.note,
  };
}

/** A classroom's schedule: its timings and start date (`DD-MM-YYYY` in the record) with these events. */
export function scheduleOf(
  classroom: { timings: string | null; startDate: string | null },
  events: readonly TimetableEventRow[],
): ClassroomSchedule {
  return {
    timings: parseTimings(classroom.timings),
    startDate: isoDate(classroom.startDate),
    events: events.map(eventOf),
  };
}

/** The only SQL of the timetable: classrooms' timings, their events, and feed links. */
export class TimetableRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Open classrooms of these accounts (optionally only these ids), by name. */
  async classrooms(accountIds: readonly string[], ids?: readonly string[]) {
    if (accountIds.length === 0 || ids?.length === 0) return [];
    let q = this.db
      .selectFrom('classrooms')
      .select(['id', 'account_id', 'name', 'color', 'timings', 'start_date'])
      .where('account_id', 'in', accountIds)
      .where('closed_at', 'is', null);
    if (ids) q = q.where('id', 'in', ids);
    return q.orderBy('name').orderBy('id').execute();
  }

  /** Events of these classrooms touching `from`…`to` (their own date or a moved class's new date). */
  async events(classroomIds: readonly string[], from: string, to: string): Promise<TimetableEventRow[]> {
    if (classroomIds.length === 0) return [];
    return this.db
      .selectFrom('timetable_events')
      .selectAll()
      .where('classroom_id', 'in', classroomIds)
      .where((eb) =>
        eb.or([
          eb.and([eb('date', '>=', from), eb('date', '<=', to)]),
          eb.and([eb('new_date', '>=', from), eb('new_date', '<=', to)]),
        ]),
      )
      .orderBy('created_at')
      .execute();
  }

  allEvents(classroomId: string): Promise<TimetableEventRow[]> {
    return this.db
      .selectFrom('timetable_events')
      .selectAll()
      .where('classroom_id', '=', classroomId)
      .orderBy('date', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
  }

  async insertEvent(row: Insertable<TimetableEventsTable>): Promise<void> {
    await this.db.insertInto('timetable_events').values(row).execute();
  }

  async setEventSms(id: string, sendId: string): Promise<void> {
    await this.db.updateTable('timetable_events').set({ sms_send_id: sendId }).where('id', '=', id).execute();
  }

  /** Exam days on `date` whose reminder SMS is asked for and not yet taken, of open classrooms. */
  examsToRemind(date: string) {
    return this.db
      .selectFrom('timetable_events as e')
      .innerJoin('classrooms as c', 'c.id', 'e.classroom_id')
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .selectAll('e')
      .select(['c.name as classroom_name', 'c.timings', 'c.start_date', 'a.owner_user_id'])
      .where('e.kind', '=', 'exam')
      .where('e.date', '=', date)
      .where('e.remind_language', 'is not', null)
      .where('e.reminded_at', 'is', null)
      .where('c.closed_at', 'is', null)
      .execute();
  }

  /** Takes an exam's reminder for this run; false when another run already took it. */
  async claimReminder(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('timetable_events')
      .set({ reminded_at: at })
      .where('id', '=', id)
      .where('reminded_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives a reminder back after a send that failed for a passing reason, so the retry sends it. */
  async releaseReminder(id: string): Promise<void> {
    await this.db.updateTable('timetable_events').set({ reminded_at: null }).where('id', '=', id).execute();
  }

  async setReminderSend(id: string, sendId: string): Promise<void> {
    await this.db
      .updateTable('timetable_events')
      .set({ reminder_send_id: sendId })
      .where('id', '=', id)
      .execute();
  }

  async deleteEvent(classroomId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('timetable_events')
      .where('classroom_id', '=', classroomId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  feedOf(owner: FeedOwner) {
    let q = this.db.selectFrom('calendar_feeds').select('created_at');
    q =
      'classroomId' in owner
        ? q.where('classroom_id', '=', owner.classroomId)
        : q.where('student_id', '=', owner.studentId).where('user_id', '=', owner.userId);
    return q.executeTakeFirst();
  }

  /** A classroom's link, or one family member's link of a child, replaced by `row` (or removed). */
  async replaceFeed(owner: FeedOwner, row: Insertable<CalendarFeedsTable> | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      let del = trx.deleteFrom('calendar_feeds');
      del =
        'classroomId' in owner
          ? del.where('classroom_id', '=', owner.classroomId)
          : del.where('student_id', '=', owner.studentId).where('user_id', '=', owner.userId);
      await del.execute();
      if (row) await trx.insertInto('calendar_feeds').values(row).execute();
    });
  }

  user(id: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'profession', 'phone'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  feedByHash(tokenHash: string) {
    return this.db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }
}
