import { describe, expect, it } from 'vitest';
import { classroomWithStudent, uniquePhone } from '../../test/factories';
import { multipartFile } from '../../test/http';
import { DIALECTS } from '../../test/test-deps';
import { useWorld } from '../../test/world';

// Online assignments over HTTP: a student hands in (late work flagged), the teacher marks and
// comments, the family sees it; students of other classrooms and other tenants are refused, and
// a parent only reads.

const HOUR = 3_600_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(DIALECTS)('online assignments [%s]', (dialect) => {
  const ctx = useWorld(dialect);
  const base = () => `/api/accounts/${ctx.world.accounts.A}/assignments`;
  const family = (studentId = ctx.world.students.A) => `/api/portal/students/${studentId}/assignments`;

  async function post(dueIn: number, extra: object = {}) {
    const teacher = await ctx.world.client('teacherA');
    const res = await teacher.post(base(), {
      title: 'Newton’s laws',
      instructions: 'Answer questions 1 to 5.',
      classroomIds: [ctx.world.classrooms.A],
      dueAt: ctx.deps.clock.now() + dueIn,
      fullMarks: 10,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; counts: Record<string, number> };
  }

  it('takes a submission on time, replaces it until marked, and shows the marks to the family', async () => {
    const assignment = await post(HOUR);
    expect(assignment.counts.pending).toBe(1);
    const student = await ctx.world.client('studentA');
    const listed = (await student.get(family())).json();
    expect(listed.canSubmit).toBe(true);
    expect(listed.assignments.map((a: { id: string; status: string }) => [a.id, a.status])).toContainEqual([
      assignment.id,
      'pending',
    ]);

    const submitUrl = `${family()}/${assignment.id}/submission`;
    expect((await student.put(submitUrl, {})).json().error.code).toBe('ASSIGNMENT_SUBMISSION_EMPTY');
    const first = await student.put(submitUrl, { text: 'First try' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('submitted');

    const upload = await student.request({
      method: 'POST',
      url: `/api/portal/students/${ctx.world.students.A}/assignment-files`,
      ...(await multipartFile('file', 'answer.png', 'image/png', PNG)),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const again = await student.put(submitUrl, { text: 'Second try', file: upload.json() });
    expect(again.json().submission).toMatchObject({ text: 'Second try', file: { name: 'answer.png' } });

    const teacher = await ctx.world.client('teacherA');
    const roster = (await teacher.get(`${base()}/${assignment.id}`)).json();
    expect(roster.students).toEqual([
      expect.objectContaining({ studentId: ctx.world.students.A, status: 'submitted' }),
    ]);
    const markUrl = `${base()}/${assignment.id}/submissions/${ctx.world.students.A}`;
    expect((await teacher.put(markUrl, { marks: 11 })).json().error.code).toBe('ASSIGNMENT_MARKS_TOO_HIGH');
    expect((await teacher.put(markUrl, { marks: 8, comment: 'Good work' })).statusCode).toBe(200);

    const parent = await ctx.world.client('parentA');
    const seen = (await parent.get(family())).json();
    expect(seen.canSubmit).toBe(false);
    expect(seen.assignments.find((a: { id: string }) => a.id === assignment.id)).toMatchObject({
      status: 'marked',
      submission: { marks: 8, comment: 'Good work', text: 'Second try' },
    });
    const locked = await student.put(submitUrl, { text: 'Third try' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('ASSIGNMENT_ALREADY_MARKED');
  });

  it('marks a submission after the due time late, and refuses it once late work is closed', async () => {
    const open = await post(-HOUR);
    const closed = await post(-HOUR, { acceptLate: false });
    const student = await ctx.world.client('studentA');
    const listed = (await student.get(family())).json();
    expect(listed.assignments.find((a: { id: string }) => a.id === open.id).status).toBe('missing');
    // A parent sees what is due, then what is missing, above the work handed in.
    const due = await post(HOUR);
    const parent = await ctx.world.client('parentA');
    // The world is shared by this file's tests: only this test's assignments are looked at.
    const mine = [open.id, closed.id, due.id];
    const parentOrder = async () =>
      (await parent.get(family()))
        .json()
        .assignments.filter((a: { id: string }) => mine.includes(a.id))
        .map((a: { id: string; status: string }) => [a.id, a.status]);
    const before = await parentOrder();
    expect(before[0]).toEqual([due.id, 'pending']);
    expect(before.slice(1).map((a: string[]) => a[1])).toEqual(['missing', 'missing']);

    const late = await student.put(`${family()}/${open.id}/submission`, { text: 'Sorry, late' });
    expect(late.json().status).toBe('late');
    expect(await parentOrder()).toEqual([
      [due.id, 'pending'],
      [closed.id, 'missing'],
      [open.id, 'late'],
    ]);
    const refused = await student.put(`${family()}/${closed.id}/submission`, { text: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ASSIGNMENT_CLOSED');

    const teacher = await ctx.world.client('teacherA');
    const list = (await teacher.get(`${base()}?classroomId=${ctx.world.classrooms.A}`)).json();
    const counts = Object.fromEntries(
      list.assignments.map((a: { id: string; counts: object }) => [a.id, a.counts]),
    );
    expect(counts[open.id]).toMatchObject({ late: 1, missing: 0 });
    expect(counts[closed.id]).toMatchObject({ missing: 1 });
  });

  it("refuses another classroom's student, another tenant, and a parent handing in", async () => {
    const assignment = await post(HOUR);
    const other = await classroomWithStudent(ctx.deps, ctx.world.accounts.A, {
      name: 'Other Classroom Student',
      phone: uniquePhone(),
    });
    const teacher = await ctx.world.client('teacherA');
    const markOther = await teacher.put(`${base()}/${assignment.id}/submissions/${other.studentId}`, {
      marks: 5,
    });
    expect(markOther.statusCode).toBe(404);
    const roster = (await teacher.get(`${base()}/${assignment.id}`)).json();
    expect(roster.students.map((s: { studentId: string }) => s.studentId)).not.toContain(other.studentId);

    // Student A reaches only their own record: another student's path is not found.
    const student = await ctx.world.client('studentA');
    const elsewhere = await student.put(`${family(other.studentId)}/${assignment.id}/submission`, {
      text: 'x',
    });
    expect(elsewhere.statusCode).toBe(404);

    const teacherB = await ctx.world.client('teacherB');
    expect((await teacherB.get(`${base()}/${assignment.id}`)).statusCode).toBe(404);
    const intoB = await teacher.post(base(), {
      title: 'Into B',
      classroomIds: [ctx.world.classrooms.B],
      dueAt: ctx.deps.clock.now() + HOUR,
      fullMarks: 5,
    });
    expect(intoB.statusCode).toBe(404);
    expect((await student.get(family(ctx.world.students.B))).statusCode).toBe(404);

    const parent = await ctx.world.client('parentA');
    const byParent = await parent.put(`${family()}/${assignment.id}/submission`, { text: 'Parent writes' });
    expect(byParent.statusCode).toBe(403);
    const after = (await parent.get(family())).json();
    expect(after.assignments.find((a: { id: string }) => a.id === assignment.id).submission).toBeNull();
  });
});
