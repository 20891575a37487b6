// Face recognition's pure rules: descriptor shape, the default threshold and the match itself.
// The kiosk matches on the device against the account's registered faces (it keeps them
// offline like its punch queue); the server only checks shapes and stores sealed descriptors.

/** Length of one face descriptor (face-api's recognition model: 128 floats). */
export const FACE_DESCRIPTOR_LENGTH = 128;
/** Angles a registration takes (face straight, a little left, a little right…). */
export const FACE_ANGLES_MIN = 3;
export const FACE_ANGLES_MAX = 5;
/** Which model made the descriptors: a kiosk with another model must not compare them. */
export const FACE_MODEL = 'face-api-1.7-recognition-128';
/**
 * Euclidean distance at or under which a face is taken as a registered one. face-api's own
 * examples use 0.6; we start stricter so a wrong name is rarer than a "not sure".
 */
export const FACE_THRESHOLD_DEFAULT = 0.5;
export const FACE_THRESHOLD_MIN = 0.3;
export const FACE_THRESHOLD_MAX = 0.65;
/**
 * When a second person is this close to the best match, the kiosk says "not sure" instead of
 * picking one of two look-alikes.
 */
export const FACE_MARGIN = 0.04;
/** How long a registration link (`/create-face-recog-print?key=…&suid=…`) works. */
export const FACE_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

/** One person's registered descriptors, as the kiosk keeps them. */
export interface FaceGalleryEntry {
  id: string;
  descriptors: readonly ArrayLike<number>[];
}

export type FaceMatch =
  | { outcome: 'match'; id: string; distance: number }
  /** No one close enough, or two people about as close: nobody's name is shown. */
  | { outcome: 'unsure'; distance: number | null };

/** Euclidean distance between two descriptors of the same length. */
export function faceDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/**
 * The registered person a face is: the nearest of everyone's descriptors, when it is within the
 * threshold and no other person is within FACE_MARGIN of it.
 */
export function matchFace(
  probe: ArrayLike<number>,
  gallery: readonly FaceGalleryEntry[],
  threshold: number = FACE_THRESHOLD_DEFAULT,
): FaceMatch {
  // Squared distances, and a comparison stops as soon as it is farther than the runner-up: the
  // kiosk compares against thousands of descriptors for every face it sees.
  let best: { id: string; squared: number } | undefined;
  let second = Number.POSITIVE_INFINITY;
  for (const person of gallery) {
    let nearest = Number.POSITIVE_INFINITY;
    for (const d of person.descriptors)
      nearest = Math.min(nearest, squaredWithin(probe, d, Math.min(nearest, second)));
    if (!best || nearest < best.squared) {
      if (best) second = Math.min(second, best.squared);
      best = { id: person.id, squared: nearest };
    } else second = Math.min(second, nearest);
  }
  if (!best || !Number.isFinite(best.squared)) return { outcome: 'unsure', distance: null };
  const nearest = Math.sqrt(best.squared);
  const distance = round3(nearest);
  if (nearest > threshold || Math.sqrt(second) - nearest < FACE_MARGIN)
    return { outcome: 'unsure', distance };
  return { outcome: 'match', id: best.id, distance };
}

/** The squared distance, or Infinity once it exceeds `limit` (nothing nearer can come of it). */
function squaredWithin(a: ArrayLike<number>, b: ArrayLike<number>, limit: number): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
    if (sum > limit) return Number.POSITIVE_INFINITY;
  }
  return sum;
}

/** Distances are kept to three decimals: enough to tune a threshold by. */
export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
