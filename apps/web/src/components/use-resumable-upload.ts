import { CSRF_HEADER, UPLOAD_METADATA, UPLOAD_PATHS, type UploadPurpose } from '@batchwise/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DetailedError, Upload } from 'tus-js-client';
import { ApiError, NETWORK_ERROR, toApiError } from '../lib/api';

export type ResumableUploadState = 'idle' | 'uploading' | 'paused' | 'done' | 'error';

export interface ResumableUploadOptions {
  accountId: string;
  purpose: UploadPurpose;
  /** The signed-in user: the resume point is kept per user, so a shared computer never mixes two. */
  userId: string;
  onDone?: (upload: { uploadId: string; fileName: string }) => void;
}

/**
 * Large uploads in parts that survive a dropped connection and a closed tab (tus 1.0 through
 * tus-js-client; the server is modules/uploads). Picking the same file again later resumes where
 * it stopped: tus-js-client keeps each upload's address in localStorage under a fingerprint of the
 * file, the user, the account and the purpose. Retries wait longer each time.
 */
export function useResumableUpload(options: ResumableUploadOptions) {
  const [state, setState] = useState<ResumableUploadState>('idle');
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<ApiError | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const upload = useRef<Upload | null>(null);
  const latest = useRef(options);
  latest.current = options;

  // Leaving the page pauses (the server keeps the bytes; the next pick resumes).
  useEffect(() => () => void upload.current?.abort(), []);

  const start = useCallback(async (file: File) => {
    const { accountId, purpose, userId } = latest.current;
    await upload.current?.abort();
    setError(null);
    setPercent(0);
    setFileName(file.name);
    setState('uploading');
    const tus: Upload = new Upload(file, {
      endpoint: UPLOAD_PATHS.create,
      // Parts of 32 MB: a dropped connection loses at most one part, and proxies take each.
      chunkSize: 32 * 1024 * 1024,
      retryDelays: [0, 3000, 5000, 10000, 20000],
      headers: { [CSRF_HEADER]: '1' },
      metadata: {
        [UPLOAD_METADATA.accountId]: accountId,
        [UPLOAD_METADATA.purpose]: purpose,
        [UPLOAD_METADATA.fileName]: file.name,
        [UPLOAD_METADATA.fileType]: file.type || 'application/octet-stream',
      },
      fingerprint: async (f: File) =>
        ['batchwise', userId, accountId, purpose, f.name, f.type, f.size, f.lastModified].join('-'),
      removeFingerprintOnSuccess: true,
      // The server's refusals (size, quota, type, another account) are final: no retry.
      onShouldRetry: (err) => {
        const status = err instanceof DetailedError ? (err.originalResponse?.getStatus() ?? 0) : 0;
        return status === 0 || status === 409 || status === 423 || status >= 500;
      },
      onProgress: (sent, total) => setPercent(total > 0 ? Math.floor((sent * 100) / total) : 0),
      onError: (err) => {
        setError(apiErrorOf(err));
        setState('error');
      },
      onSuccess: () => {
        setPercent(100);
        setState('done');
        const uploadId = tus.url?.split('/').pop() ?? '';
        latest.current.onDone?.({ uploadId, fileName: file.name });
      },
    });
    upload.current = tus;
    const previous = await tus.findPreviousUploads();
    if (previous[0]) tus.resumeFromPreviousUpload(previous[0]);
    tus.start();
  }, []);

  const pause = useCallback(() => {
    void upload.current?.abort();
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    if (!upload.current) return;
    setError(null);
    setState('uploading');
    upload.current.start();
  }, []);

  const reset = useCallback(() => {
    void upload.current?.abort();
    upload.current = null;
    setState('idle');
    setPercent(0);
    setError(null);
    setFileName(null);
  }, []);

  return { state, percent, error, fileName, start, pause, resume, reset };
}

/** A tus failure as the API's error: the server's JSON body when it sent one. */
function apiErrorOf(error: Error): ApiError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  if (!response || status === 0) return new ApiError(0, NETWORK_ERROR, 'The server could not be reached.');
  let body: unknown;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    body = response.getBody();
  }
  return toApiError(status, body);
}
