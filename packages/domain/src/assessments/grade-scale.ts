import { type DomainError, domainError } from '../messages';

// Grade scales (research/integrations.md §7.1). A band gives the letter and grade
// point of every percentage from its `min` (a whole percent) up to the next band's min. The
// Bangladesh scale of SSC/HSC/JSC/PSC and school exams is the default; an account may replace it,
// or switch to 'percent' mode when the centre reports percentages only (no letters, no GPA).

export const GRADE_SCALE_MODES = ['gpa', 'percent'] as const;
export type GradeScaleMode = (typeof GRADE_SCALE_MODES)[number];

export interface GradeBand {
  /** The lowest whole percent of the band (inclusive). */
  readonly min: number;
  readonly letter: string;
  /** Grade point, two decimals. */
  readonly point: number;
}

export interface GradeScale {
  readonly mode: GradeScaleMode;
  /** Highest `min` first; the last band has min 0. */
  readonly bands: readonly GradeBand[];
}

/** 80–100 A+ 5.00 … 33–39 D 1.00, below 33 F 0.00 (research/integrations.md §7.1). */
export const BANGLADESH_GRADE_BANDS: readonly GradeBand[] = Object.freeze([
  { min: 80, letter: 'A+', point: 5 },
  { min: 70, letter: 'A', point: 4 },
  { min: 60, letter: 'A-', point: 3.5 },
  { min: 50, letter: 'B', point: 3 },
  { min: 40, letter: 'C', point: 2 },
  { min: 33, letter: 'D', point: 1 },
  { min: 0, letter: 'F', point: 0 },
]);

export const BANGLADESH_GRADE_SCALE: GradeScale = Object.freeze({
  mode: 'gpa',
  bands: BANGLADESH_GRADE_BANDS,
});

/** Limits of an account's own scale. */
export const GRADE_SCALE_LIMITS = { bands: 15, letter: 4, maxPoint: 10 } as const;

/** The bands highest first (the order every lookup relies on). */
export function sortBands(bands: readonly GradeBand[]): GradeBand[] {
  return [...bands].sort((a, b) => b.min - a.min);
}

/**
 * The band of `obtained` out of `full`, both in integer hundredths of a mark (or any common unit).
 * Compared exactly in integers, so 33 of 100 is D and 32.99 is F with no rounding in between.
 * `full` 0 counts as 0 %.
 */
export function bandOfMarks(scale: GradeScale, obtained: number, full: number): GradeBand {
  const bands = scale.bands;
  for (const band of bands) {
    if (full > 0 && obtained * 100 >= band.min * full) return band;
  }
  return bands[bands.length - 1]!;
}

/** The band of a percentage (0–100, may have decimals): the highest band whose min it reaches. */
export function bandOfPercent(scale: GradeScale, percent: number): GradeBand {
  for (const band of scale.bands) if (percent >= band.min) return band;
  return scale.bands[scale.bands.length - 1]!;
}

/**
 * The letter a GPA reads as: the highest band whose point the GPA reaches (5.00 → A+, 3.75 → A-,
 * 0 → F). Boards print GPA with this letter.
 */
export function letterOfGpa(scale: GradeScale, gpa: number): string {
  for (const band of scale.bands) if (gpa >= band.point) return band.letter;
  return scale.bands[scale.bands.length - 1]!.letter;
}

/** The failing point of a scale: a subject graded in a band with this point fails. */
export const FAIL_POINT = 0;

/** The highest point of the scale: the GPA cap (5.00 on the Bangladesh scale). */
export function maxPointOf(scale: GradeScale): number {
  return scale.bands.reduce((max, band) => Math.max(max, band.point), 0);
}

/**
 * Why an account's own scale cannot be used, or null: bands need distinct mins, one band from 0
 * (every percentage gets a grade), and points that never rise as the min falls.
 */
export function gradeScaleProblem(bands: readonly GradeBand[]): DomainError | null {
  const sorted = sortBands(bands);
  const mins = new Set(sorted.map((b) => b.min));
  if (mins.size !== sorted.length) return domainError('GRADE_SCALE_DUPLICATE_MIN');
  if (sorted.length === 0 || sorted[sorted.length - 1]!.min !== 0)
    return domainError('GRADE_SCALE_NEEDS_ZERO');
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i]!.point > sorted[i - 1]!.point) return domainError('GRADE_SCALE_POINTS_ORDER');
  }
  return null;
}
