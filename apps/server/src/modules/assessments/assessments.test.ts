import { BANGLADESH_GRADE_BANDS } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { assessmentSchool, HALF_YEARLY } from '../../test/assessments-school';
import { assistantWithGrant, clientFor } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Assessments of a classroom through the real app on both databases: create,
// list, edit (subjects keep their marks), publish, terms and a term's weighted results, delete,
// and the account's grade scale.

describe.each(DIALECTS)('assessments [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('creates, lists and edits an assessment; kept subjects keep their marks, removed ones lose them', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    expect(s.assessment).toMatchObject({
      name: 'Half-yearly',
      term: 'Half-yearly 2026',
      weight: 80,
      publishedAt: null,
      fullMarks: 275,
    });
    expect(s.assessment.subjects.map((x) => x.name)).toEqual(['Bangla', 'Physics', 'Agriculture']);
    const list = (await s.t.client.get(`${s.base}/classrooms/${s.classroomId}/assessments`)).json();
    expect(list.assessments.map((a: { id: string }) => a.id)).toEqual([s.assessment.id]);

    await s.save(s.t.client, [
      s.cell(0, 'Bangla', 'total', 80),
      s.cell(0, 'Physics', 'cq', 40),
      s.cell(0, 'Physics', 'mcq', 20),
      s.cell(0, 'Agriculture', 'total', 70),
    ]);
    const url = `${s.base}/assessments/${s.assessment.id}`;
    const physics = s.assessment.subjects.find((x) => x.name === 'Physics')!;
    const bangla = s.assessment.subjects.find((x) => x.name === 'Bangla')!;
    // Full marks below a saved mark are refused.
    const below = await s.t.client.put(url, {
      ...HALF_YEARLY,
      subjects: [{ id: bangla.id, name: 'Bangla', parts: [{ key: 'total', fullMarks: 75, passMarks: 25 }] }],
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toMatchObject({
      code: 'ASSESSMENT_FULL_MARKS_BELOW_MARKS',
      params: { subject: 'Bangla' },
    });
    // Keep Bangla (renamed), keep Physics without its MCQ, drop Agriculture, add English.
    const edited = await s.t.client.put(url, {
      ...HALF_YEARLY,
      name: 'Half-yearly exam',
      subjects: [
        { id: physics.id, name: 'Physics', parts: [{ key: 'cq', name: 'CQ', fullMarks: 50, passMarks: 17 }] },
        { id: bangla.id, name: 'Bangla 1st paper', parts: [{ key: 'total', fullMarks: 100, passMarks: 33 }] },
        { name: 'English', parts: [{ key: 'total', fullMarks: 100, passMarks: 33 }] },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(
      edited.json().subjects.map((x: { name: string; position: number }) => [x.name, x.position]),
    ).toEqual([
      ['Physics', 0],
      ['Bangla 1st paper', 1],
      ['English', 2],
    ]);
    const grid = (await s.t.client.get(s.marksUrl)).json();
    expect(
      grid.cells
        .map((c: { subjectId: string; partKey: string; marks: number }) => [c.subjectId, c.partKey, c.marks])
        .sort(),
    ).toEqual(
      [
        [bangla.id, 'total', 80],
        [physics.id, 'cq', 40],
      ].sort(),
    );
    const unknown = await s.t.client.put(url, {
      ...HALF_YEARLY,
      subjects: [{ ...HALF_YEARLY.subjects[0], id: 'nope' }],
    });
    expect(unknown.json().error.code).toBe('ASSESSMENT_SUBJECT_UNKNOWN');
    const invalid = await s.t.client.post(`${s.base}/classrooms/${s.classroomId}/assessments`, {
      ...HALF_YEARLY,
      name: ' ',
      subjects: [{ name: 'Math', parts: [{ key: 'total', fullMarks: 50, passMarks: 60 }] }],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toMatch(/ASSESSMENT_NAME_REQUIRED|ASSESSMENT_PASS_ABOVE_FULL/);
  });

  it('publishes, lists terms and weights a term’s results across its assessments', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps, 2);
    const classTest = (
      await s.t.client.post(`${s.base}/classrooms/${s.classroomId}/assessments`, {
        name: 'Class test 1',
        term: 'Half-yearly 2026',
        heldOn: '2026-05-02',
        weight: 20,
        subjects: [
          { name: 'Bangla', parts: [{ key: 'total', fullMarks: 20, passMarks: 7 }] },
          { name: 'Physics', parts: [{ key: 'total', fullMarks: 20, passMarks: 7 }] },
        ],
      })
    ).json();
    const ct = (name: string) => classTest.subjects.find((x: { name: string }) => x.name === name).id;
    await s.t.client.request({
      method: 'PATCH',
      url: `${s.base}/assessments/${classTest.id}/marks`,
      payload: {
        cells: [
          { studentId: s.students[0]!.id, subjectId: ct('Bangla'), partKey: 'total', marks: 10, version: 0 },
          { studentId: s.students[0]!.id, subjectId: ct('Physics'), partKey: 'total', marks: 20, version: 0 },
          { studentId: s.students[1]!.id, subjectId: ct('Bangla'), partKey: 'total', marks: 18, version: 0 },
          { studentId: s.students[1]!.id, subjectId: ct('Physics'), partKey: 'total', marks: 18, version: 0 },
        ],
      },
    });
    await s.save(s.t.client, [
      s.cell(0, 'Bangla', 'total', 75),
      s.cell(0, 'Physics', 'cq', 40),
      s.cell(0, 'Physics', 'mcq', 20),
      s.cell(0, 'Agriculture', 'total', 50),
      s.cell(1, 'Bangla', 'total', 90),
      s.cell(1, 'Physics', 'cq', 45),
      s.cell(1, 'Physics', 'mcq', 20),
      s.cell(1, 'Agriculture', 'total', 80),
    ]);
    const published = await s.t.client.post(`${s.base}/assessments/${classTest.id}/publish`);
    expect(published.json().publishedAt).toEqual(expect.any(Number));

    const terms = (await s.t.client.get(`${s.base}/classrooms/${s.classroomId}/assessment-terms`)).json();
    expect(terms.terms).toEqual([
      {
        term: 'Half-yearly 2026',
        assessments: 2,
        published: 1,
        firstHeldOn: '2026-05-02',
        lastHeldOn: '2026-06-15',
      },
    ]);
    const term = encodeURIComponent('Half-yearly 2026');
    const all = (
      await s.t.client.get(`${s.base}/classrooms/${s.classroomId}/term-results?term=${term}`)
    ).json();
    expect(all.assessments.map((a: { name: string }) => a.name)).toEqual(['Class test 1', 'Half-yearly']);
    // Anika: Bangla 0.2 × 50 % + 0.8 × 75 % = 70 % (A), Physics 0.2 × 100 % + 0.8 × 80 % = 84 % (A+);
    // Agriculture only in the half-yearly: 50 % (B, +1.00 over 2.00) → (4 + 5 + 1) / 2 = 5.00; second on
    // percentage (68.82 % against Bristi's 86.36 %).
    expect(all.results[0]).toMatchObject({
      complete: true,
      gpa: 5,
      letter: 'A+',
      percent: 68.82,
      position: 2,
    });
    expect(
      all.results[0].subjects.map((x: { name: string; percent: number }) => [x.name, x.percent]),
    ).toEqual([
      ['Bangla', 70],
      ['Physics', 84],
      ['Agriculture', 50],
    ]);
    expect(all.results[1]).toMatchObject({ gpa: 5, position: 1 });
    const onlyPublished = (
      await s.t.client.get(`${s.base}/classrooms/${s.classroomId}/term-results?term=${term}&published=true`)
    ).json();
    expect(onlyPublished.assessments.map((a: { name: string }) => a.name)).toEqual(['Class test 1']);
    // Class test alone: Bangla 50 % (B 3.00), Physics 100 % (A+ 5.00).
    expect(onlyPublished.results[0]).toMatchObject({ percent: 75, gpa: 4 });

    const unpublished = await s.t.client.post(`${s.base}/assessments/${classTest.id}/unpublish`);
    expect(unpublished.json().publishedAt).toBeNull();
    const list = (
      await s.t.client.get(`${s.base}/classrooms/${s.classroomId}/assessments?term=${term}`)
    ).json();
    expect(list.assessments.map((a: { name: string }) => a.name)).toEqual(['Half-yearly', 'Class test 1']);
  });

  it('lets owners and admins delete an assessment with its marks; assistants may not', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    await s.save(s.t.client, [s.cell(0, 'Bangla', 'total', 50)]);
    const assistant = await clientFor(ctx.app, ctx.deps, await assistantWithGrant(ctx.deps, s.t.accountId));
    const url = `${s.base}/assessments/${s.assessment.id}`;
    expect((await assistant.delete(url)).statusCode).toBe(403);
    expect((await s.t.client.delete(url)).json()).toEqual({ ok: true });
    expect((await s.t.client.get(url)).statusCode).toBe(404);
    const left = await ctx.deps.db.kysely
      .selectFrom('assessment_marks')
      .select('student_id')
      .where('assessment_id', '=', s.assessment.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps a grade scale per account: the Bangladesh one by default, its own, or percentages only', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    const url = `${s.base}/grade-scale`;
    expect((await s.t.client.get(url)).json()).toEqual({
      mode: 'gpa',
      bands: BANGLADESH_GRADE_BANDS,
      isDefault: true,
      updatedAt: null,
    });
    await s.save(s.t.client, [
      s.cell(0, 'Bangla', 'total', 45),
      s.cell(0, 'Physics', 'cq', 30),
      s.cell(0, 'Physics', 'mcq', 15),
      s.cell(0, 'Agriculture', 'total', 20),
    ]);
    const refused = await s.t.client.put(url, { mode: 'gpa', bands: [{ min: 40, letter: 'P', point: 1 }] });
    expect(refused.json().error).toMatchObject({ code: 'GRADE_SCALE_NEEDS_ZERO' });
    const assistant = await clientFor(ctx.app, ctx.deps, await assistantWithGrant(ctx.deps, s.t.accountId));
    expect((await assistant.put(url, { mode: 'percent', bands: BANGLADESH_GRADE_BANDS })).statusCode).toBe(
      403,
    );
    expect((await assistant.get(url)).statusCode).toBe(200);

    const pass = [
      { min: 0, letter: 'Fail', point: 0 },
      { min: 40, letter: 'Pass', point: 1 },
    ];
    const saved = (await s.t.client.put(url, { mode: 'gpa', bands: pass })).json();
    expect(saved).toMatchObject({ mode: 'gpa', isDefault: false, bands: [pass[1], pass[0]] });
    expect((await s.t.client.get(s.marksUrl)).json().results[0]).toMatchObject({ gpa: 1, letter: 'Pass' });
    await s.t.client.put(url, { mode: 'percent', bands: BANGLADESH_GRADE_BANDS });
    const percent = (await s.t.client.get(s.marksUrl)).json().results[0];
    expect(percent).toMatchObject({ gpa: null, letter: null, percent: 40, passed: true });
    expect(percent.subjects[2]).toMatchObject({ letter: null, passed: false });
  });
});
