import { dayOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/test-deps';
import { useWorld } from '../../test/world';

// An assignment's marks into an assessment: the teacher's action makes one assessment in the
// assignment's classroom with the marks given (a student without a mark stays blank), and run
// again after a mark changed, updates the same assessment; nothing to send and another tenant
// are refused.

const HOUR = 3_600_000;

describe.each(DIALECTS)('assignment marks into an assessment [%s]', (dialect) => {
  const ctx = useWorld(dialect);

  it('makes the assessment once, then updates it with the changed marks', async () => {
    const { world, deps } = ctx;
    const teacher = await world.client('teacherA');
    const student = await world.client('studentA');
    const base = `/api/accounts/${world.accounts.A}/assignments`;
    const posted = await teacher.post(base, {
      title: 'Optics worksheet',
      classroomIds: [world.classrooms.A],
      // Due before the student joined: the assessment is held on the day the marks go in, so
      // they still count in it.
      dueAt: deps.clock.now() - HOUR,
      fullMarks: 20,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().id;
    const send = () => teacher.post(`${base}/${id}/assessment`, { term: 'Half-yearly 2026' });

    const early = await send();
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('ASSIGNMENT_NO_MARKS');

    await student.put(`/api/portal/students/${world.students.A}/assignments/${id}/submission`, {
      text: 'Done',
    });
    const markUrl = `${base}/${id}/submissions/${world.students.A}`;
    expect((await teacher.put(markUrl, { marks: 15 })).statusCode).toBe(200);

    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const [made] = first.json().assessments;
    expect(made).toMatchObject({ classroomId: world.classrooms.A, created: true, marked: 1 });
    const gridUrl = `/api/accounts/${world.accounts.A}/assessments/${made.assessmentId}/marks`;
    const grid = (await teacher.get(gridUrl)).json();
    expect(grid.assessment).toMatchObject({
      name: 'Optics worksheet',
      term: 'Half-yearly 2026',
      heldOn: dayOf(deps.clock.now()),
      fullMarks: 20,
    });
    expect(grid.assessment.subjects).toHaveLength(1);
    // Only the marked student has a cell; everyone else is left blank.
    expect(grid.cells.map((c: { studentId: string; marks: number }) => [c.studentId, c.marks])).toEqual([
      [world.students.A, 15],
    ]);

    expect((await teacher.put(markUrl, { marks: 18 })).statusCode).toBe(200);
    const again = await send();
    expect(again.json().assessments).toEqual([{ ...made, created: false }]);
    const after = (await teacher.get(gridUrl)).json();
    expect(after.cells.map((c: { marks: number }) => c.marks)).toEqual([18]);
    const listed = (
      await teacher.get(`/api/accounts/${world.accounts.A}/classrooms/${world.classrooms.A}/assessments`)
    ).json();
    expect(listed.assessments.filter((a: { name: string }) => a.name === 'Optics worksheet')).toHaveLength(1);

    const teacherB = await world.client('teacherB');
    expect((await teacherB.post(`${base}/${id}/assessment`, { term: 'X' })).statusCode).toBe(404);
  });
});
