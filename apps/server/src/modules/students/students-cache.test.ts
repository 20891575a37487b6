import { STUDENT_PAGE_SIZE, type StudentListQuery } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../lib/access';
import { signUp } from '../../test/factories';
import { addStudent, createClassroom } from '../../test/school';
import { TablesRead, triggeredTables } from '../../test/tables-read';
import { DIALECTS, freshDatabase, testApp, useTestApp } from '../../test/test-deps';
import { type ListStamps, listStampsOf, rowsChangedSince } from './list-stamps';
import { ListVersionsRepository } from './list-versions.repository';
import { StudentsService } from './students.service';

const FIRST_PAGE: StudentListQuery = { sort: 'name', order: 'asc', page: 1, pageSize: STUDENT_PAGE_SIZE };

describe.each(DIALECTS)('students list cache [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function teacherWithStudents() {
    const t = await signUp(ctx.app, ctx.deps);
    const room = await createClassroom(t.client, t.accountId);
    const students = [];
    for (const name of ['Arif', 'Bithi']) {
      students.push(await addStudent(t.client, t.accountId, { name, enrolments: [{ classroomId: room }] }));
    }
    const principal = (await ctx.deps.sessions.resolve(t.client.cookie!)) as Principal;
    return { ...t, room, students, principal };
  }

  it("keeps other accounts' pages through one account's save; the saver sees its change at once", async () => {
    const a = await teacherWithStudents();
    const b = await teacherWithStudents();
    const list = ctx.deps.students;
    const aBefore = await list.list(a.principal, a.accountId, FIRST_PAGE);
    const bBefore = await list.list(b.principal, b.accountId, FIRST_PAGE);
    // Kept: the same answer object comes back while nothing it shows has changed.
    expect(await list.list(b.principal, b.accountId, FIRST_PAGE)).toBe(bBefore);

    const saved = await a.client.put(`/api/accounts/${a.accountId}/students/${a.students[0]!.id}`, {
      name: 'Arif Hasan',
      phone: a.students[0]!.phone,
      institution: 'Dhaka College',
      enrolments: [{ classroomId: a.room }],
    });
    expect(saved.statusCode).toBe(200);

    expect(await list.list(b.principal, b.accountId, FIRST_PAGE)).toBe(bBefore);
    const aAfter = await list.list(a.principal, a.accountId, FIRST_PAGE);
    expect(aAfter).not.toBe(aBefore);
    expect(aAfter.items.map((i) => i.name)).toEqual(['Arif Hasan', 'Bithi']);
  });

  it('reads again only the rows a save changed while the page holds the same students in order', async () => {
    const t = await teacherWithStudents();
    const list = ctx.deps.students;
    const onePerPage = { ...FIRST_PAGE, pageSize: 1 };
    const arifPage = await list.list(t.principal, t.accountId, onePerPage);
    const bithiPage = await list.list(t.principal, t.accountId, { ...onePerPage, page: 2 });
    const both = await list.list(t.principal, t.accountId, FIRST_PAGE);
    const [arif, bithi] = t.students;

    // Bithi's school changes: nothing a page's filter or sort reads.
    const saved = await t.client.put(`/api/accounts/${t.accountId}/students/${bithi!.id}`, {
      name: 'Bithi',
      phone: bithi!.phone,
      customId: bithi!.customId ?? '',
      institution: 'Holy Cross College',
      enrolments: [{ classroomId: t.room }],
    });
    expect(saved.statusCode).toBe(200);
    // The page without her is the same answer; the one with her shows the new school.
    expect(await list.list(t.principal, t.accountId, onePerPage)).toBe(arifPage);
    const bithiAfter = await list.list(t.principal, t.accountId, { ...onePerPage, page: 2 });
    expect(bithiAfter).not.toBe(bithiPage);
    expect(bithiAfter.items.map((i) => [i.name, i.institution])).toEqual([['Bithi', 'Holy Cross College']]);
    // On a page with both, Arif's item is kept as it was and only hers is new.
    const bothAfter = await list.list(t.principal, t.accountId, FIRST_PAGE);
    expect(bothAfter.items[0]).toBe(both.items[0]);
    expect(bothAfter.items[1]).toEqual({ ...both.items[1], institution: 'Holy Cross College' });
    expect(bothAfter.total).toBe(2);

    // A rename moves Arif after Bithi: the order stamp moves and the pages are read whole again.
    await t.client.put(`/api/accounts/${t.accountId}/students/${arif!.id}`, {
      name: 'Rafi',
      phone: arif!.phone,
      customId: arif!.customId ?? '',
      institution: 'Udoy School',
      enrolments: [{ classroomId: t.room }],
    });
    expect((await list.list(t.principal, t.accountId, onePerPage)).items.map((i) => i.name)).toEqual([
      'Bithi',
    ]);
    expect((await list.list(t.principal, t.accountId, FIRST_PAGE)).items.map((i) => i.name)).toEqual([
      'Bithi',
      'Rafi',
    ]);
  });

  it('moves the order stamp for any change to what the list filters or sorts by, in one statement or many', async () => {
    const t = await teacherWithStudents();
    const { kysely } = ctx.deps.db;
    const repo = new ListVersionsRepository(kysely);
    const stamps = async () => listStampsOf([t.accountId], await repo.read([t.accountId]));
    const ids = t.students.map((s) => s.id);
    const changedSince = (now: ListStamps, then: ListStamps) =>
      rowsChangedSince(now.accounts[0]!.recentRows, then.accounts[0]!.version);

    let before = await stamps();
    await kysely.updateTable('students').set({ institution: 'Notre Dame' }).where('id', 'in', ids).execute();
    let after = await stamps();
    expect(after.versions).not.toBe(before.versions);
    expect(after.order).toBe(before.order);
    expect(changedSince(after, before)).toEqual(new Set(ids));

    // One statement changing a listed column of one row and only the school of another.
    const changes = [
      { name: 'Arif', phone: '+8801700000001' },
      { archived_at: 1 },
      { custom_id: 'ID-9', search_text: 'id-9' },
    ];
    for (const change of changes) {
      before = after;
      await kysely
        .updateTable('students')
        .set((eb) => ({
          institution: 'St. Joseph',
          ...Object.fromEntries(
            Object.entries(change).map(([column, value]) => [
              column,
              eb
                .case()
                .when('id', '=', ids[0]!)
                .then(value)
                .else(eb.ref(column as 'name'))
                .end(),
            ]),
          ),
        }))
        .where('id', 'in', ids)
        .execute();
      after = await stamps();
      expect(after.order).not.toBe(before.order);
    }
  });

  it('reads a kept page whole once the record of recent changes no longer reaches back to it', async () => {
    const t = await teacherWithStudents();
    const list = ctx.deps.students;
    const repo = new ListVersionsRepository(ctx.deps.db.kysely);
    const stamps = async () => listStampsOf([t.accountId], await repo.read([t.accountId]));
    const kept = await list.list(t.principal, t.accountId, FIRST_PAGE);
    const then = await stamps();
    const [arif, bithi] = t.students;
    // Arif's school, then Bithi's over and over: far more row-only changes than the record holds.
    const school = (id: string, institution: string) =>
      ctx.deps.db.kysely.updateTable('students').set({ institution }).where('id', '=', id).execute();
    await school(arif!.id, 'Adamjee Cantonment College');
    for (let i = 0; i < 60; i++) await school(bithi!.id, `School ${i}`);
    const now = await stamps();
    expect(now.order).toBe(then.order);
    expect(rowsChangedSince(now.accounts[0]!.recentRows, then.accounts[0]!.version)).toBeNull();

    const after = await list.list(t.principal, t.accountId, FIRST_PAGE);
    expect(after).not.toBe(kept);
    expect(after.items.map((i) => i.institution)).toEqual(['Adamjee Cantonment College', 'School 59']);
  });

  it('covers every table a list page reads with the version that invalidates it', async () => {
    const t = await teacherWithStudents();
    const recorder = new TablesRead();
    const { db } = ctx.deps;
    // A service of its own reading through the recorder (and with nothing kept yet).
    const service = new StudentsService({
      ...ctx.deps,
      db: { ...db, kysely: db.kysely.withPlugin(recorder) },
    });
    await service.list(t.principal, t.accountId, FIRST_PAGE);
    await service.list(t.principal, t.accountId, { ...FIRST_PAGE, q: 'bit' });
    const versioned = await triggeredTables(db, ['list_version_']);
    // The caller's scopes come from the access policy, read afresh for every request (its own
    // repository, not recorded here); the version table is what the page is kept under.
    const uncovered = [...recorder.tables].filter(
      (table) => !versioned.has(table) && table !== 'list_versions',
    );
    expect(uncovered).toEqual([]);
    expect([...recorder.tables]).toEqual(
      expect.arrayContaining(['students', 'enrolments', 'classrooms', 'users', 'accounts']),
    );
  });
});

