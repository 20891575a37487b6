import { seededRandom } from '../../../apps/server/src/lib/seeded-random';

/** A small seeded generator (mulberry32): the same seed gives the same kill moments and data. */
export class Random {
  /** A float in [0, 1). */
  readonly next: () => number;

  constructor(readonly seed: number) {
    this.next = seededRandom(seed);
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
