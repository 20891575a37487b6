import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * The zod response serializer, except that a frozen payload is checked and encoded once per
 * route: services freeze the answers they cache and hand out again (a hot list page), and
 * re-checking an unchanged, immutable object on every request would cost more than reading it.
 * A frozen payload must be frozen all the way down (see `deepFreeze`).
 */
export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const encode = zodSerializerCompiler(route);
  const encoded = new WeakMap<object, string>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return encode(data);
    let json = encoded.get(data);
    if (json === undefined) {
      json = encode(data);
      encoded.set(data, json);
    }
    return json;
  };
};

/** Freezes an object graph of plain objects and arrays, so it can be shared between requests. */
export function deepFreeze<T>(value: T): Readonly<T> {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
