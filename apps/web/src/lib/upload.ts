import { CSRF_HEADER } from '@batchwise/domain';
import { ApiError, NETWORK_ERROR, toApiError } from './api';

export interface UploadOptions {
  /** Multipart field name; the server reads `file`. */
  field?: string;
  /** Percent of the request body sent so far, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends one file as multipart/form-data. XMLHttpRequest rather than fetch, because only it
 * reports upload progress; errors become the same `ApiError` as every other call.
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const form = new FormData();
  form.append(options.field ?? 'file', file);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader(CSRF_HEADER, '1');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded * 100) / event.total)));
      }
    });
    request.addEventListener('load', () => {
      const body = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(100);
        resolve(body as T);
      } else reject(toApiError(request.status, body));
    });
    request.addEventListener('error', () =>
      reject(new ApiError(0, NETWORK_ERROR, 'The server could not be reached.')),
    );
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
