import { addDays, dayOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { setSmsQuota } from '../../test/school';
import { DIALECTS } from '../../test/test-deps';
import { useWorld } from '../../test/world';
import { sendExamReminders } from './exam-reminders';

// The optional reminder SMS the day before an exam day: asked for on the exam event, sent by the
// daily job to the classroom's students and first guardians once, not when off, not twice on a
// rerun, not for an exam cancelled since.

describe.each(DIALECTS)('exam reminders [%s]', (dialect) => {
  const ctx = useWorld(dialect);

  it('reminds tomorrow’s exam once, and only the exams that asked and still hold', async () => {
    const { world, deps } = ctx;
    const teacher = await world.client('teacherA');
    const accountId = world.accounts.A;
    const classroomId = world.classrooms.A;
    await setSmsQuota(deps, accountId, 100);
    const tomorrow = addDays(dayOf(deps.clock.now()), 1);
    const eventsUrl = `/api/accounts/${accountId}/classrooms/${classroomId}/timetable-events`;
    const exam = (start: string, remind: string | null, date = tomorrow) =>
      teacher.post(eventsUrl, { kind: 'exam', date, start, end: '12:00', place: 'Hall 1', remind });

    const reminded = await exam('09:00', 'bn');
    expect(reminded.statusCode, reminded.body).toBe(201);
    expect(reminded.json()).toMatchObject({ remind: 'bn', reminderSendId: null });
    const off = await exam('09:30', null);
    const later = await exam('10:00', 'en', addDays(tomorrow, 1));
    const cancelledExam = await exam('10:30', 'en');
    const cancel = await teacher.post(eventsUrl, {
      kind: 'cancelled',
      date: tomorrow,
      start: '10:30',
      end: '12:00',
    });
    expect(cancel.statusCode, cancel.body).toBe(201);
    // A reminder is for exam days only.
    const wrong = await teacher.post(eventsUrl, {
      kind: 'extra',
      date: tomorrow,
      start: '08:00',
      end: '09:00',
      remind: 'en',
    });
    expect(wrong.json().error.code).toBe('TIMETABLE_REMIND_ONLY_EXAM');

    expect(await sendExamReminders(deps)).toBe(1);
    // The job run again (a retry, a second worker) sends nothing more.
    expect(await sendExamReminders(deps)).toBe(0);

    const rows = await deps.db.kysely
      .selectFrom('timetable_events')
      .select(['id', 'reminder_send_id'])
      .where('classroom_id', '=', classroomId)
      .where('kind', '=', 'exam')
      .execute();
    const sendOf = (id: string) => rows.find((r) => r.id === id)!.reminder_send_id;
    expect(sendOf(off.json().id)).toBeNull();
    expect(sendOf(later.json().id)).toBeNull();
    expect(sendOf(cancelledExam.json().id)).toBeNull();
    const sendId = sendOf(reminded.json().id)!;
    const sends = await deps.db.kysely
      .selectFrom('sms_sends')
      .select(['id', 'urgent'])
      .where('id', '=', sendId)
      .execute();
    // Not urgent: a reminder a day ahead waits out the quiet hours.
    expect(sends).toEqual([{ id: sendId, urgent: 0 }]);
    const messages = await deps.db.kysely
      .selectFrom('sms_messages')
      .select(['text'])
      .where('send_id', '=', sendId)
      .execute();
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]!.text).toContain('আগামীকাল');
    expect(messages[0]!.text).toContain('পরীক্ষা। Hall 1');
    const listed = (await teacher.get(eventsUrl)).json().events;
    expect(listed.find((e: { id: string }) => e.id === reminded.json().id).reminderSendId).toBe(sendId);
  });
});
