import { describe, expect, it } from 'vitest';
import { FACE_DESCRIPTOR_LENGTH, faceDistance, matchFace } from './face-match';

const vec = (seed: number) =>
  Float32Array.from({ length: FACE_DESCRIPTOR_LENGTH }, (_, i) => Math.sin(seed * 31 + i) * 0.1);
const near = (v: Float32Array, by: number) => v.map((x, i) => (i === 0 ? x + by : x));

describe('matchFace', () => {
  const a = vec(1);
  const b = vec(2);
  const gallery = [
    { id: 'a', descriptors: [a, near(a, 0.05)] },
    { id: 'b', descriptors: [b] },
  ];

  it('names the nearest person within the threshold, with the distance', () => {
    expect(matchFace(near(a, 0.1), gallery, 0.5)).toEqual({ outcome: 'match', id: 'a', distance: 0.05 });
  });

  it('is not sure when no one is close enough', () => {
    const result = matchFace(vec(9), gallery, 0.2);
    expect(result.outcome).toBe('unsure');
  });

  it('is not sure between two look-alikes', () => {
    const twins = [
      { id: 'a', descriptors: [a] },
      { id: 'c', descriptors: [near(a, 0.02)] },
    ];
    expect(matchFace(near(a, 0.01), twins, 0.5).outcome).toBe('unsure');
  });

  it('is not sure with no one registered', () => {
    expect(matchFace(a, [], 0.5)).toEqual({ outcome: 'unsure', distance: null });
  });

  it('measures Euclidean distance', () => {
    expect(faceDistance([0, 3], [4, 0])).toBe(5);
  });
});
