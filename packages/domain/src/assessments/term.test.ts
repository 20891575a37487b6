import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BANGLADESH_GRADE_SCALE, type GradeScale } from './grade-scale';
import type { AssessmentSubject, MarkCell } from './marks';
import { assessmentResults } from './results';
import { classResults, type TermAssessment } from './term';

const BD = BANGLADESH_GRADE_SCALE;

const subject = (
  id: string,
  name: string,
  full = 100,
  pass = 33,
  kind: 'compulsory' | 'optional' = 'compulsory',
) =>
  ({
    id,
    name,
    kind,
    parts: [{ key: 'total', name: '', fullMarks: full, passMarks: pass }],
  }) satisfies AssessmentSubject;

const cell = (studentId: string, subjectId: string, marks: number | null, absent = false): MarkCell => ({
  studentId,
  subjectId,
  partKey: 'total',
  marks,
  absent,
});

describe('classResults (a term across assessments)', () => {
  const classTest: TermAssessment = {
    id: 'ct',
    weight: 20,
    subjects: [subject('ct-ban', 'Bangla', 20, 7), subject('ct-math', 'Math', 20, 7)],
    cells: [
      cell('a', 'ct-ban', 10),
      cell('a', 'ct-math', 20),
      cell('b', 'ct-ban', 4),
      cell('b', 'ct-math', 20),
    ],
  };
  const halfYearly: TermAssessment = {
    id: 'hy',
    weight: 80,
    subjects: [subject('hy-ban', ' bangla '), subject('hy-math', 'Math')],
    cells: [
      cell('a', 'hy-ban', 75),
      cell('a', 'hy-math', 80),
      cell('b', 'hy-ban', 40),
      cell('b', 'hy-math', 90),
    ],
  };

  it('weights the percentages of the same subject by name', () => {
    const [a] = classResults({ scale: BD, studentIds: ['a', 'b'], assessments: [classTest, halfYearly] });
    // Bangla: 0.2 × 50 % + 0.8 × 75 % = 70 % → A; Math: 0.2 × 100 + 0.8 × 80 = 84 → A+.
    expect(a!.subjects).toEqual([
      {
        name: 'Bangla',
        kind: 'compulsory',
        complete: true,
        percent: 70,
        letter: 'A',
        point: 4,
        passed: true,
      },
      { name: 'Math', kind: 'compulsory', complete: true, percent: 84, letter: 'A+', point: 5, passed: true },
    ]);
    expect(a).toMatchObject({ gpa: 4.5, letter: 'A', obtained: 185, fullMarks: 240, passed: true });
    // Term percentage: 0.2 × 75 % + 0.8 × 77.5 % = 77 %.
    expect(a!.percent).toBe(77);
  });

  it('a class test alone does not fail the term: the weighted percentage decides', () => {
    const [, b] = classResults({ scale: BD, studentIds: ['a', 'b'], assessments: [classTest, halfYearly] });
    // Bangla: failed the class test (4 of 20), 0.2 × 20 + 0.8 × 40 = 36 % → D, passes the term.
    expect(b!.assessments[0]!.result.subjects[0]).toMatchObject({ passed: false });
    expect(b!.subjects[0]).toMatchObject({ percent: 36, letter: 'D', passed: true });
    expect(b!.passed).toBe(true);
  });

  it('ranks the class on the term (positions) and keeps each assessment’s own positions', () => {
    const results = classResults({ scale: BD, studentIds: ['a', 'b'], assessments: [classTest, halfYearly] });
    expect(results.map((r) => r.position)).toEqual([1, 2]);
    // Per student: [class test, half-yearly].
    expect(results.map((r) => r.assessments.map((x) => x.result.position))).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('with one assessment equals that assessment’s result (property)', () => {
    const marks = fc.option(fc.integer({ min: 0, max: 100 }), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.tuple(marks, marks, fc.boolean()), { minLength: 1, maxLength: 8 }), (rows) => {
        const subjects = [subject('x', 'X'), subject('y', 'Y', 100, 33, 'optional'), subject('z', 'Z')];
        const studentIds = rows.map((_, i) => `s${i}`);
        const cells = rows.flatMap(([x, y, absent], i) => [
          cell(`s${i}`, 'x', x),
          cell(`s${i}`, 'y', y),
          cell(`s${i}`, 'z', absent ? null : 50, absent),
        ]);
        const one = assessmentResults({ subjects, studentIds, cells, scale: BD });
        const term = classResults({
          scale: BD,
          studentIds,
          assessments: [{ id: 'a', weight: 40, subjects, cells }],
        });
        term.forEach((t, i) => {
          const r = one[i]!;
          expect([t.percent, t.gpa, t.letter, t.passed, t.position, t.obtained]).toEqual([
            r.percent,
            r.gpa,
            r.letter,
            r.passed,
            r.position,
            r.obtained,
          ]);
        });
      }),
    );
  });

  it('stays incomplete (no GPA, no position) while any assessment misses a mark', () => {
    const open: TermAssessment = {
      ...halfYearly,
      cells: halfYearly.cells.filter((c) => c.subjectId !== 'hy-math' || c.studentId !== 'a'),
    };
    const [a, b] = classResults({ scale: BD, studentIds: ['a', 'b'], assessments: [classTest, open] });
    expect(a).toMatchObject({ complete: false, gpa: null, position: null, percent: null });
    expect(b).toMatchObject({ complete: true, position: 1 });
  });

  it("in 'percent' mode passes a subject on the weighted pass percentage", () => {
    const percent: GradeScale = { mode: 'percent', bands: BD.bands };
    const [, b] = classResults({
      scale: percent,
      studentIds: ['a', 'b'],
      assessments: [classTest, halfYearly],
    });
    // Bangla pass percentage: 0.2 × 35 % + 0.8 × 33 % = 33.4 %; b has 36 %.
    expect(b!.subjects[0]).toMatchObject({ percent: 36, letter: null, passed: true });
    expect(b).toMatchObject({ gpa: null, letter: null, passed: true });
  });
});
