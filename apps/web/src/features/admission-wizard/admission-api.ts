import {
  ADMISSION_PUBLIC_PATHS,
  type admissionEndpoints,
  type EndpointInput,
  type EndpointResponse,
  fillPath,
} from '@batchwise/domain';
import { ApiError, apiFetch } from '../../lib/api';
import { type UploadOptions, uploadFile } from '../../lib/upload';

/**
 * The wizard's four calls, without the app's typed client (lib/api-client.ts): that one brings
 * TanStack Query and, through the endpoint contracts, zod, which a phone on a slow network should
 * not download for one form. Paths come from `ADMISSION_PUBLIC_PATHS`, the same ones the
 * contracts register; types come from the contracts as types only. Failures are the app's
 * `ApiError` (lib/api.ts), so `translateError` reads them as everywhere else.
 */

type Contracts = typeof admissionEndpoints;
type Answer<K extends keyof Contracts> = EndpointResponse<Contracts[K]>;
type Body<K extends keyof Contracts> = EndpointInput<Contracts[K]>['body'];

const at = (path: string, key: string) => fillPath(path, { key });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A network failure or a server error may pass; a 4xx answer (an unknown key) will not. */
export function retryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.status > 0 && error.status < 500);
}

/** The institution's page: tried up to three times (1 s, then 2 s apart) unless the key is refused. */
async function fetchInfo(key: string): Promise<Answer<'admissionPublicInfo'>> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await apiFetch<Answer<'admissionPublicInfo'>>(at(ADMISSION_PUBLIC_PATHS.info, key));
    } catch (error) {
      if (failures >= 2 || !retryable(error)) throw error;
      await sleep(1000 * 2 ** failures);
    }
  }
}

const infos = new Map<string, Promise<Answer<'admissionPublicInfo'>>>();
const loaded = new Map<string, Answer<'admissionPublicInfo'>>();
const failed = new Set<string>();

/**
 * The institution's page, fetched once per key and kept (it does not change while a family
 * fills the form); a failure is kept too, until `retry: true` asks again. The entry
 * (start-wizard.tsx) calls it before React starts, so the request runs alongside the code and
 * texts.
 */
export function loadAdmissionInfo(
  key: string,
  { retry = false }: { retry?: boolean } = {},
): Promise<Answer<'admissionPublicInfo'>> {
  const known = infos.get(key);
  if (known && !(retry && failed.has(key))) return known;
  failed.delete(key);
  const loading = fetchInfo(key);
  infos.set(key, loading);
  loading.then(
    (info) => loaded.set(key, info),
    () => failed.add(key),
  );
  return loading;
}

/** The institution's page when it has already arrived, so the first render can show it at once. */
export function loadedAdmissionInfo(key: string): Answer<'admissionPublicInfo'> | undefined {
  return loaded.get(key);
}

export function checkAdmissionPhone(
  key: string,
  body: Body<'admissionPhoneCheck'>,
): Promise<Answer<'admissionPhoneCheck'>> {
  return apiFetch(at(ADMISSION_PUBLIC_PATHS.phoneCheck, key), { method: 'POST', body });
}

export function submitAdmission(
  key: string,
  body: Body<'admissionSubmit'>,
): Promise<Answer<'admissionSubmit'>> {
  return apiFetch(at(ADMISSION_PUBLIC_PATHS.submit, key), { method: 'POST', body });
}

/** Multipart upload with progress (lib/upload.ts). */
export function uploadAdmissionPicture(
  key: string,
  file: Blob,
  options?: UploadOptions,
): Promise<Answer<'admissionPicture'>> {
  return uploadFile(at(ADMISSION_PUBLIC_PATHS.picture, key), file, options);
}
