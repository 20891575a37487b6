import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { reportFixture, TERM } from '../../test/report-cards';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// The staff's side of report cards: a card per student per term composed from
// the classroom's published assessments (unpublished ones never count), the term and assessment
// tables, the teacher's remark, and the attendance of the term when the classroom has marks.

describe.each(DIALECTS)('report cards [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('composes a card from the published assessments of the term: totals, weighted average, GPA, position', async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const base = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards`;
    const q = `term=${encodeURIComponent(TERM)}`;

    const terms = await f.t.client.get(`${base}/terms`);
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json().terms).toEqual([
      {
        term: TERM,
        lastHeldOn: '2026-06-20',
        assessments: [
          { id: f.classTest.id, name: 'Class test 1', heldOn: '2026-05-10', weight: 20 },
          { id: f.halfYearly.id, name: 'Half-yearly exam', heldOn: '2026-06-20', weight: 80 },
        ],
      },
    ]);

    const res = await f.t.client.get(`${base}/students/${f.asha.id}?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json();
    expect(card.institution.name).toBe('Udoy Coaching');
    expect(card.classroom).toMatchObject({
      id: f.classroomId,
      name: 'Physics A',
      teacherName: 'Nasrin Sultana',
    });
    expect(card.student).toMatchObject({ id: f.asha.id, name: 'Asha Akter' });
    expect(card.mode).toBe('gpa');
    // 70 of 100 and 245 of 300; 20 % × 70 % + 80 % × 81.67 % = 79.33 %; GPA (5 + 5 + 4 − 2) ÷ 2 capped.
    expect(card.overview).toMatchObject({
      obtained: 315,
      fullMarks: 400,
      complete: true,
      percent: 79.33,
      gpa: 5,
      letter: 'A+',
      passed: true,
      position: 1,
      classSize: 2,
    });
    expect(card.overview.subjects).toEqual([
      {
        name: 'Bangla',
        kind: 'compulsory',
        complete: true,
        percent: 80,
        letter: 'A+',
        point: 5,
        passed: true,
      },
      { name: 'Math', kind: 'compulsory', complete: true, percent: 84, letter: 'A+', point: 5, passed: true },
      {
        name: 'Higher Math',
        kind: 'optional',
        complete: true,
        percent: 75,
        letter: 'A',
        point: 4,
        passed: true,
      },
    ]);
    // The class average is of the complete results: Asha 79.33 % and Bilal 42.33 %.
    expect(card.average).toEqual({ classPercent: 60.83, highestPercent: 79.33 });
    // The unpublished test is not on the card.
    expect(card.assessments.map((a: { name: string }) => a.name)).toEqual([
      'Class test 1',
      'Half-yearly exam',
    ]);
    const [ct, hy] = card.assessments;
    // Bangla 80 % (A+ 5), Math 60 % (A- 3.5): GPA 4.25, behind nobody (Chayan 4.00, Bilal 2.50).
    expect(ct).toMatchObject({
      obtained: 70,
      fullMarks: 100,
      percent: 70,
      gpa: 4.25,
      letter: 'A',
      position: 1,
    });
    expect(hy).toMatchObject({
      obtained: 245,
      fullMarks: 300,
      percent: 81.67,
      gpa: 5,
      position: 1,
      weight: 80,
    });
    expect(hy.subjects[0]).toMatchObject({
      name: 'Bangla',
      obtained: 80,
      fullMarks: 100,
      letter: 'A+',
      parts: [
        { key: 'cq', name: 'CQ', fullMarks: 70, passMarks: 23, marks: 56, absent: false },
        { key: 'mcq', name: 'MCQ', fullMarks: 30, passMarks: 10, marks: 24, absent: false },
      ],
    });
    expect(card.attendance).toBeNull();
    expect(card.remark).toBeNull();
    expect(card.acknowledgedAt).toBeNull();

    // A compulsory F makes the GPA 0.00; passed students rank first.
    const bilal = (await f.t.client.get(`${base}/students/${f.bilal.id}?${q}`)).json();
    expect(bilal.overview).toMatchObject({ percent: 42.33, gpa: 0, letter: 'F', passed: false, position: 2 });
    expect(bilal.overview.subjects[1]).toMatchObject({
      name: 'Math',
      percent: 24,
      letter: 'F',
      passed: false,
    });
    // Missing marks: no grade, no GPA, no position yet; an absent part shows as absent.
    const chayan = (await f.t.client.get(`${base}/students/${f.chayan.id}?${q}`)).json();
    expect(chayan.overview).toMatchObject({ complete: false, percent: null, gpa: null, position: null });
    expect(chayan.assessments[1].subjects[2].parts[0]).toMatchObject({ marks: null, absent: true });

    // The term table: a row per student with each assessment and subject, and each card's status.
    const table = (await f.t.client.get(`${base}?${q}`)).json();
    expect(table.assessments.map((a: { id: string }) => a.id)).toEqual([f.classTest.id, f.halfYearly.id]);
    expect(table.subjects).toEqual([
      { name: 'Bangla', kind: 'compulsory' },
      { name: 'Math', kind: 'compulsory' },
      { name: 'Higher Math', kind: 'optional' },
    ]);
    expect(
      table.rows.map((r: { name: string; position: number | null; gpa: number | null }) => [
        r.name,
        r.position,
        r.gpa,
      ]),
    ).toEqual([
      ['Asha Akter', 1, 5],
      ['Bilal Hossain', 2, 0],
      ['Chayan Das', null, null],
    ]);
    expect(table.rows[0].assessments[0]).toMatchObject({
      assessmentId: f.classTest.id,
      gpa: 4.25,
      position: 1,
    });
    expect(table.rows[0].status).toEqual({
      liveLinks: 0,
      lastOpenedAt: null,
      acknowledgedAt: null,
      feedback: 0,
      unreadFeedback: 0,
      remark: false,
    });

    // One assessment's table: students × subjects and parts.
    const one = (await f.t.client.get(`${base}/assessments/${f.classTest.id}`)).json();
    expect(one.assessment).toMatchObject({ id: f.classTest.id, name: 'Class test 1' });
    expect(one.subjects.map((s: { name: string; fullMarks: number }) => [s.name, s.fullMarks])).toEqual([
      ['Bangla', 50],
      ['Math', 50],
    ]);
    expect(
      one.rows.map((r: { name: string; position: number; obtained: number }) => [
        r.name,
        r.obtained,
        r.position,
      ]),
    ).toEqual([
      ['Asha Akter', 70, 1],
      ['Bilal Hossain', 45, 3],
      ['Chayan Das', 70, 2],
    ]);
    // An unpublished assessment has no table, and a term without results is said to have none.
    expect((await f.t.client.get(`${base}/assessments/${f.draft.id}`)).statusCode).toBe(404);
    const none = await f.t.client.get(`${base}?term=Annual%202026`);
    expect([none.statusCode, none.json().error.code]).toEqual([404, 'REPORT_TERM_NOT_FOUND']);
  }, 60_000);

  it("keeps the teacher's remark on the card; an empty one removes it", async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const base = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards`;
    const url = `${base}/students/${f.asha.id}`;
    const saved = await f.t.client.put(`${url}/remark`, {
      term: TERM,
      remark: '  Excellent work; keep reading.  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ text: 'Excellent work; keep reading.' });
    const card = (await f.t.client.get(`${url}?term=${encodeURIComponent(TERM)}`)).json();
    expect(card.remark.text).toBe('Excellent work; keep reading.');
    const table = (await f.t.client.get(`${base}?term=${encodeURIComponent(TERM)}`)).json();
    expect(table.rows[0].status.remark).toBe(true);

    const removed = await f.t.client.put(`${url}/remark`, { term: TERM, remark: '' });
    expect([removed.statusCode, removed.json()]).toEqual([200, null]);
    expect((await f.t.client.get(`${url}?term=${encodeURIComponent(TERM)}`)).json().remark).toBeNull();

    const long = await f.t.client.put(`${url}/remark`, { term: TERM, remark: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
  }, 60_000);

  it("shows the term's attendance when the classroom has marks, and nothing otherwise", async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const db = ctx.deps.db.kysely;
    const mark = (studentId: string, date: string, status: 'present' | 'late' | 'absent' | 'leave') => ({
      classroom_id: f.classroomId,
      student_id: studentId,
      session_date: date,
      session_start: '16:00',
      status,
      source: 'roll-call' as const,
      marked_by: f.t.userId,
      marked_at: ctx.deps.clock.now(),
    });
    // Everyone joined before the term (a held session before joining would not count).
    await db
      .updateTable('enrolments')
      .set({ accepted_at: Date.parse('2026-04-01T00:00:00Z') })
      .where('classroom_id', '=', f.classroomId)
      .execute();
    await db
      .insertInto('attendance_marks')
      .values([
        mark(f.asha.id, '2026-05-03', 'present'),
        mark(f.asha.id, '2026-05-05', 'late'),
        mark(f.asha.id, '2026-05-07', 'leave'),
        mark(f.bilal.id, '2026-05-09', 'present'),
        // After the term's last exam: not counted.
        mark(f.asha.id, '2026-07-01', 'absent'),
      ])
      .execute();
    const url = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards/students`;
    const asha = (await f.t.client.get(`${url}/${f.asha.id}?term=${encodeURIComponent(TERM)}`)).json();
    // Held sessions: 3rd, 5th, 7th and 9th May; Asha was not marked on the 9th, which counts as absent.
    expect(asha.attendance).toEqual({
      from: '2026-05-03',
      to: '2026-06-20',
      sessions: 4,
      present: 1,
      late: 1,
      absent: 1,
      leave: 1,
      percent: 66.67,
    });
    const chayan = (await f.t.client.get(`${url}/${f.chayan.id}?term=${encodeURIComponent(TERM)}`)).json();
    expect(chayan.attendance).toBeNull();
  }, 60_000);

  it("is another institution's business: its cards, tables and feedback are not found", async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const other = await signUp(ctx.app, ctx.deps);
    const base = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards`;
    const q = `term=${encodeURIComponent(TERM)}`;
    for (const url of [
      `${base}?${q}`,
      `${base}/terms`,
      `${base}/students/${f.asha.id}?${q}`,
      `${base}/feedback?${q}`,
      `${base}/assessments/${f.classTest.id}`,
    ]) {
      expect((await other.client.get(url)).statusCode, url).toBe(404);
    }
    // Its own account id with this classroom: still not found.
    const mixed = `/api/accounts/${other.accountId}/classrooms/${f.classroomId}/report-cards?${q}`;
    expect((await other.client.get(mixed)).statusCode).toBe(404);
  }, 60_000);
});
