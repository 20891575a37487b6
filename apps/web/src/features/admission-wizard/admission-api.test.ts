import { admissionEndpoints } from '@batchwise/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { checkAdmissionPhone, loadAdmissionInfo, retryable, submitAdmission } from './admission-api';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A stand-in for fetch that records each call and answers with the given responses in turn. */
function stubFetch(...responses: Response[]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => responses.shift() ?? answer(200, {}));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the wizard calls', () => {
  it('use the paths and methods of the endpoint contracts, the key encoded', async () => {
    const fetch = stubFetch(answer(200, { duplicate: false }), answer(201, { id: 'app-1' }));
    await checkAdmissionPhone('a b', { phone: '+8801712345678' });
    await submitAdmission('a b', { name: 'Rafi', phone: '+8801712345678', details: 'Class 9' });
    const fill = (path: string) => path.replace(':key', 'a%20b');
    expect(fetch.mock.calls.map(([url, init]) => [init?.method, url])).toEqual([
      [admissionEndpoints.admissionPhoneCheck.method, fill(admissionEndpoints.admissionPhoneCheck.path)],
      [admissionEndpoints.admissionSubmit.method, fill(admissionEndpoints.admissionSubmit.path)],
    ]);
    // Writes carry the CSRF header, as every other call of the app (lib/api.ts).
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ 'x-batchwise-csrf': '1' });
  });

  it('load the institution once per key, and ask again when retried after a failure', async () => {
    const fetch = stubFetch(
      answer(404, { error: { code: 'NOT_FOUND', message: 'no' } }),
      answer(200, { institution: 'Alo' }),
    );
    const refused = await loadAdmissionInfo('k1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(404);
    // The failure is kept (a second caller shares it) until a retry asks again.
    expect(await loadAdmissionInfo('k1').catch((error: unknown) => error)).toBe(refused);
    expect(await loadAdmissionInfo('k1', { retry: true })).toEqual({ institution: 'Alo' });
    expect(await loadAdmissionInfo('k1', { retry: true })).toEqual({ institution: 'Alo' });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      admissionEndpoints.admissionPublicInfo.path.replace(':key', 'k1'),
      admissionEndpoints.admissionPublicInfo.path.replace(':key', 'k1'),
    ]);
  });

  it('retry the institution twice after network or server failures, never after a 4xx', async () => {
    vi.useFakeTimers();
    const fetch = stubFetch(answer(503, {}), answer(502, {}), answer(200, { institution: 'Alo' }));
    const loading = loadAdmissionInfo('k2');
    await vi.runAllTimersAsync();
    expect(await loading).toEqual({ institution: 'Alo' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(retryable(new ApiError(0, 'NETWORK_ERROR', ''))).toBe(true);
    expect(retryable(new ApiError(500, 'INTERNAL', ''))).toBe(true);
    expect(retryable(new ApiError(404, 'NOT_FOUND', ''))).toBe(false);
  });
});
