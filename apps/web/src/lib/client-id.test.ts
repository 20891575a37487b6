import { describe, expect, it } from 'vitest';
import { newClientId } from './client-id';

describe('newClientId', () => {
  it('uses randomUUID when the context has it', () => {
    expect(newClientId({ randomUUID: () => 'x-y-z-w-v', getRandomValues: (a) => a })).toBe('x-y-z-w-v');
  });

  it('builds a version 4 UUID from random bytes without it', () => {
    const bytesOnly = { getRandomValues: (a: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(a) };
    expect(newClientId(bytesOnly)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(new Set(Array.from({ length: 100 }, () => newClientId(bytesOnly))).size).toBe(100);
  });
});
