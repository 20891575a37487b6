import { addDays, dayOf, dayStartMs } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { classToday, createClassroom, setSmsQuota, weekdayOf } from '../../test/school';
import { DIALECTS } from '../../test/test-deps';
import { useWorld } from '../../test/world';

// The timetable over HTTP: weekly timings and one-off changes on the teacher's calendar (with
// clashes), a cancellation with its SMS, roll call following the timetable, the family's schedule
// and the iCalendar feeds read back, and another tenant's classroom refused.

/** The VEVENTs of an .ics text as property maps (lines unfolded per RFC 5545 §3.1). */
function parseIcs(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon).split(';')[0]!] = line.slice(colon + 1);
    }
  }
  return events;
}

describe.each(DIALECTS)('timetable [%s]', (dialect) => {
  const ctx = useWorld(dialect);

  it('cancels a class with an SMS; calendar, roll call, portal and feeds all show it', async () => {
    const { world, deps } = ctx;
    const teacher = await world.client('teacherA');
    const accountId = world.accounts.A;
    const classroomId = world.classrooms.A;
    const today = dayOf(deps.clock.now());
    const [first, second] = [addDays(today, 1), addDays(today, 2)];
    await deps.db.kysely
      .updateTable('classrooms')
      .set({
        timings: JSON.stringify([
          { day: weekdayOf(first), start: '16:00', end: '17:30', place: 'Room 2' },
          { day: weekdayOf(second), start: '16:00', end: '17:30' },
        ]),
      })
      .where('id', '=', classroomId)
      .execute();
    // A second classroom of the teacher meets at 17:00 on the first day: a clash.
    const other = await createClassroom(teacher, accountId, {
      name: 'Chemistry B',
      timings: [{ day: weekdayOf(first), start: '17:00', end: '18:00' }],
    });
    await setSmsQuota(deps, accountId, 100);

    const range = `from=${first}&to=${second}`;
    const calendar = (await teacher.get(`/api/accounts/${accountId}/timetable?${range}`)).json();
    const mine = calendar.occurrences.filter((o: { classroomId: string }) => o.classroomId === classroomId);
    expect(mine.map((o: { date: string; status: string }) => `${o.date} ${o.status}`)).toEqual([
      `${first} scheduled`,
      `${second} scheduled`,
    ]);
    expect(mine[0]).toMatchObject({ place: 'Room 2', clashesWith: [other] });

    const eventsUrl = `/api/accounts/${accountId}/classrooms/${classroomId}/timetable-events`;
    const cancel = {
      kind: 'cancelled',
      date: second,
      start: '16:00',
      end: '17:30',
      note: 'Exam hall',
      sms: 'bn',
    };
    const cancelled = await teacher.post(eventsUrl, cancel);
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    expect(cancelled.json().smsRecipients).toBeGreaterThan(0);
    const messages = await deps.db.kysely
      .selectFrom('sms_messages')
      .select(['text', 'student_id'])
      .where('send_id', '=', cancelled.json().smsSendId)
      .execute();
    expect(messages.length).toBe(cancelled.json().smsRecipients);
    expect(messages[0]!.text).toContain('ক্লাস বাতিল করা হয়েছে। Exam hall');
    // The class is gone: cancelling it again is refused.
    const again = await teacher.post(eventsUrl, cancel);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TIMETABLE_NO_SUCH_CLASS');

    const after = (await teacher.get(`/api/accounts/${accountId}/timetable?${range}`)).json();
    expect(
      after.occurrences
        .filter((o: { classroomId: string }) => o.classroomId === classroomId)
        .map((o: { status: string }) => o.status),
    ).toEqual(['scheduled', 'cancelled']);

    // Roll call opens the classes the timetable holds: none on the cancelled day.
    const rollCall = (date: string) =>
      teacher.get(`/api/accounts/${accountId}/classrooms/${classroomId}/attendance/roll-call?date=${date}`);
    expect((await rollCall(first)).json().sessions.map((s: { start: string }) => s.start)).toEqual(['16:00']);
    expect((await rollCall(second)).json().sessions).toEqual([]);

    // The family sees the cancelled class in the portal.
    const parent = await world.client('parentA');
    const schedule = await parent.get(`/api/portal/students/${world.students.A}/schedule?${range}`);
    expect(schedule.statusCode, schedule.body).toBe(200);
    expect(schedule.json().occurrences.map((o: { status: string }) => o.status)).toEqual([
      'scheduled',
      'cancelled',
    ]);
    expect(schedule.json().feed).toBeNull();

    // The child's feed, parsed back: the cancelled class is CANCELLED.
    const feed = (await parent.post(`/api/portal/students/${world.students.A}/calendar-feed`)).json();
    const feedPath = new URL(feed.url).pathname;
    const ics = await parent.get(feedPath);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    const vevents = parseIcs(ics.body);
    const cancelledEvent = vevents.find((e) => e.STATUS === 'CANCELLED');
    expect(cancelledEvent?.SUMMARY).toContain('Cancelled');
    expect(cancelledEvent?.DTSTART).toBe(
      new Date(dayStartMs(second) + 16 * 3_600_000).toISOString().replace(/[-:]|\.\d+/g, ''),
    );
    expect(vevents.some((e) => e.STATUS === 'CONFIRMED' && e.LOCATION === 'Room 2')).toBe(true);
    expect(
      (await parent.get(`/api/portal/students/${world.students.A}/schedule?${range}`)).json().feed,
    ).not.toBeNull();
    // Revoked: the link stops working.
    expect((await parent.delete(`/api/portal/students/${world.students.A}/calendar-feed`)).statusCode).toBe(
      200,
    );
    expect((await parent.get(feedPath)).statusCode).toBe(404);

    // The classroom's feed; a new link retires the old one.
    const feedUrl = `/api/accounts/${accountId}/classrooms/${classroomId}/calendar-feed`;
    const one = new URL((await teacher.post(feedUrl)).json().url).pathname;
    expect(parseIcs((await teacher.get(one)).body).filter((e) => e.STATUS === 'CANCELLED').length).toBe(1);
    const two = new URL((await teacher.post(feedUrl)).json().url).pathname;
    expect((await teacher.get(one)).statusCode).toBe(404);
    expect((await teacher.get(two)).statusCode).toBe(200);
    expect((await teacher.get(eventsUrl)).json()).toMatchObject({ feed: { createdAt: expect.any(Number) } });

    // Undoing the cancellation brings the class back.
    const removed = await teacher.delete(`${eventsUrl}/${cancelled.json().id}`);
    expect(removed.statusCode).toBe(200);
    expect((await rollCall(second)).json().sessions.map((s: { start: string }) => s.start)).toEqual([
      '16:00',
    ]);
  });

  it('cancels a class that has started for the record only: its SMS is refused, nothing sent', async () => {
    const { world, deps } = ctx;
    const { teacher, accountId, classroomId, today } = await classToday(world, deps);
    const sent = async () => (await deps.db.kysely.selectFrom('sms_messages').select('id').execute()).length;
    const before = await sent();
    const eventsUrl = `/api/accounts/${accountId}/classrooms/${classroomId}/timetable-events`;
    const cancel = { kind: 'cancelled', date: today, start: '00:00', end: '23:59', note: null };

    const refused = await teacher.post(eventsUrl, { ...cancel, sms: 'en' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('TIMETABLE_SMS_CLASS_STARTED');
    expect(await sent()).toBe(before);
    expect((await teacher.get(eventsUrl)).json().events).toEqual([]);

    const recorded = await teacher.post(eventsUrl, { ...cancel, sms: null });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ kind: 'cancelled', smsSendId: null, smsRecipients: 0 });
    expect(await sent()).toBe(before);
  });

  it("refuses another tenant's classroom and a child who is not the caller's", async () => {
    const { world } = ctx;
    const teacher = await world.client('teacherA');
    const b = `/api/accounts/${world.accounts.B}/classrooms/${world.classrooms.B}`;
    expect((await teacher.get(`${b}/timetable-events`)).statusCode).toBe(404);
    const today = dayOf(ctx.deps.clock.now());
    expect((await teacher.post(`${b}/timetable-events`, { kind: 'holiday', date: today })).statusCode).toBe(
      404,
    );
    expect((await teacher.post(`${b}/calendar-feed`)).statusCode).toBe(404);
    // B's classroom named under A's account is not found either.
    const crossed = `/api/accounts/${world.accounts.A}/classrooms/${world.classrooms.B}/timetable-events`;
    expect((await teacher.get(crossed)).statusCode).toBe(404);
    const parent = await world.client('parentA');
    const range = `from=${today}&to=${today}`;
    expect((await parent.get(`/api/portal/students/${world.students.B}/schedule?${range}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await teacher.get(
          `/api/accounts/${world.accounts.A}/timetable?from=${today}&to=${addDays(today, 60)}`,
        )
      ).json().error.code,
    ).toBe('TIMETABLE_RANGE_INVALID');
    expect((await teacher.get('/calendar/not-a-feed.ics')).statusCode).toBe(404);
  });
});
