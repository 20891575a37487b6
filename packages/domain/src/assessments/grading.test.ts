import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANGLADESH_GRADE_SCALE,
  bandOfMarks,
  bandOfPercent,
  type GradeScale,
  gradeScaleProblem,
  letterOfGpa,
} from './grade-scale';
import type { AssessmentSubject, MarkCell } from './marks';
import { markProblem, toHundredths } from './marks';
import { rankPositions } from './positions';
import { assessmentResults, gpaOf, subjectResult } from './results';

// Grading rules of the report cards capability (research/integrations.md §7): boundaries, the compulsory-F rule, the
// fourth-subject rule, the cap, positions with ties.

const BD = BANGLADESH_GRADE_SCALE;
const letter = (percent: number) => bandOfMarks(BD, toHundredths(percent), 10_000).letter;

describe('Bangladesh grade boundaries', () => {
  it.each([
    [32, 'F'],
    [33, 'D'],
    [39, 'D'],
    [40, 'C'],
    [49, 'C'],
    [50, 'B'],
    [59, 'B'],
    [60, 'A-'],
    [69, 'A-'],
    [70, 'A'],
    [79, 'A'],
    [80, 'A+'],
    [100, 'A+'],
    [0, 'F'],
  ])('%s of 100 is %s', (marks, expected) => {
    expect(letter(marks)).toBe(expected);
  });

  it('never rounds a fraction up across a boundary (32.99 is F, 79.99 is A)', () => {
    expect(letter(32.99)).toBe('F');
    expect(letter(79.99)).toBe('A');
    // The same percentage out of other full marks: 16.5 of 50 is 33 %.
    expect(bandOfMarks(BD, 1650, 5000).letter).toBe('D');
    expect(bandOfMarks(BD, 1649, 5000).letter).toBe('F');
  });

  it('each boundary: just below is the lower band, the boundary itself the higher (any full marks)', () => {
    const mins = [33, 40, 50, 60, 70, 80];
    fc.assert(
      fc.property(fc.constantFrom(...mins), fc.integer({ min: 1, max: 100_000 }), (min, fullH) => {
        // The smallest obtained (hundredths) reaching min %: ceil(min × full / 100).
        const at = Math.ceil((min * fullH) / 100);
        if (at > fullH) return;
        // Reaches the band (a tiny full mark may jump further: 1 of 1 is 100 %).
        expect(bandOfMarks(BD, at, fullH).min).toBeGreaterThanOrEqual(min);
        if (fullH >= 1000) expect(bandOfMarks(BD, at, fullH).min).toBe(min);
        if (at > 0) expect(bandOfMarks(BD, at - 1, fullH).min).toBeLessThan(min);
      }),
    );
  });

  it('a higher score never gets a lower point (monotone)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(bandOfMarks(BD, hi, 10_000).point).toBeGreaterThanOrEqual(bandOfMarks(BD, lo, 10_000).point);
      }),
    );
  });

  it('shows the percentage half up but grades on the exact marks (32.995 % shows 33 %, still F)', () => {
    const subject: AssessmentSubject = {
      id: 's',
      name: 'Math',
      kind: 'compulsory',
      parts: [{ key: 'w', name: 'Written', fullMarks: 200, passMarks: 0 }],
    };
    const of = (marks: number) => subjectResult(subject, new Map([['w', { marks, absent: false }]]), BD);
    expect(of(65.99)).toMatchObject({ percent: 33, letter: 'F', passed: false });
    expect(of(66)).toMatchObject({ percent: 33, letter: 'D', passed: true });
    expect(bandOfPercent(BD, 33).letter).toBe('D');
  });

  it('reads the letter of a GPA', () => {
    expect(letterOfGpa(BD, 5)).toBe('A+');
    expect(letterOfGpa(BD, 4.99)).toBe('A');
    expect(letterOfGpa(BD, 3.5)).toBe('A-');
    expect(letterOfGpa(BD, 1)).toBe('D');
    expect(letterOfGpa(BD, 0)).toBe('F');
  });

  it('refuses scales without a band from 0, with a repeated min, or with points rising downwards', () => {
    expect(gradeScaleProblem(BD.bands)).toBeNull();
    expect(gradeScaleProblem([{ min: 40, letter: 'P', point: 1 }])?.code).toBe('GRADE_SCALE_NEEDS_ZERO');
    expect(
      gradeScaleProblem([
        { min: 0, letter: 'F', point: 0 },
        { min: 0, letter: 'E', point: 0 },
      ])?.code,
    ).toBe('GRADE_SCALE_DUPLICATE_MIN');
    expect(
      gradeScaleProblem([
        { min: 50, letter: 'P', point: 1 },
        { min: 0, letter: 'F', point: 2 },
      ])?.code,
    ).toBe('GRADE_SCALE_POINTS_ORDER');
  });
});

