import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze, serializerCompiler } from './serializer';

describe('serializerCompiler', () => {
  const route = (schema: z.ZodType) =>
    serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

  it('checks and encodes a frozen payload once, and anything else every time', () => {
    let checks = 0;
    const serialize = route(
      z.object({
        name: z.string().refine(() => {
          checks++;
          return true;
        }),
      }),
    );
    const shared = deepFreeze({ name: 'Rafi' });
    expect(serialize(shared)).toBe('{"name":"Rafi"}');
    expect(serialize(shared)).toBe('{"name":"Rafi"}');
    expect(checks).toBe(1);

    const fresh = { name: 'Sadia' };
    serialize(fresh);
    fresh.name = 'Tasnim';
    expect(serialize(fresh)).toBe('{"name":"Tasnim"}');
    expect(checks).toBe(3);
  });

  it('still refuses a frozen payload that breaks the schema', () => {
    const serialize = route(z.object({ count: z.number() }));
    expect(() => serialize(deepFreeze({ count: 'many' }))).toThrow();
  });
});

describe('deepFreeze', () => {
  it('freezes nested objects and arrays', () => {
    const page = deepFreeze({ items: [{ classrooms: [{ name: 'Batch 1' }] }] });
    expect(Object.isFrozen(page.items)).toBe(true);
    expect(Object.isFrozen(page.items[0]!.classrooms[0])).toBe(true);
  });
});
