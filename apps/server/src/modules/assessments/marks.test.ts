import { describe, expect, it } from 'vitest';
import { assessmentSchool } from '../../test/assessments-school';
import { signUp } from '../../test/factories';
import { allDelivered } from '../../test/live-events';
import { assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import type { LiveEvent } from '../events/event-bus';

// The marks grid through the real app on both databases: saving cells with
// versions, conflicts when two people edit the same cell, validation against full marks, results
// computed on the server, and the live update another open grid refetches on.

describe.each(DIALECTS)('marks grid [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('shows the enrolled students × parts and saves cells with versions and results', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    const empty = (await s.t.client.get(s.marksUrl)).json();
    expect(empty.students.map((x: { name: string }) => x.name)).toEqual([
      'Anika Rahman',
      'Bristi Das',
      'Chayan Roy',
    ]);
    expect(empty.cells).toEqual([]);
    expect(empty.scale).toMatchObject({ mode: 'gpa', isDefault: true });
    expect(empty.results[0]).toMatchObject({ complete: false, gpa: null, position: null, obtained: 0 });

    // Anika: Bangla 85, Physics 40 + 20, Agriculture 90 (A+ fourth subject) → (5 + 5 + 3) / 2 capped 5.
    // Bristi: Bangla 72, Physics 30 + 15 (60 %, A-), Agriculture 45 (C, no bonus) → (4 + 3.5) / 2 = 3.75.
    // Chayan: Bangla 72, Physics 45 + 7 (MCQ below its pass marks: F) → GPA 0.
    const saved = await s.save(s.t.client, [
      s.cell(0, 'Bangla', 'total', 85),
      s.cell(0, 'Physics', 'cq', 40),
      s.cell(0, 'Physics', 'mcq', 20),
      s.cell(0, 'Agriculture', 'total', 90),
      s.cell(1, 'Bangla', 'total', 72),
      s.cell(1, 'Physics', 'cq', 30),
      s.cell(1, 'Physics', 'mcq', 15),
      s.cell(1, 'Agriculture', 'total', 45),
      s.cell(2, 'Bangla', 'total', 72),
      s.cell(2, 'Physics', 'cq', 45),
      s.cell(2, 'Physics', 'mcq', 7),
      s.cell(2, 'Agriculture', 'total', 99.5),
    ]);
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body.conflicts).toEqual([]);
    expect(body.saved).toHaveLength(12);
    expect(body.saved[0]).toMatchObject({ marks: 85, version: 1, updatedBy: s.t.input.name });
    expect(
      body.results.map((r: { gpa: number; letter: string; position: number }) => [
        r.gpa,
        r.letter,
        r.position,
      ]),
    ).toEqual([
      [5, 'A+', 1],
      [3.75, 'A-', 2],
      [0, 'F', 3],
    ]);
    expect(body.results[2]).toMatchObject({ passed: false, obtained: 223.5, fullMarks: 275 });
    const physics = body.results[2].subjects.find((x: { name: string }) => x.name === 'Physics');
    expect(physics).toMatchObject({ obtained: 52, percent: 69.33, letter: 'F', passed: false });

    const grid = (await s.t.client.get(s.marksUrl)).json();
    expect(grid.cells).toHaveLength(12);
    expect(grid.results).toEqual(body.results);
  });

  it('returns a cell someone else changed as a conflict with its value and who changed it; saves the rest', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    const assistant = await assistantWithGrant(ctx.deps, s.t.accountId, { classroomId: s.classroomId });
    const other = await clientFor(ctx.app, ctx.deps, assistant);
    await s.save(s.t.client, [s.cell(0, 'Bangla', 'total', 50)]);
    // Both read version 1; the assistant saves first.
    expect((await s.save(other, [s.cell(0, 'Bangla', 'total', 60, 1)])).json().conflicts).toEqual([]);
    const late = (
      await s.save(s.t.client, [s.cell(0, 'Bangla', 'total', 70, 1), s.cell(1, 'Bangla', 'total', 40)])
    ).json();
    expect(late.conflicts).toEqual([
      expect.objectContaining({
        studentId: s.students[0]!.id,
        marks: 60,
        version: 2,
        updatedBy: expect.stringMatching(/^Assistant/),
      }),
    ]);
    expect(late.saved).toEqual([
      expect.objectContaining({ studentId: s.students[1]!.id, marks: 40, version: 1 }),
    ]);
    // Saving again at the version the conflict reported wins.
    expect((await s.save(s.t.client, [s.cell(0, 'Bangla', 'total', 70, 2)])).json()).toMatchObject({
      conflicts: [],
      saved: [{ marks: 70, version: 3 }],
    });
    // Typing the value that is already there is no conflict, whatever version was read.
    expect((await s.save(other, [s.cell(0, 'Bangla', 'total', 70, 1)])).json()).toMatchObject({
      conflicts: [],
      saved: [{ marks: 70, version: 3 }],
    });
  });

  it('lets only one of two simultaneous saves of the same cell win', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    const assistant = await assistantWithGrant(ctx.deps, s.t.accountId);
    const other = await clientFor(ctx.app, ctx.deps, assistant);
    const answers = await Promise.all([
      s.save(s.t.client, [s.cell(0, 'Bangla', 'total', 55)]),
      s.save(other, [s.cell(0, 'Bangla', 'total', 66)]),
    ]);
    const bodies = answers.map((a) => a.json());
    expect(bodies.map((b) => b.saved.length).sort()).toEqual([0, 1]);
    expect(bodies.map((b) => b.conflicts.length).sort()).toEqual([0, 1]);
    const winner = bodies.find((b) => b.saved.length === 1)!.saved[0];
    const loser = bodies.find((b) => b.conflicts.length === 1)!.conflicts[0];
    expect(loser).toMatchObject({ marks: winner.marks, version: 1 });
  });

  it('refuses marks above the full marks, bad numbers and cells outside the grid, saving nothing', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    const above = await s.save(s.t.client, [
      s.cell(0, 'Bangla', 'total', 80),
      s.cell(1, 'Physics', 'mcq', 26),
    ]);
    expect(above.statusCode).toBe(400);
    expect(above.json().error).toEqual({
      code: 'ASSESSMENT_MARKS_ABOVE_FULL',
      message: 'Marks for Physics (MCQ) cannot be more than the full marks (25).',
      params: { subject: 'Physics (MCQ)', full: 25 },
    });
    const decimals = await s.save(s.t.client, [s.cell(0, 'Bangla', 'total', 33.333)]);
    expect(decimals.json().error.code).toBe('ASSESSMENT_MARKS_INVALID');
    const negative = await s.save(s.t.client, [s.cell(0, 'Bangla', 'total', -1)]);
    expect(negative.json().error.code).toBe('ASSESSMENT_MARKS_INVALID');
    const unknown = await s.save(s.t.client, [{ ...s.cell(0, 'Bangla', 'total', 10), partKey: 'cq' }]);
    expect(unknown.json().error.code).toBe('ASSESSMENT_CELL_UNKNOWN');
    const stranger = await signUp(ctx.app, ctx.deps);
    const notEnrolled = await s.save(s.t.client, [
      { ...s.cell(0, 'Bangla', 'total', 10), studentId: stranger.userId },
    ]);
    expect(notEnrolled.json().error.code).toBe('ASSESSMENT_CELL_UNKNOWN');
    expect((await s.t.client.get(s.marksUrl)).json().cells).toEqual([]);
  });

  it('keeps absent as 0 and a fail, and clears a cell', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    const body = (
      await s.save(s.t.client, [s.cell(0, 'Bangla', 'total', 12, 0, true), s.cell(1, 'Bangla', 'total', 50)])
    ).json();
    expect(body.saved[0]).toMatchObject({ absent: true, marks: null });
    expect(body.results[0].subjects[0]).toMatchObject({
      absent: true,
      obtained: 0,
      passed: false,
      letter: 'F',
    });
    const cleared = (await s.save(s.t.client, [s.cell(1, 'Bangla', 'total', null, 1)])).json();
    expect(cleared.saved[0]).toMatchObject({ marks: null, absent: false, version: 2 });
    expect(cleared.results[1].subjects[0]).toMatchObject({ complete: false, obtained: 0 });
  });

  it('tells the account’s open grids to refetch after a save, and nothing after a save that changed nothing', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    const events: LiveEvent[] = [];
    const stop = ctx.deps.events.subscribe([`account:${s.t.accountId}`], (e) => events.push(e));
    try {
      await s.save(s.t.client, [s.cell(0, 'Bangla', 'total', 50)]);
      await s.save(s.t.client, [s.cell(0, 'Bangla', 'total', 50, 1)]);
      await allDelivered(ctx.deps.events, `account:${s.t.accountId}`, events);
    } finally {
      stop();
    }
    const marks = events.filter((e) => e.type === 'assessments.marks');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({
      stale: [{ resource: 'assessments', params: { accountId: s.t.accountId } }],
      data: { assessmentId: s.assessment.id },
    });
  });

  it('shows the grid and takes marks only from staff who see the classroom', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    const viewer = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, s.t.accountId, { classroomId: s.classroomId }),
    );
    expect((await s.save(viewer, [s.cell(0, 'Bangla', 'total', 40)])).statusCode).toBe(200);
    const otherRoom = await createClassroom(s.t.client, s.t.accountId, { name: 'Class 10 Arts' });
    const elsewhere = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, s.t.accountId, { classroomId: otherRoom }),
    );
    expect((await elsewhere.get(s.marksUrl)).statusCode).toBe(404);
    expect((await s.save(elsewhere, [s.cell(0, 'Bangla', 'total', 41, 1)])).statusCode).toBe(404);
    const teacherB = await signUp(ctx.app, ctx.deps);
    expect((await teacherB.client.get(s.marksUrl)).statusCode).toBe(404);
    // Teacher B's own account path with A's assessment id: not found either.
    expect(
      (await teacherB.client.get(`/api/accounts/${teacherB.accountId}/assessments/${s.assessment.id}/marks`))
        .statusCode,
    ).toBe(404);
  });
});
