/** Time as a dependency, so services and tests agree on "now". */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
