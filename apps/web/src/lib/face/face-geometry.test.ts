import { describe, expect, it } from 'vitest';
import { headTurn, holdsPose, type Point, turnedBothWays } from './face-geometry';

/** 68 landmarks with the eyes at x 40 and 60 and the nose tip at `noseX`. */
function face(noseX: number): Point[] {
  const points: Point[] = Array.from({ length: 68 }, () => ({ x: 50, y: 50 }));
  for (let i = 36; i < 42; i++) points[i] = { x: 40, y: 40 };
  for (let i = 42; i < 48; i++) points[i] = { x: 60, y: 40 };
  points[30] = { x: noseX, y: 55 };
  return points;
}

describe('head pose', () => {
  it('measures the turn in eye-distances', () => {
    expect(headTurn(face(50))).toBe(0);
    expect(headTurn(face(54))).toBeCloseTo(0.2);
    expect(headTurn(face(46))).toBeCloseTo(-0.2);
  });

  it('asks for straight, then each side from the straight capture', () => {
    expect(holdsPose('straight', 0.02, null)).toBe(true);
    expect(holdsPose('straight', 0.2, null)).toBe(false);
    expect(holdsPose('left', 0.03, 0.01)).toBe(false);
    expect(holdsPose('left', -0.1, 0.01)).toBe(true);
    expect(holdsPose('right', -0.12, 0.01, -0.1)).toBe(false);
    expect(holdsPose('right', 0.1, 0.01, -0.1)).toBe(true);
  });

  it('sees a turn both ways as alive', () => {
    expect(turnedBothWays(0, [-0.1, 0.1])).toBe(true);
    expect(turnedBothWays(0, [-0.1, -0.2])).toBe(false);
  });
});
