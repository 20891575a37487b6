// One rule for every percentage the product shows (marks grid, report cards and their tables,
// attendance registers and calendars, result SMS): two decimal places, rounded half up, computed
// exactly from the ratio so that binary fractions never tip a half down (60.5 of 75 is
// 80.6666… → 80.67; 1 of 8 is 12.5 → 12.5; 1 of 20 000 is 0.005 → 0.01).
//
// Grades are not read from the shown figure: a band is reached by the exact marks
// (assessments/grade-scale.ts bandOfMarks), so 32.996 % shows as 33 % and still grades F.

/** Decimal places of every shown percentage. */
export const PERCENT_DECIMALS = 2;

const SCALE = 10n ** BigInt(PERCENT_DECIMALS);

/** A finite number as an exact fraction of integers (a decimal literal such as 60.5 is 605/10). */
function exactFraction(value: number | bigint): { num: bigint; den: bigint } {
  if (typeof value === 'bigint') return { num: value, den: 1n };
  if (Number.isInteger(value)) return { num: BigInt(value), den: 1n };
  // The shortest decimal that reads back as this number: what was typed or stored.
  const [mantissa = '0', exponent = '0'] = value.toExponential().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const shift = Number(exponent) - fraction.length;
  const digits = BigInt(whole + fraction);
  return shift >= 0
    ? { num: digits * 10n ** BigInt(shift), den: 1n }
    : { num: digits, den: 10n ** BigInt(-shift) };
}

/** `num / den` (den > 0) rounded half up (towards +∞ on a tie) to an integer. */
function roundHalfUp(num: bigint, den: bigint): bigint {
  const twice = 2n * num + den;
  const q = twice / (2n * den);
  // BigInt division truncates towards zero; floor it for negative quotients.
  return twice % (2n * den) < 0n ? q - 1n : q;
}

/**
 * `part` of `whole` as a percentage, two decimals, half up; 0 when `whole` is not positive (an
 * empty assessment or a register with nothing to count). Exact for any decimal inputs.
 */
export function percentOf(part: number | bigint, whole: number | bigint): number {
  const p = exactFraction(part);
  const w = exactFraction(whole);
  if (w.num <= 0n) return 0;
  // part / whole × 100 × 10^decimals, as one fraction.
  const num = p.num * w.den * 100n * SCALE;
  const den = p.den * w.num;
  return Number(roundHalfUp(num, den)) / Number(SCALE);
}

/** A figure that is already a percentage (an average of shown percentages), two decimals, half up. */
export function roundPercent(value: number): number {
  return percentOf(value, 100);
}