const POINTS = [5, 4, 3.5, 3, 2, 1] as const;
const passing = fc.constantFrom(...POINTS);
const anyPoint = fc.constantFrom(...POINTS, 0);

describe('GPA', () => {
  it('is the mean of compulsory points, two decimals, never above 5.00', () => {
    fc.assert(
      fc.property(fc.array(passing, { minLength: 1, maxLength: 12 }), (points) => {
        const result = gpaOf(
          points.map((point) => ({ kind: 'compulsory' as const, point, passed: true })),
          BD,
        );
        const mean = points.reduce((a, b) => a + b, 0) / points.length;
        expect(result?.passed).toBe(true);
        expect(result!.gpa).toBeCloseTo(Math.round(mean * 100) / 100, 10);
        expect(result!.gpa).toBeLessThanOrEqual(5);
        expect(Math.abs(result!.gpa * 100 - Math.round(result!.gpa * 100))).toBeLessThan(1e-9);
      }),
    );
  });

  it('is 0 ("Fail") with any F in a compulsory subject, whatever the others and the optional subject', () => {
    fc.assert(
      fc.property(
        fc.array(anyPoint, { minLength: 0, maxLength: 10 }),
        fc.integer({ min: 0, max: 10 }),
        anyPoint,
        (points, at, optional) => {
          const subjects = points.map((point) => ({ kind: 'compulsory' as const, point, passed: point > 0 }));
          subjects.splice(Math.min(at, subjects.length), 0, { kind: 'compulsory', point: 0, passed: false });
          const result = gpaOf(
            [...subjects, { kind: 'optional', point: optional, passed: optional > 0 }],
            BD,
          );
          expect(result).toEqual({ gpa: 0, passed: false });
        },
      ),
    );
  });

  it('adds only the optional subject’s points above 2.00, over the compulsory count', () => {
    fc.assert(
      fc.property(fc.array(passing, { minLength: 1, maxLength: 10 }), anyPoint, (points, optional) => {
        const compulsory = points.map((point) => ({ kind: 'compulsory' as const, point, passed: true }));
        const without = gpaOf(compulsory, BD)!.gpa;
        const withOptional = gpaOf(
          [...compulsory, { kind: 'optional', point: optional, passed: optional > 0 }],
          BD,
        )!;
        const bonus = Math.max(0, optional - 2);
        const expected = Math.min(
          5,
          Math.round(((points.reduce((a, b) => a + b, 0) + bonus) / points.length) * 100) / 100,
        );
        expect(withOptional.passed).toBe(true);
        expect(withOptional.gpa).toBeCloseTo(expected, 10);
        // C, D or F in the optional subject changes nothing; it never lowers the GPA.
        if (optional <= 2) expect(withOptional.gpa).toBe(without);
        expect(withOptional.gpa).toBeGreaterThanOrEqual(without);
      }),
    );
  });

  it('caps at 5.00 (A+ everywhere plus an A+ fourth subject)', () => {
    const subjects = [5, 5, 5].map((point) => ({ kind: 'compulsory' as const, point, passed: true }));
    expect(gpaOf([...subjects, { kind: 'optional', point: 5, passed: true }], BD)).toEqual({
      gpa: 5,
      passed: true,
    });
    // 4, 4, 4 with an A+ fourth: (12 + 3) / 3 = 5.00 exactly; with 3 compulsory A-: (10.5 + 3) / 3 = 4.5.
    const fours = [4, 4, 4].map((point) => ({ kind: 'compulsory' as const, point, passed: true }));
    expect(gpaOf([...fours, { kind: 'optional', point: 5, passed: true }], BD)?.gpa).toBe(5);
    const five = [4, 5, 5].map((point) => ({ kind: 'compulsory' as const, point, passed: true }));
    expect(gpaOf([...five, { kind: 'optional', point: 5, passed: true }], BD)?.gpa).toBe(5);
  });

  it('rounds half up to two decimals: 5, 4, 4 → 4.33; 5, 5, 4 → 4.67', () => {
    const gpa = (points: number[]) =>
      gpaOf(
        points.map((point) => ({ kind: 'compulsory' as const, point, passed: true })),
        BD,
      )?.gpa;
    expect(gpa([5, 4, 4])).toBe(4.33);
    expect(gpa([5, 5, 4])).toBe(4.67);
    expect(gpa([3.5, 3, 3])).toBe(3.17);
  });
});