// Two API processes on one PostgreSQL database, as the scale-out runs: each keeps its own pages,
// and a save through one is on the very next page the other serves.
describe.runIf(DIALECTS.includes('postgres'))('students list cache across processes [postgres]', () => {
  it('shows a save made through one process on the next request to the other', async () => {
    const database = await freshDatabase('postgres');
    const one = await testApp(database);
    const two = await testApp(database);
    try {
      const t = await signUp(one.app, one.deps);
      const room = await createClassroom(t.client, t.accountId);
      const student = await addStudent(t.client, t.accountId, {
        name: 'Arif',
        enrolments: [{ classroomId: room }],
      });
      const listUrl = `/api/accounts/${t.accountId}/students`;
      const names = async () =>
        (await two.app.inject({ method: 'GET', url: listUrl, cookies: { bw_session: t.client.cookie! } }))
          .json()
          .items.map((i: { name: string }) => i.name);
      // The second process reads (and keeps) the page, then the first saves.
      expect(await names()).toEqual(['Arif']);
      expect(await names()).toEqual(['Arif']);
      const saved = await t.client.put(`${listUrl}/${student.id}`, {
        name: 'Arif Hasan',
        phone: student.phone,
        customId: student.customId ?? '',
        institution: 'Dhaka College',
        enrolments: [{ classroomId: room }],
      });
      expect(saved.statusCode).toBe(200);
      expect(await names()).toEqual(['Arif Hasan']);
      // A save of the school alone keeps the page's order and reads the row again, there too.
      await t.client.put(`${listUrl}/${student.id}`, {
        name: 'Arif Hasan',
        phone: student.phone,
        customId: student.customId ?? '',
        institution: 'Notre Dame College',
        enrolments: [{ classroomId: room }],
      });
      const page = (
        await two.app.inject({ method: 'GET', url: listUrl, cookies: { bw_session: t.client.cookie! } })
      ).json();
      expect(page.items.map((i: { institution: string }) => i.institution)).toEqual(['Notre Dame College']);
    } finally {
      await one.close();
      await two.close();
      await database.drop();
    }
  });
});
