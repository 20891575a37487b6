import { useCallback, useEffect, useState } from 'react';
import { loadAdmissionInfo, loadedAdmissionInfo } from './admission-api';
import type { AdmissionInfo } from './answers';

export type InfoState =
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'success'; readonly data: AdmissionInfo };

type Settled = { readonly key: string; readonly fetching: boolean } & InfoState;

/**
 * The institution's page for a key (admission-api.ts), and a retry after a failure. While a retry
 * runs, the failure stays on screen with its button disabled.
 */
export function useAdmissionInfo(key: string): InfoState & { fetching: boolean; retry: () => void } {
  const [settled, setSettled] = useState<Settled | null>(() => {
    const data = key ? loadedAdmissionInfo(key) : undefined;
    return data ? { key, fetching: false, status: 'success', data } : null;
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!key) return;
    let current = true;
    setSettled((old) => {
      if (old?.key !== key) return null;
      return old.status === 'success' ? old : { ...old, fetching: true };
    });
    loadAdmissionInfo(key, { retry: attempt > 0 }).then(
      (data) =>
        current &&
        setSettled((old) =>
          old?.status === 'success' && old.data === data
            ? old
            : { key, fetching: false, status: 'success', data },
        ),
      (error: unknown) => current && setSettled({ key, fetching: false, status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((old) => old + 1), []);
  if (!settled || settled.key !== key) return { status: 'pending', fetching: key !== '', retry };
  return { ...settled, retry };
}
