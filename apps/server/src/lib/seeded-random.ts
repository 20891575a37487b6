/**
 * mulberry32: a tiny seedable generator, the same sequence for a seed on every machine. For what
 * must be repeatable (fuzz cases, a stand-in's faults, drill kill moments, generated exports),
 * never for keys or codes (those use node:crypto).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
