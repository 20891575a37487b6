import { classroomEndpoints, studentEndpoints } from '@batchwise/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, queryKeyOf, refresh, urlOf } from './api-client';

describe('the typed client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds the URL from the contract: encoded params, empty query values left out', () => {
    expect(
      urlOf(studentEndpoints.list, {
        params: { accountId: 'a/1' },
        query: { q: 'রহিম', page: 2, classroomId: '' },
      }),
    ).toBe('/api/accounts/a%2F1/students?q=%E0%A6%B0%E0%A6%B9%E0%A6%BF%E0%A6%AE&page=2');
  });

  it("sends the contract's method and body, and answers the server's JSON", async () => {
    const fetch = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetch);
    const body = { name: 'Arif', phone: '01711111111' };
    await expect(
      call(studentEndpoints.save, { params: { accountId: 'a1', studentId: 's1' }, body }),
    ).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/accounts/a1/students/s1');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it("refreshes one account's queries of a resource and leaves other accounts' alone", async () => {
    const client = new QueryClient();
    const keys = {
      list: queryKeyOf(studentEndpoints.list, { params: { accountId: 'a1' }, query: { page: 1 } }),
      detail: queryKeyOf(studentEndpoints.detail, { params: { accountId: 'a1', studentId: 's1' } }),
      other: queryKeyOf(studentEndpoints.list, { params: { accountId: 'a2' }, query: { page: 1 } }),
      rooms: queryKeyOf(classroomEndpoints.list, { params: { accountId: 'a1' } }),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
    await refresh(client, 'students', { accountId: 'a1' });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(keys.list)).toBe(true);
    expect(stale(keys.detail)).toBe(true);
    expect(stale(keys.other)).toBe(false);
    expect(stale(keys.rooms)).toBe(false);
  });
});
