import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { multipartFile } from '../../test/http';
import { addStudent, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

describe.each(DIALECTS)('students [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('gives students added at the same moment different suggested IDs', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const added = await Promise.all(Array.from({ length: 6 }, () => addStudent(t.client, t.accountId)));
    expect(added.map((s) => s.customId).sort()).toEqual(['ID-1', 'ID-2', 'ID-3', 'ID-4', 'ID-5', 'ID-6']);
  });

  it('saves the drawer: fields, parents, linked sign-in, included classrooms with fees, MaxCustomID and the activity log', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const physics = await createClassroom(t.client, t.accountId, {
      name: 'Physics',
      tuitionFeePaisa: 150_000,
    });
    const math = await createClassroom(t.client, t.accountId, { name: 'Math', tuitionFeePaisa: 100_000 });
    const created = await addStudent(t.client, t.accountId, { enrolments: [{ classroomId: physics }] });
    expect(created.customId).toBe('ID-1');
    const userId = (
      await ctx.deps.db.kysely
        .insertInto('users')
        .values({
          id: `u-${created.id}`,
          name: 'Old',
          email: null,
          phone: null,
          password_hash: null,
          profession: 'Student',
          is_staff: 0,
          created_at: 0,
          updated_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.deps.db.kysely
      .updateTable('students')
      .set({ user_id: userId })
      .where('id', '=', created.id)
      .execute();

    const phone = uniquePhone();
    const parent = uniquePhone();
    const res = await t.client.put(`/api/accounts/${t.accountId}/students/${created.id}`, {
      name: 'Rahim Uddin',
      phone: phone.replace('+880', '0'),
      email: 'rahim@school.test',
      institution: 'Udoy School',
      customId: 'ID-0042',
      rfid: 'ABC',
      parent1Phone: `${parent}d`,
      customFields: { 'Blood Group': 'O+' },
      enrolments: [
        { classroomId: physics, tuitionFeePaisa: 150_000 },
        { classroomId: math, tuitionFeePaisa: 80_000 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: 'STUDENT_UPDATED',
      message: 'Student has been updated successfully!',
    });
    expect(body.student).toMatchObject({
      name: 'Rahim Uddin',
      phone,
      customId: 'ID-0042',
      rfid: null,
      parent1Phone: parent,
      customFields: { 'Blood Group': 'O+' },
      userLinked: true,
      permissions: { edit: true, modifyCustomId: true, include: false },
    });
    expect(
      body.student.enrolments.map((e: { classroomName: string; tuitionFeePaisa: number | null }) => [
        e.classroomName,
        e.tuitionFeePaisa,
      ]),
    ).toEqual([
      ['Math', 80_000],
      ['Physics', null],
    ]);
    const math1 = body.student.enrolments[0];
    expect(math1.appliedAt).toBe(math1.acceptedAt);
    const db = ctx.deps.db.kysely;
    const parentLinks = () =>
      db.selectFrom('parent_links').select('parent_phone').where('student_id', '=', created.id).execute();
    expect(await parentLinks()).toEqual([{ parent_phone: parent }]);
    // The link user follows the record's name; a phone is never given to a user by a tenant.
    expect(
      await db.selectFrom('users').select(['name', 'phone']).where('id', '=', userId).executeTakeFirst(),
    ).toEqual({
      name: 'Rahim Uddin',
      phone: null,
    });
    const counter = async () =>
      (
        await db
          .selectFrom('accounts')
          .select('max_custom_id')
          .where('id', '=', t.accountId)
          .executeTakeFirstOrThrow()
      ).max_custom_id;
    expect(await counter()).toBe(42);
    const log = await db
      .selectFrom('activity_log')
      .select(['event_name', 'summary'])
      .where('subject_id', '=', created.id)
      .orderBy('created_at')
      .execute();
    expect(log.at(-1)).toEqual({
      event_name: 'Update Student Info',
      summary: 'Updated Rahim Uddin; included in Math',
    });

    // A lower ID never lowers the counter.
    const lower = await t.client.put(`/api/accounts/${t.accountId}/students/${created.id}`, {
      name: 'Rahim Uddin',
      phone,
      institution: 'Udoy School',
      customId: 'ID-7',
    });
    expect(lower.statusCode).toBe(200);
    expect(await counter()).toBe(42);
    // With no classroom changed, the answer is made from what the save loaded and wrote: it must
    // be what reading the student afresh gives.
    const fresh = (await t.client.get(`/api/accounts/${t.accountId}/students/${created.id}`)).json();
    expect(lower.json().student).toEqual(fresh);
    expect(fresh).toMatchObject({ customId: 'ID-7', parent1Phone: null, enrolments: [{}, {}] });
    expect(await parentLinks()).toEqual([]);
    expect((await t.client.get(`/api/accounts/${t.accountId}/student-fields`)).json().nextCustomId).toBe(
      'ID-43',
    );
  });

  it('refuses a phone, ID or RFID clash with the exact message, but not a phone marked D', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const room = await createClassroom(t.client, t.accountId, { name: 'Physics Morning' });
    const taken = await addStudent(t.client, t.accountId, {
      name: 'Karim',
      customId: 'EDU-9',
      rfid: 'RFID-12345',
      enrolments: [{ classroomId: room }],
    });
    const other = await addStudent(t.client, t.accountId, {
      name: 'Salma',
      enrolments: [{ classroomId: room }],
    });
    const url = `/api/accounts/${t.accountId}/students/${other.id}`;
    const message =
      'Your given phone number / custom ID / rfid is already in use by Student Karim in Classroom Physics Morning. Please use another!';
    for (const change of [{ phone: taken.phone }, { customId: 'edu-9' }, { rfid: 'rfid-12345' }]) {
      const res = await t.client.put(url, { name: 'Salma', phone: other.phone, institution: 'X', ...change });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'STUDENT_CLASH', message });
    }
    const created = await t.client.post(`/api/accounts/${t.accountId}/students`, {
      name: 'New',
      phone: taken.phone,
      institution: 'X',
    });
    expect(created.json().error.message).toBe(message);
    const fresh = await t.client.post(`/api/accounts/${t.accountId}/students`, {
      name: 'New',
      phone: uniquePhone(),
      institution: 'X',
    });
    expect(fresh.json()).toMatchObject({
      code: 'STUDENT_ADDED',
      message: 'Student has been added successfully!',
    });
    const family = await t.client.put(url, { name: 'Salma', phone: `${taken.phone}D`, institution: 'X' });
    expect(family.statusCode).toBe(200);
    expect(family.json().student.phone).toBe(`${taken.phone}D`);
  });

  it('needs manageStudents and modifyCustomID on the server, not just in the UI', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const room = await createClassroom(t.client, t.accountId, { name: 'Granted' });
    const s = await addStudent(t.client, t.accountId, { name: 'Mitu', enrolments: [{ classroomId: room }] });
    const viewer = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, t.accountId, { classroomId: room }),
    );
    const base = `/api/accounts/${t.accountId}/students`;
    expect((await viewer.get(`${base}/${s.id}`)).json().permissions).toEqual({
      edit: false,
      modifyCustomId: false,
      include: false,
    });
    const save = await viewer.put(`${base}/${s.id}`, { name: 'Changed', phone: s.phone, institution: 'X' });
    expect(save.statusCode).toBe(403);
    expect(save.json().error).toMatchObject({
      code: 'MANAGE_STUDENTS_REQUIRED',
      message: 'You do not have permission to manage students in Granted.',
    });
    expect(
      (await viewer.post(base, { name: 'New', phone: uniquePhone(), institution: 'X' })).statusCode,
    ).toBe(403);
    const include = await viewer.post(`${base}/${s.id}/include`, { classrooms: [{ classroomId: room }] });
    expect(include.statusCode).toBe(403);

    const manager = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, t.accountId, { classroomId: room, manageStudents: true }),
    );
    expect(
      (
        await manager.put(`${base}/${s.id}`, {
          name: 'Mitu Rani',
          phone: s.phone,
          institution: 'X',
          customId: s.customId!,
        })
      ).statusCode,
    ).toBe(200);
    const idChange = await manager.put(`${base}/${s.id}`, {
      name: 'Mitu Rani',
      phone: s.phone,
      institution: 'X',
      customId: 'ID-99',
    });
    expect(idChange.statusCode).toBe(403);
    expect(idChange.json().error.code).toBe('MODIFY_CUSTOM_ID_REQUIRED');
    const row = await ctx.deps.db.kysely
      .selectFrom('students')
      .select(['name', 'custom_id'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Mitu Rani', custom_id: s.customId });
  });

  it('offers only open, pickable classrooms with manageStudents in the include modal, and includes with a modified fee', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const current = await createClassroom(t.client, t.accountId, { name: 'Current' });
    const second = await createClassroom(t.client, t.accountId, { name: 'Second', tuitionFeePaisa: 120_000 });
    const closed = await createClassroom(t.client, t.accountId, { name: 'Closed' });
    await t.client.post(`/api/accounts/${t.accountId}/classrooms/${closed}/close`);
    // A placeholder from old data: never offered.
    await ctx.deps.db.kysely
      .updateTable('classrooms')
      .set({ name: 'Unknown-Batch' })
      .where('id', '=', closed)
      .execute();
    await t.client.post(`/api/accounts/${t.accountId}/classrooms/${closed}/reopen`);
    const s = await addStudent(t.client, t.accountId, { enrolments: [{ classroomId: current }] });
    const base = `/api/accounts/${t.accountId}/students/${s.id}`;
    const options = (await t.client.get(`${base}/include-options`)).json().classrooms;
    expect(options.map((o: { name: string }) => o.name)).toEqual(['Second']);

    expect((await t.client.post(`${base}/include`, { classrooms: [] })).json().error).toMatchObject({
      code: 'SELECT_AT_LEAST_ONE_CLASSROOM',
      message: 'Please select at least 1 classroom',
    });
    const res = await t.client.post(`${base}/include`, {
      classrooms: [{ classroomId: second, tuitionFeePaisa: 90_000 }],
    });
    expect(res.json()).toMatchObject({ code: 'STUDENT_INCLUDED', message: 'Included successfully!' });
    expect(
      res.json().student.enrolments.find((e: { classroomId: string }) => e.classroomId === second)
        .tuitionFeePaisa,
    ).toBe(90_000);
    expect((await t.client.get(`${base}/include-options`)).json().classrooms).toEqual([]);
  });

  it('changes nothing when the save fails half-way', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const physics = await createClassroom(t.client, t.accountId, { name: 'Physics' });
    const math = await createClassroom(t.client, t.accountId, { name: 'Math' });
    const parent = uniquePhone();
    const s = await addStudent(t.client, t.accountId, {
      name: 'Before',
      parent1Phone: parent,
      enrolments: [{ classroomId: physics }],
    });
    const db = ctx.deps.db.kysely;
    const snapshot = async () => ({
      student: await db.selectFrom('students').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow(),
      enrolments: await db.selectFrom('enrolments').selectAll().where('student_id', '=', s.id).execute(),
      parents: await db.selectFrom('parent_links').selectAll().where('student_id', '=', s.id).execute(),
      counter: await db
        .selectFrom('accounts')
        .select('max_custom_id')
        .where('id', '=', t.accountId)
        .executeTakeFirstOrThrow(),
    });
    const before = await snapshot();
    // The activity log entry is the save's last write: make the database refuse it.
    const { sql } = await import('kysely');
    if (ctx.database.dialect === 'sqlite') {
      await sql`create trigger refuse_student_log before insert on activity_log when new.event_name = 'Update Student Info' begin select raise(abort, 'forced failure'); end`.execute(
        db,
      );
    } else {
      await sql`create function refuse_student_log() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_student_log before insert on activity_log for each row when (new.event_name = 'Update Student Info') execute function refuse_student_log()`.execute(
        db,
      );
    }
    try {
      const res = await t.client.put(`/api/accounts/${t.accountId}/students/${s.id}`, {
        name: 'After',
        phone: uniquePhone(),
        institution: 'Changed',
        customId: 'ID-500',
        parent1Phone: uniquePhone(),
        enrolments: [{ classroomId: physics, tuitionFeePaisa: 1 }, { classroomId: math }],
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('INTERNAL');
    } finally {
      if (ctx.database.dialect === 'sqlite') await sql`drop trigger refuse_student_log`.execute(db);
      else {
        await sql`drop trigger refuse_student_log on activity_log`.execute(db);
        await sql`drop function refuse_student_log()`.execute(db);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('stores the photo square, resized, and defines custom fields', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const s = await addStudent(t.client, t.accountId);
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
    const upload = await multipartFile('file', 'face.png', 'image/png', png);
    const res = await t.client.request({
      method: 'POST',
      url: `/api/accounts/${t.accountId}/students/${s.id}/photo`,
      ...upload,
    });
    expect(res.statusCode).toBe(200);
    const image = await ctx.app.inject({ method: 'GET', url: res.json().avatarUrl });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      width: 256,
      height: 256,
      format: 'webp',
    });
    const gif = await multipartFile('file', 'face.gif', 'image/gif', png);
    const refused = await t.client.request({
      method: 'POST',
      url: `/api/accounts/${t.accountId}/students/${s.id}/photo`,
      ...gif,
    });
    expect(refused.json().error.message).toBe('face.gif is not a png, jpg or jpeg file');

    const fields = await t.client.put(`/api/accounts/${t.accountId}/student-fields`, {
      fields: [
        { name: 'Date Of Birth', kind: 'date' },
        { name: 'Blood Group', kind: 'blood-group' },
      ],
    });
    expect(fields.json()).toMatchObject({
      fields: [
        { name: 'Date Of Birth', kind: 'date' },
        { name: 'Blood Group', kind: 'blood-group' },
      ],
      appMode: 'SMS_LMS_GATEWAY',
      institutionRequired: true,
    });
    const missing = await t.client.put(`/api/accounts/${t.accountId}/students/${s.id}`, {
      name: 'X',
      phone: s.phone,
    });
    expect(missing.json().error).toMatchObject({
      code: 'STUDENT_INSTITUTION_REQUIRED',
      message: 'Please enter your student institution!',
    });
  });
});
