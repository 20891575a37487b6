import type { KioskDevice } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api';
import { failureKind, fetchKioskDevice } from './kiosk-api';

const CACHE_KEY = 'batchwise.kiosk.device';

/**
 * The last device answer is kept, so a kiosk reloaded while the network is down (or restarted
 * after a power cut) still opens with its institution's name and keeps taking scans.
 */
function readCached(deviceKey: string): KioskDevice | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as {
      key: string;
      device: KioskDevice;
    } | null;
    return saved?.key === deviceKey ? saved.device : undefined;
  } catch {
    return undefined;
  }
}

function writeCached(deviceKey: string, device: KioskDevice | null): void {
  try {
    if (device) localStorage.setItem(CACHE_KEY, JSON.stringify({ key: deviceKey, device }));
    else localStorage.removeItem(CACHE_KEY);
  } catch {
    // Storage full or blocked: the kiosk works, it just cannot open offline.
  }
}

/** A key the server does not know, or a revoked device. */
export function isKeyRefusal(error: unknown): boolean {
  return failureKind(error) === 'key' || (error instanceof ApiError && error.status === 404);
}

/** Whose kiosk this is. Network trouble is retried for as long as it lasts; a bad key is final. */
export function useKioskDevice(deviceKey: string) {
  const query = useQuery({
    queryKey: ['kiosk-device', deviceKey],
    queryFn: () => fetchKioskDevice(deviceKey),
    enabled: deviceKey !== '',
    initialData: () => readCached(deviceKey),
    initialDataUpdatedAt: 0,
    staleTime: 0,
    retry: (_count, error) => !isKeyRefusal(error),
    retryDelay: (attempt) => Math.min(30_000, 1_000 * 2 ** attempt),
    refetchOnWindowFocus: false,
    // Try even when the browser says it is offline, so an uncached kiosk says it cannot connect
    // instead of waiting silently.
    networkMode: 'always',
  });
  const invalid = deviceKey === '' || (query.isError && isKeyRefusal(query.error));

  useEffect(() => {
    if (invalid && deviceKey) writeCached(deviceKey, null);
    else if (query.data && query.isSuccess && query.dataUpdatedAt > 0) writeCached(deviceKey, query.data);
  }, [deviceKey, invalid, query.data, query.isSuccess, query.dataUpdatedAt]);

  return {
    device: invalid ? undefined : query.data,
    invalid,
    /** No device yet and the server could not be reached (it keeps trying). */
    unreachable: !query.data && query.failureCount > 0 && !invalid,
  };
}
