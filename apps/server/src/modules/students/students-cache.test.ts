import { STUDENT_PAGE_SIZE, type StudentListQuery } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../lib/access';
import { signUp } from '../../test/factories';
import { addStudent, createClassroom } from '../../test/school';
import { TablesRead, triggeredTables } from '../../test/tables-read';
import { DIALECTS, freshDatabase, testApp, useTestApp } from '../../test/test-deps';
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
        institution: 'Dhaka College',
        enrolments: [{ classroomId: room }],
      });
      expect(saved.statusCode).toBe(200);
      expect(await names()).toEqual(['Arif Hasan']);
    } finally {
      await one.close();
      await two.close();
      await database.drop();
    }
  });
});
