// Head pose from face-api's 68 landmarks (points 36–41 and 42–47 are the eyes, 30 the nose tip),
// for the registration page's angles and its head-turn liveness check. Pure, so it is tested
// directly (face-geometry.test.ts).

export interface Point {
  x: number;
  y: number;
}

const mean = (points: readonly Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

/**
 * How far the head is turned: the nose tip's offset from the point between the eyes, along the
 * line through the eyes (so a tilted head reads the same), in eye-distances. About 0 facing the
 * camera; negative when the nose moves towards the image's left eye.
 */
export function headTurn(landmarks: readonly Point[]): number {
  const left = mean(landmarks.slice(36, 42));
  const right = mean(landmarks.slice(42, 48));
  const nose = landmarks[30]!;
  const dx = right.x - left.x;
  const dy = right.y - left.y;
  const eyes = Math.hypot(dx, dy) || 1;
  return ((nose.x - (left.x + right.x) / 2) * dx + (nose.y - (left.y + right.y) / 2) * dy) / (eyes * eyes);
}

/** The angles registration asks for, in order: straight, then each way a little. */
export const FACE_POSES = ['straight', 'left', 'right'] as const;
export type FacePose = (typeof FACE_POSES)[number];

/** Turn (headTurn) a pose needs: straight is near 0, a side turn is clearly off it. */
const STRAIGHT_MAX = 0.08;
const SIDE_MIN = 0.06;

/**
 * Whether a face holds the pose asked for. Side poses are measured from the straight capture, so
 * a face that looks a little sideways at rest still has to turn; which way the mirror image
 * makes "left" does not matter, only that left and right go opposite ways.
 */
export function holdsPose(pose: FacePose, turn: number, straight: number | null, other?: number): boolean {
  if (pose === 'straight') return Math.abs(turn) <= STRAIGHT_MAX;
  if (straight === null) return false;
  const off = turn - straight;
  if (Math.abs(off) < SIDE_MIN) return false;
  // The second side must go the other way from the first.
  return other === undefined || Math.sign(off) !== Math.sign(other - straight);
}

/**
 * The head-turn liveness check: the captures span both sides of the straight one. A flat photo
 * held up and tilted rarely moves the nose against the eyes both ways.
 */
export function turnedBothWays(straight: number, sides: readonly number[]): boolean {
  return sides.some((t) => t - straight <= -SIDE_MIN) && sides.some((t) => t - straight >= SIDE_MIN);
}
