import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('gives unique, time-ordered ULIDs, also within one millisecond', () => {
    const now = Date.now();
    const ids = Array.from({ length: 5000 }, (_, i) => newId(now + Math.floor(i / 1000)));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('spreads the random part over every character of the alphabet', () => {
    const seen = new Set<string>();
    // Ids of different milliseconds each draw a fresh random part (the last 16 characters).
    for (let i = 0; i < 2000; i++) for (const c of newId(1_000_000 + i * 1000).slice(10)) seen.add(c);
    expect(seen.size).toBe(32);
  });
});
