import { ARCHIVE_DEFAULT_LOOKBACK_MS } from '@batchwise/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { addStudent, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

describe.each(DIALECTS)('remove, archive and unarchive [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function school() {
    const t = await signUp(ctx.app, ctx.deps);
    const physics = await createClassroom(t.client, t.accountId, { name: 'Physics' });
    const math = await createClassroom(t.client, t.accountId, { name: 'Math' });
    const s = await addStudent(t.client, t.accountId, {
      name: 'Rahim',
      enrolments: [{ classroomId: physics }, { classroomId: math, tuitionFeePaisa: 90_000 }],
    });
    const list = async () =>
      ((await t.client.get(`/api/accounts/${t.accountId}/students`)).json().items as { name: string }[]).map(
        (i) => i.name,
      );
    const archive = async (q = '') => (await t.client.get(`/api/accounts/${t.accountId}/archive${q}`)).json();
    return { t, physics, math, s, list, archive };
  }

  it('removes from one classroom as an archive of type Delete, with the spec messages', async () => {
    const { t, physics, math, s, list, archive } = await school();
    const url = `/api/accounts/${t.accountId}/students/remove`;
    const missing = await t.client.post(url, { classroomId: '', studentIds: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'REMOVE_MISSING_KEY',
      message: 'Something wrong! try again later',
    });
    const stale = await t.client.post(url, { classroomId: physics, studentIds: [s.id, 'gone'] });
    expect(stale.json().error).toMatchObject({
      code: 'REMOVE_STUDENT_NOT_FOUND',
      message: 'Student data not found. Please refresh and try again.',
    });

    const res = await t.client.post(url, { classroomId: physics, studentIds: [s.id] });
    expect(res.json()).toEqual({
      code: 'REMOVE_SUCCESS',
      message: 'The students have been successfully removed.',
      archived: 1,
    });
    expect(await list()).toEqual(['Rahim']);
    const detail = (await t.client.get(`/api/accounts/${t.accountId}/students/${s.id}`)).json();
    expect(detail.enrolments.map((e: { classroomId: string }) => e.classroomId)).toEqual([math]);
    const page = await archive();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ studentId: s.id, enrolled: true, name: 'Rahim' });
    expect(page.items[0].classes).toEqual([
      expect.objectContaining({
        classroomId: physics,
        type: 'Delete',
        classroomExists: true,
        archivedByName: t.input.name,
      }),
    ]);
    const log = await ctx.deps.db.kysely
      .selectFrom('activity_log')
      .select('event_name')
      .where('account_id', '=', t.accountId)
      .where('event_name', '=', 'Remove from Classroom')
      .execute();
    expect(log).toHaveLength(1);
  });

  it('archives a student out of every classroom and unarchives into chosen ones, skipping missing and empty ones', async () => {
    const { t, physics, math, s, list, archive } = await school();
    const other = await createClassroom(t.client, t.accountId, { name: 'Other' });
    ctx.deps.clock.set(Date.UTC(2026, 2, 1));
    const res = await t.client.post(`/api/accounts/${t.accountId}/students/archive`, { studentIds: [s.id] });
    expect(res.json()).toMatchObject({ code: 'STUDENTS_ARCHIVED', archived: 2 });
    expect(await list()).toEqual([]);
    const page = await archive('?q=rah&type=Archive');
    expect(page.items[0]).toMatchObject({
      studentId: s.id,
      enrolled: false,
      lastArchivedAt: Date.UTC(2026, 2, 1),
    });
    expect(page.items[0].classes[0]).toMatchObject({
      type: 'Archive',
      minTimestamp: Date.UTC(2026, 2, 1) - ARCHIVE_DEFAULT_LOOKBACK_MS,
      maxTimestamp: Date.UTC(2026, 2, 1),
    });
    expect((await archive('?type=Delete')).total).toBe(0);
    expect((await archive('?q=nobody')).total).toBe(0);

    const unarchive = `/api/accounts/${t.accountId}/archive/${s.id}/unarchive`;
    expect((await t.client.post(unarchive, { classroomIds: [] })).json().error.message).toBe(
      'Please select at least 1 classroom',
    );
    await t.client.post(`/api/accounts/${t.accountId}/classrooms/${physics}/close`);
    const nothing = await t.client.post(unarchive, { classroomIds: [physics, other] });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe('UNARCHIVE_NOTHING_RESTORED');
    expect(await list()).toEqual([]);

    const back = await t.client.post(unarchive, { classroomIds: [physics, math, other] });
    expect(back.json()).toEqual({
      code: 'STUDENT_UNARCHIVED',
      message: 'The student has been unarchived.',
      restored: [math],
      skipped: [
        { classroomId: physics, reason: 'missing' },
        { classroomId: other, reason: 'empty' },
      ],
    });
    expect(await list()).toEqual(['Rahim']);
    const detail = (await t.client.get(`/api/accounts/${t.accountId}/students/${s.id}`)).json();
    expect(detail.enrolments).toEqual([
      expect.objectContaining({ classroomId: math, tuitionFeePaisa: 90_000 }),
    ]);
    expect((await archive()).items[0].classes.map((c: { classroomId: string }) => c.classroomId)).toEqual([
      physics,
    ]);
  });

  it('refuses an assistant without manageStudents and a teacher of another institution', async () => {
    const { t, physics, s } = await school();
    const viewer = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, t.accountId, { classroomId: physics }),
    );
    const res = await viewer.post(`/api/accounts/${t.accountId}/students/remove`, {
      classroomId: physics,
      studentIds: [s.id],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('MANAGE_STUDENTS_REQUIRED');
    // Archiving "from every classroom the caller manages": they see the student but manage none.
    const archive = await viewer.post(`/api/accounts/${t.accountId}/students/archive`, {
      studentIds: [s.id],
    });
    expect(archive.json().error).toMatchObject({
      code: 'MANAGE_STUDENTS_REQUIRED',
      params: { batch: 'Physics' },
    });
    const b = await signUp(ctx.app, ctx.deps);
    expect(
      (
        await b.client.post(`/api/accounts/${t.accountId}/students/remove`, {
          classroomId: physics,
          studentIds: [s.id],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await b.client.post(`/api/accounts/${b.accountId}/students/remove`, {
          classroomId: physics,
          studentIds: [s.id],
        })
      ).statusCode,
    ).toBe(404);
    expect((await b.client.get(`/api/accounts/${t.accountId}/archive`)).statusCode).toBe(404);
    expect(
      (
        await b.client.post(`/api/accounts/${b.accountId}/archive/${s.id}/unarchive`, {
          classroomIds: [physics],
        })
      ).statusCode,
    ).toBe(404);
  });

  it.each([
    [
      'archived_enrolments',
      'insert',
      'REMOVE_SERVICE_FAILED',
      'Something wrong. Students could not be removed.',
    ],
    ['enrolments', 'delete', 'REMOVE_DATABASE_FAILED', 'Could not remove from database. Reverting.'],
  ] as const)('changes nothing when the %s %s fails', async (table, operation, code, message) => {
    const { t, physics, s } = await school();
    const db = ctx.deps.db.kysely;
    const state = async () => ({
      enrolments: await db
        .selectFrom('enrolments')
        .selectAll()
        .where('student_id', '=', s.id)
        .orderBy('id')
        .execute(),
      copies: await db.selectFrom('archived_enrolments').selectAll().where('student_id', '=', s.id).execute(),
    });
    const before = await state();
    if (ctx.database.dialect === 'sqlite') {
      await sql`create trigger refuse_archive before ${sql.raw(operation)} on ${sql.table(table)} begin select raise(abort, 'forced failure'); end`.execute(
        db,
      );
    } else {
      await sql`create function refuse_archive() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_archive before ${sql.raw(operation)} on ${sql.table(table)} for each row execute function refuse_archive()`.execute(
        db,
      );
    }
    try {
      const res = await t.client.post(`/api/accounts/${t.accountId}/students/remove`, {
        classroomId: physics,
        studentIds: [s.id],
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toEqual({ code, message });
    } finally {
      if (ctx.database.dialect === 'sqlite') await sql`drop trigger refuse_archive`.execute(db);
      else {
        await sql`drop trigger refuse_archive on ${sql.table(table)}`.execute(db);
        await sql`drop function refuse_archive()`.execute(db);
      }
    }
    expect(await state()).toEqual(before);
  });
});
