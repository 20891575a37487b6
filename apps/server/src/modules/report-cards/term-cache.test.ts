import { describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http';
import { assessmentByApi, reportFixture, TERM } from '../../test/report-cards';
import { createClassroom } from '../../test/school';
import { TablesRead, triggeredTables } from '../../test/tables-read';
import { DIALECTS, freshDatabase, testApp, useTestApp } from '../../test/test-deps';
import { publishedTermAssessments } from './report-data';
import { TermCache } from './term-cache';

// The composed-term cache (term-cache.ts, CACHING.md): a term is served again only while
// nothing it is made of changed, on every process.

type Fixture = Awaited<ReturnType<typeof reportFixture>>;

/** Asha's card as the teacher reads it, through `client` (of whichever process). */
async function ashaCard(client: TestClient, f: Fixture) {
  const url = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards/students/${f.asha.id}?term=${encodeURIComponent(TERM)}`;
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Sets Asha's half-yearly Math mark through the marks grid, as the teacher does. */
async function setAshaMath(f: Fixture, marks: number) {
  const base = `/api/accounts/${f.t.accountId}/assessments/${f.halfYearly.id}/marks`;
  const grid = (await f.t.client.get(base)).json();
  const math = f.halfYearly.subjects.find((s) => s.name === 'Math')!;
  const cell = grid.cells.find(
    (c: { studentId: string; subjectId: string }) => c.studentId === f.asha.id && c.subjectId === math.id,
  );
  const saved = await f.t.client.request({
    method: 'PATCH',
    url: base,
    payload: {
      cells: [
        {
          studentId: f.asha.id,
          subjectId: math.id,
          partKey: 'total',
          marks,
          absent: false,
          version: cell.version,
        },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe.each(DIALECTS)('composed-term cache [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('covers every table a term is read from with a version that changes with it', async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const recorder = new TablesRead();
    const db = { ...ctx.deps.db, kysely: ctx.deps.db.kysely.withPlugin(recorder) };
    const cache = new TermCache(db, (accountId, classroomId, term) =>
      publishedTermAssessments(db.kysely, accountId, classroomId, term),
    );
    const term = await cache.read(f.t.accountId, f.classroomId, TERM);
    expect(term.students.map((s) => s.name)).toEqual(['Asha Akter', 'Bilal Hossain', 'Chayan Das']);
    const versioned = await triggeredTables(ctx.deps.db, ['result_version_']);
    const uncovered = [...recorder.tables].filter(
      (table) => !versioned.has(table) && table !== 'result_versions',
    );
    expect(uncovered).toEqual([]);
    expect([...recorder.tables]).toEqual(
      expect.arrayContaining([
        'assessments',
        'assessment_subjects',
        'assessment_marks',
        'students',
        'accounts',
      ]),
    );
    // Kept: the same term again is the same object, also after marks typed into another
    // classroom of the account; until a mark of its own or a student's name changes.
    expect(await cache.read(f.t.accountId, f.classroomId, TERM)).toBe(term);
    const other = await createClassroom(f.t.client, f.t.accountId, { name: 'Chemistry B' });
    await assessmentByApi(f.t.client, f.t.accountId, other, {
      name: 'Class test',
      term: TERM,
      heldOn: '2026-05-11',
      subjects: [{ name: 'Chemistry', parts: [{ key: 'total', fullMarks: 20, passMarks: 7 }] }],
      marks: {},
    });
    expect(await cache.read(f.t.accountId, f.classroomId, TERM)).toBe(term);
    await setAshaMath(f, 95);
    // Asked twice at once after the change: one read answers both.
    const [fresh, again] = await Promise.all([
      cache.read(f.t.accountId, f.classroomId, TERM),
      cache.read(f.t.accountId, f.classroomId, TERM),
    ]);
    expect(fresh).not.toBe(term);
    expect(again).toBe(fresh);
    expect(Object.isFrozen(fresh.results)).toBe(true);
    await ctx.deps.db.kysely
      .updateTable('students')
      .set({ name: 'Asha Rahman' })
      .where('id', '=', f.asha.id)
      .execute();
    const renamed = await cache.read(f.t.accountId, f.classroomId, TERM);
    expect(renamed.students.map((s) => s.name)).toContain('Asha Rahman');
  });

  it('shows a changed mark, institution and an unpublished assessment on the next card', async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const before = await ashaCard(f.t.client, f);
    expect(before.overview).toMatchObject({ obtained: 315, percent: 79.33 });
    // Read twice: the second is served from the cache.
    expect((await ashaCard(f.t.client, f)).overview.obtained).toBe(315);

    await setAshaMath(f, 70);
    expect((await ashaCard(f.t.client, f)).overview.obtained).toBe(295);

    const renamed = await f.t.client.put(`/api/accounts/${f.t.accountId}/institution`, {
      institution: 'Udoy Academy',
      accountType: 'Default',
      currency: 'BDT',
      manageMultiBranches: false,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await ashaCard(f.t.client, f)).institution.name).toBe('Udoy Academy');

    const off = await f.t.client.post(
      `/api/accounts/${f.t.accountId}/assessments/${f.classTest.id}/unpublish`,
    );
    expect(off.statusCode, off.body).toBe(200);
    const after = await ashaCard(f.t.client, f);
    expect(after.assessments.map((a: { name: string }) => a.name)).toEqual(['Half-yearly exam']);
  });
});

// Two API processes on one PostgreSQL database: each keeps its own terms, and a mark saved
// through one is on the very next card the other serves.
describe.runIf(DIALECTS.includes('postgres'))('composed-term cache across processes [postgres]', () => {
  it('shows a mark saved through one process on the next card the other serves', async () => {
    const database = await freshDatabase('postgres');
    const one = await testApp(database);
    const two = await testApp(database);
    try {
      const f = await reportFixture(one.app, one.deps);
      const other = new TestClient(two.app, f.t.client.cookie);
      expect((await ashaCard(other, f)).overview.obtained).toBe(315);
      expect((await ashaCard(other, f)).overview.obtained).toBe(315);
      await setAshaMath(f, 60);
      expect((await ashaCard(other, f)).overview.obtained).toBe(285);
    } finally {
      await one.close();
      await two.close();
      await database.drop();
    }
  });
});
