import { addDays } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { allDelivered } from '../../test/live-events';
import { addStudent, adminManages, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import type { LiveEvent } from '../events/event-bus';
import { deviceMark, rollCallSchool } from './attendance-fixture';

// Roll call through the real app on both databases: a date's sessions from the
// classroom's timings with every enrolled student; "all present" then exceptions; every change
// kept with the status before it, who and when; a device's mark corrected by a person; extra
// classes for a classroom without timings; and who may take it.

describe.each(DIALECTS)('roll call [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('marks all present, then exceptions, keeping every change with who and when', async () => {
    const s = await rollCallSchool(ctx);
    const [anika, bashir, chandni] = s.students as [string, string, string];
    const events: LiveEvent[] = [];
    const stop = ctx.deps.events.subscribe([`account:${s.t.accountId}`], (e) => events.push(e));

    const first = await s.t.client.get(`${s.base}/roll-call?date=${s.today}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      date: s.today,
      today: s.today,
      classroom: { id: s.classroomId, name: 'Physics A' },
      sessions: [{ start: '16:00', end: '18:00', scheduled: true, marks: [] }],
    });
    expect(
      first.json().students.map((x: { name: string; enrolled: boolean }) => [x.name, x.enrolled]),
    ).toEqual([
      ['Anika Rahman', true],
      ['Bashir Ahmed', true],
      ['Chandni Akter', true],
    ]);

    const save = (marks: { studentId: string; status: string }[], client = s.t.client) =>
      client.put(`${s.base}/roll-call`, { date: s.today, start: '16:00', marks });
    const all = await save(s.students.map((studentId) => ({ studentId, status: 'present' })));
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().changed).toBe(3);
    expect(all.json().session.marks).toHaveLength(3);
    expect((await save([{ studentId: bashir, status: 'absent' }])).json().changed).toBe(1);
    expect((await save([{ studentId: chandni, status: 'late' }])).json().changed).toBe(1);
    // The same status again changes nothing and writes no history.
    expect((await save([{ studentId: anika, status: 'present' }])).json().changed).toBe(0);
    await allDelivered(ctx.deps.events, `account:${s.t.accountId}`, events);
    const marked = events.filter((e) => e.type === 'attendance.marked');
    expect(marked).toHaveLength(3);
    // Only the marks' own events: on PostgreSQL the setup's (students added) can arrive after the
    // subscription began, since notifications come through the database.
    expect(marked[0]?.stale).toEqual([{ resource: 'attendance', params: { accountId: s.t.accountId } }]);
    stop();

    const again = (await s.t.client.get(`${s.base}/roll-call?date=${s.today}`)).json();
    const status = (id: string) =>
      again.sessions[0].marks.find((m: { studentId: string }) => m.studentId === id);
    expect(status(anika)).toMatchObject({ status: 'present', source: 'roll-call', markedBy: s.t.userId });
    expect(status(bashir)).toMatchObject({ status: 'absent', markedByName: s.t.input.name });
    expect(status(chandni)).toMatchObject({ status: 'late' });

    // An assistant of this classroom corrects Bashir to leave: the history keeps both people.
    const assistantId = await assistantWithGrant(ctx.deps, s.t.accountId, { classroomId: s.classroomId });
    const assistant = await clientFor(ctx.app, ctx.deps, assistantId);
    expect((await save([{ studentId: bashir, status: 'leave' }], assistant)).statusCode).toBe(200);
    const history = await s.t.client.get(`${s.base}/history?date=${s.today}&start=16:00&studentId=${bashir}`);
    expect(history.statusCode, history.body).toBe(200);
    const items = history.json().items as {
      status: string;
      previousStatus: string | null;
      markedBy: string;
    }[];
    expect(items.map((i) => [i.status, i.previousStatus, i.markedBy])).toEqual([
      ['leave', 'absent', assistantId],
      ['absent', 'present', s.t.userId],
      ['present', null, s.t.userId],
    ]);
    expect(history.json().items[1].markedByName).toBe(s.t.input.name);
  });

  it('lets a person correct a mark a device set, and the history keeps what the device said', async () => {
    const s = await rollCallSchool(ctx, 1);
    const [anika] = s.students as [string];
    await deviceMark(ctx.deps, {
      classroomId: s.classroomId,
      studentId: anika,
      date: s.today,
      start: '16:00',
      status: 'present',
    });
    const before = (await s.t.client.get(`${s.base}/roll-call?date=${s.today}`)).json();
    expect(before.sessions[0].marks[0]).toMatchObject({ status: 'present', source: 'punch', markedBy: null });
    const fix = await s.t.client.put(`${s.base}/roll-call`, {
      date: s.today,
      start: '16:00',
      marks: [{ studentId: anika, status: 'absent' }],
    });
    expect(fix.json()).toMatchObject({
      changed: 1,
      session: { marks: [{ status: 'absent', source: 'roll-call' }] },
    });
    const items = (
      await s.t.client.get(`${s.base}/history?date=${s.today}&start=16:00&studentId=${anika}`)
    ).json().items;
    expect(items).toMatchObject([
      { status: 'absent', previousStatus: 'present', source: 'roll-call', markedBy: s.t.userId },
      { status: 'present', previousStatus: null, source: 'punch', markedBy: null, markedByName: null },
    ]);
  });

  it('opens extra classes for a classroom without timings, and refuses later dates and strangers', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const classroomId = await createClassroom(t.client, t.accountId, { name: 'No timings' });
    const other = await createClassroom(t.client, t.accountId, { name: 'Other batch' });
    const student = await addStudent(t.client, t.accountId, {
      enrolments: [{ classroomId, tuitionFeePaisa: null }],
    });
    const outsider = await addStudent(t.client, t.accountId, {
      enrolments: [{ classroomId: other, tuitionFeePaisa: null }],
    });
    const base = `/api/accounts/${t.accountId}/classrooms/${classroomId}/attendance`;
    const today = (await t.client.get(`${base}/roll-call?date=2026-01-01`)).json().today as string;
    expect((await t.client.get(`${base}/roll-call?date=${today}`)).json().sessions).toEqual([]);

    const open = await t.client.put(`${base}/roll-call`, {
      date: today,
      start: '10:30',
      marks: [{ studentId: student.id, status: 'present' }],
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().session).toMatchObject({ start: '10:30', end: null, scheduled: false });
    expect((await t.client.get(`${base}/roll-call?date=${today}`)).json().sessions).toMatchObject([
      { start: '10:30', end: null, scheduled: false, marks: [{ studentId: student.id, status: 'present' }] },
    ]);

    const tomorrow = await t.client.put(`${base}/roll-call`, {
      date: addDays(today, 1),
      start: '10:30',
      marks: [{ studentId: student.id, status: 'present' }],
    });
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().error.code).toBe('ATTENDANCE_DATE_IN_FUTURE');
    const stranger = await t.client.put(`${base}/roll-call`, {
      date: today,
      start: '10:30',
      marks: [
        { studentId: student.id, status: 'late' },
        { studentId: outsider.id, status: 'present' },
      ],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.code).toBe('ATTENDANCE_STUDENT_NOT_IN_CLASSROOM');
    // Refused as a whole: the valid half was not written either.
    expect((await t.client.get(`${base}/roll-call?date=${today}`)).json().sessions[0].marks[0].status).toBe(
      'present',
    );
    const bad = await t.client.put(`${base}/roll-call`, { date: today, start: '25:00', marks: [] });
    expect(bad.statusCode).toBe(400);
  });

  it('is taken by the owner, the admin and the classroom’s assistants only', async () => {
    const s = await rollCallSchool(ctx, 1);
    const [anika] = s.students as [string];
    const otherRoom = await createClassroom(s.t.client, s.t.accountId, { name: 'Chemistry' });
    const body = { date: s.today, start: '16:00', marks: [{ studentId: anika, status: 'late' }] };
    const otherBase = `/api/accounts/${s.t.accountId}/classrooms/${otherRoom}/attendance`;

    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    await adminManages(ctx.deps, admin.accountId, s.t.accountId);
    expect((await admin.client.put(`${s.base}/roll-call`, body)).statusCode).toBe(200);

    // An assistant of another classroom of the same account is not let in.
    const elsewhere = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, s.t.accountId, { classroomId: otherRoom }),
    );
    expect((await elsewhere.get(`${otherBase}/roll-call?date=${s.today}`)).statusCode).toBe(200);
    for (const res of [
      await elsewhere.get(`${s.base}/roll-call?date=${s.today}`),
      await elsewhere.put(`${s.base}/roll-call`, body),
      await elsewhere.get(`${s.base}/history?date=${s.today}&start=16:00&studentId=${anika}`),
    ])
      expect(res.statusCode).toBe(404);

    // A blocked grant and an account-wide one.
    const blocked = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, s.t.accountId, { classroomId: s.classroomId, blocked: true }),
    );
    expect((await blocked.put(`${s.base}/roll-call`, body)).statusCode).toBe(404);
    const wide = await clientFor(ctx.app, ctx.deps, await assistantWithGrant(ctx.deps, s.t.accountId));
    expect(
      (await wide.put(`${s.base}/roll-call`, { ...body, marks: [{ studentId: anika, status: 'absent' }] }))
        .statusCode,
    ).toBe(200);

    // Another teacher: not found, and nothing changed.
    const stranger = await signUp(ctx.app, ctx.deps);
    expect((await stranger.client.put(`${s.base}/roll-call`, body)).statusCode).toBe(404);
    const marks = (await s.t.client.get(`${s.base}/roll-call?date=${s.today}`)).json().sessions[0].marks;
    expect(marks).toMatchObject([{ status: 'absent' }]);
  });
});
