/** A server-sent live update: which cached queries went stale. */
export interface LiveEvent {
  type: string;
  queryKeys?: string[][];
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((part) => typeof part === 'string');
}

/** Parses one SSE `data:` payload; anything malformed is dropped, never thrown into React. */
export function parseLiveEvent(data: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { type, queryKeys } = value as Record<string, unknown>;
  if (typeof type !== 'string') return null;
  const keys = Array.isArray(queryKeys) ? queryKeys.filter(isStringArray) : undefined;
  return keys ? { type, queryKeys: keys } : { type };
}
