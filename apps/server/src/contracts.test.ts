import type { Endpoint } from '@batchwise/domain';
import * as domain from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/test-deps';

/** Routes that are not part of the product's API: the reference UI and its document. */
const NOT_CONTRACTS = ['/api/docs', '/api/openapi.json'];

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value
  );
}

/** Every endpoint contract the domain package exports, alone or in a group (`…Endpoints`). */
function contracts(): Endpoint[] {
  return Object.values(domain).flatMap((value) => {
    if (isEndpoint(value)) return [value];
    if (typeof value !== 'object' || value === null) return [];
    return Object.values(value).filter(isEndpoint);
  });
}

// Data path: each endpoint is described once (packages/domain/src/endpoints) and the server
// registers exactly what the description says.
describe('endpoint contracts', () => {
  const ctx = useTestApp('sqlite');

  it('registers every /api route from a contract, with the access rule the contract declares', () => {
    const described = new Map(contracts().map((e) => [`${e.method} ${e.path}`, e]));
    const routes = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !NOT_CONTRACTS.some((prefix) => r.url.startsWith(prefix)),
    );
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const contract = described.get(`${route.method} ${route.url}`);
      expect(contract, `${route.method} ${route.url} has a contract`).toBeDefined();
      expect(route.access, `${route.method} ${route.url}`).toEqual(contract?.access);
    }
  });

  it('has no contract without its route, and no two contracts for one route', () => {
    const all = contracts().filter((e) => e.access !== 'dev' || ctx.deps.config.devOutbox);
    const keys = all.map((e) => `${e.method} ${e.path}`);
    const registered = new Set(ctx.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(registered.has(key), `${key} is registered`).toBe(true);
  });
});
