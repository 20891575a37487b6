import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/**
 * Client errors (4xx) are answers, not glitches: retrying them only delays the message. Live
 * updates invalidate queries, so data may stay fresh for a while without polling.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}