const single = (id: string, kind: 'compulsory' | 'optional' = 'compulsory'): AssessmentSubject => ({
  id,
  name: id,
  kind,
  parts: [{ key: 'total', name: '', fullMarks: 100, passMarks: 33 }],
});

describe('subject results', () => {
  const physics: AssessmentSubject = {
    id: 'phy',
    name: 'Physics',
    kind: 'compulsory',
    parts: [
      { key: 'cq', name: 'CQ', fullMarks: 50, passMarks: 17 },
      { key: 'mcq', name: 'MCQ', fullMarks: 25, passMarks: 8 },
      { key: 'prac', name: 'Practical', fullMarks: 25, passMarks: 8 },
    ],
  };
  const parts = (cq: number | null, mcq: number | null, prac: number | null, absent: string[] = []) =>
    new Map(
      Object.entries({ cq, mcq, prac }).map(([key, marks]) => [key, { marks, absent: absent.includes(key) }]),
    );

  it('passes when every part reaches its pass marks', () => {
    expect(subjectResult(physics, parts(40, 20, 20), BD)).toMatchObject({
      obtained: 80,
      fullMarks: 100,
      percent: 80,
      letter: 'A+',
      point: 5,
      passed: true,
      complete: true,
    });
  });

  it('fails (F, 0) when one part is below its pass marks, however high the total', () => {
    expect(subjectResult(physics, parts(50, 7, 25), BD)).toMatchObject({
      percent: 82,
      letter: 'F',
      point: 0,
      passed: false,
    });
  });

  it('fails an absent part (counted 0)', () => {
    expect(subjectResult(physics, parts(50, null, 25, ['mcq']), BD)).toMatchObject({
      obtained: 75,
      complete: true,
      absent: false,
      passed: false,
      letter: 'F',
    });
    expect(subjectResult(physics, parts(null, null, null, ['cq', 'mcq', 'prac']), BD)).toMatchObject({
      absent: true,
      passed: false,
    });
  });

  it('is incomplete (no grade) while a part is empty, but counts what is entered', () => {
    expect(subjectResult(physics, parts(40, null, 20), BD)).toMatchObject({
      obtained: 60,
      complete: false,
      percent: null,
      letter: null,
      passed: null,
    });
  });

  it("in 'percent' mode gives percentages and pass by the pass marks, no letters", () => {
    const percent: GradeScale = { mode: 'percent', bands: BD.bands };
    expect(subjectResult(physics, parts(10, 10, 10), percent)).toMatchObject({
      percent: 30,
      letter: null,
      point: null,
      passed: false,
    });
    expect(subjectResult(physics, parts(17, 8, 8), percent)).toMatchObject({ percent: 33, passed: true });
  });

  it('passes exactly at the pass marks, fails a hundredth below (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 100 }), (fullH, share) => {
        const passH = Math.floor((fullH * share) / 100);
        const subject: AssessmentSubject = {
          id: 's',
          name: 's',
          kind: 'compulsory',
          parts: [{ key: 'total', name: '', fullMarks: fullH / 100, passMarks: passH / 100 }],
        };
        const percent: GradeScale = { mode: 'percent', bands: BD.bands };
        const at = subjectResult(
          subject,
          new Map([['total', { marks: passH / 100, absent: false }]]),
          percent,
        );
        expect(at.passed).toBe(true);
        if (passH > 0) {
          const below = subjectResult(
            subject,
            new Map([['total', { marks: (passH - 1) / 100, absent: false }]]),
            percent,
          );
          expect(below.passed).toBe(false);
        }
      }),
    );
  });

  it('checks marks against the full marks', () => {
    const part = physics.parts[1]!;
    expect(markProblem(25, part, 'Physics')).toBeNull();
    expect(markProblem(25.01, part, 'Physics')?.code).toBe('ASSESSMENT_MARKS_ABOVE_FULL');
    expect(markProblem(-1, part, 'Physics')?.code).toBe('ASSESSMENT_MARKS_INVALID');
    expect(markProblem(3.333, part, 'Physics')?.code).toBe('ASSESSMENT_MARKS_INVALID');
    expect(markProblem(26, part, 'Physics')?.message).toBe(
      'Marks for Physics (MCQ) cannot be more than the full marks (25).',
    );
  });
});

describe('positions', () => {
  it('ties share a position and the next one skips: 1, 2, 2, 4', () => {
    const positions = rankPositions([
      { key: 'd', passed: true, gpa: 3, percent: 50, obtained: 300 },
      { key: 'a', passed: true, gpa: 5, percent: 90, obtained: 540 },
      { key: 'b', passed: true, gpa: 4, percent: 75, obtained: 450 },
      { key: 'c', passed: true, gpa: 4, percent: 75, obtained: 450 },
    ]);
    expect(Object.fromEntries(positions)).toEqual({ a: 1, b: 2, c: 2, d: 4 });
  });

  it('orders by passed, then GPA, then percentage, then marks', () => {
    const positions = rankPositions([
      { key: 'failed-high', passed: false, gpa: 0, percent: 95, obtained: 570 },
      { key: 'low-gpa-high-marks', passed: true, gpa: 4, percent: 85, obtained: 510 },
      { key: 'high-gpa', passed: true, gpa: 4.5, percent: 70, obtained: 420 },
      { key: 'same-gpa-more-marks', passed: true, gpa: 4, percent: 86, obtained: 516 },
    ]);
    expect(Object.fromEntries(positions)).toEqual({
      'high-gpa': 1,
      'same-gpa-more-marks': 2,
      'low-gpa-high-marks': 3,
      'failed-high': 4,
    });
  });

  it('property: position = 1 + the number strictly better; equal rows share it', () => {
    const row = fc.record({
      passed: fc.boolean(),
      gpa: fc.constantFrom(0, 3, 4, 5),
      percent: fc.constantFrom(40, 60, 80),
      obtained: fc.constantFrom(240, 360, 480),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const keyed = rows.map((r, i) => ({ ...r, key: `s${i}` }));
        const positions = rankPositions(keyed);
        const better = (a: (typeof keyed)[number], b: (typeof keyed)[number]) =>
          a.passed !== b.passed
            ? a.passed
            : a.gpa !== b.gpa
              ? a.gpa > b.gpa
              : a.percent !== b.percent
                ? a.percent > b.percent
                : a.obtained > b.obtained;
        for (const r of keyed) {
          expect(positions.get(r.key)).toBe(1 + keyed.filter((o) => better(o, r)).length);
        }
      }),
    );
  });

  it('ranks only complete students in a class (incomplete keep no position)', () => {
    const subjects = [single('ban'), single('eng')];
    const cells: MarkCell[] = [
      { studentId: 'a', subjectId: 'ban', partKey: 'total', marks: 80, absent: false },
      { studentId: 'a', subjectId: 'eng', partKey: 'total', marks: 70, absent: false },
      { studentId: 'b', subjectId: 'ban', partKey: 'total', marks: 70, absent: false },
      { studentId: 'b', subjectId: 'eng', partKey: 'total', marks: 80, absent: false },
      { studentId: 'c', subjectId: 'ban', partKey: 'total', marks: 95, absent: false },
      { studentId: 'd', subjectId: 'ban', partKey: 'total', marks: 20, absent: false },
      { studentId: 'd', subjectId: 'eng', partKey: 'total', marks: 99, absent: false },
    ];
    const results = assessmentResults({ subjects, studentIds: ['a', 'b', 'c', 'd'], cells, scale: BD });
    expect(results.map((r) => [r.studentId, r.gpa, r.position])).toEqual([
      ['a', 4.5, 1],
      ['b', 4.5, 1],
      ['c', null, null],
      ['d', 0, 3],
    ]);
    expect(results[3]).toMatchObject({ passed: false, letter: 'F', obtained: 119, percent: 59.5 });
  });
});
